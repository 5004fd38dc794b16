import KioskCore
import KioskRecords
import KioskText

/// The requests answered under an `Idempotency-Key` in the last day: the fold of the
/// journal's `AnsweredRequest` facts.
///
/// In a snapshot, section 3, written when it holds any:
/// ```
/// answers = count (key:string time:zigzag request:string status:varint body:string)*
/// ```
public struct AnsweredRequests: RecordedFold {
    /// How long a key is remembered, in milliseconds of the kiosk's clock.
    public static let lifetime: Int64 = 24 * 60 * 60 * 1000

    private var byKey: [String: AnsweredRequest] = [:]
    /// The keys in the order they were answered: the oldest expire first.
    private var order: [String] = []
    private var head = 0

    public init() {}

    /// The answers held, oldest first.
    public var answers: [AnsweredRequest] {
        order[head...].compactMap { byKey[$0] }
    }

    public var isEmpty: Bool { byKey.isEmpty }

    /// The answer given under `key`, unless it expired by `time`.
    public func answer(for key: String, at time: Timestamp) -> AnsweredRequest? {
        guard let answer = byKey[key], !AnsweredRequests.hasExpired(answer, at: time) else { return nil }
        return answer
    }

    public mutating func apply(_ record: JournalRecord) {
        for case .fact(let fact) in record.entries {
            if let answer = fact.as(AnsweredRequest.self) { remember(answer) }
        }
        forget(expiredBy: record.time)
    }

    /// Keeps `answer` (a later answer under a key replaces the earlier, which had expired).
    public mutating func remember(_ answer: AnsweredRequest) {
        if byKey.updateValue(answer, forKey: answer.key) != nil { order.removeAll { $0 == answer.key } }
        order.append(answer.key)
    }

    /// Forgets the answers that expired by `time`.
    public mutating func forget(expiredBy time: Timestamp) {
        while head < order.count, let oldest = byKey[order[head]], AnsweredRequests.hasExpired(oldest, at: time) {
            byKey[order[head]] = nil
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    private static func hasExpired(_ answer: AnsweredRequest, at time: Timestamp) -> Bool {
        let (age, overflow) = time.millisecondsSince1970.subtractingReportingOverflow(answer.time.millisecondsSince1970)
        return !overflow && age >= lifetime
    }

    public static func == (lhs: AnsweredRequests, rhs: AnsweredRequests) -> Bool {
        lhs.answers == rhs.answers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(answers)
    }

    // MARK: In a snapshot

    package static let place = SnapshotPlace.section(3)

    package func encode(into writer: inout ByteWriter) {
        let answers = answers
        writer.varint(UInt64(answers.count))
        for answer in answers { answer.encode(into: &writer, at: Timestamp(millisecondsSince1970: 0)) }
    }

    package static func decode(from reader: inout ByteReader, in snapshot: inout FactContext) throws(RecordDecodingError) -> AnsweredRequests {
        var answers = AnsweredRequests()
        for _ in 0..<(try reader.count(minimumBytes: 5)) {
            answers.remember(try AnsweredRequest.decode(from: &reader, in: &snapshot))
        }
        return answers
    }

    package func dump(into writer: inout JSONWriter) {
        guard !isEmpty else { return }
        writer.array("answers", objects: answers) { writer, answer in answer.dump(into: &writer) }
    }
}
