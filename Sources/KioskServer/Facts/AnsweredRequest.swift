import KioskCore
import KioskRecords
import KioskText

/// How a request that carried an `Idempotency-Key` was answered: kept in the journal, in the
/// same record as what the request did, so a retry gets the same answer and never does it
/// twice — after a restart too, and from another process on the state.
///
/// ```
/// 72 request answered  key:string time:zigzag request:string status:varint body:string
/// ```
public struct AnsweredRequest: RecordedFact {
    /// The client's key, as it sent it.
    public let key: String
    /// When the request was answered, on the kiosk's clock: keys expire a day later.
    public let time: Timestamp
    /// What the request was — its method, path and body — so the same key with another
    /// request is told apart from a retry.
    public let request: String
    /// The HTTP status it was answered with.
    public let status: Int
    public let body: String

    public init(key: String, time: Timestamp, request: String, status: Int, body: String) {
        self.key = key
        self.time = time
        self.request = request
        self.status = status
        self.body = body
    }

    package static let code: UInt8 = 72
    package static let name = "request.answered"

    /// Its time relative to `time`: in a record, the record's; in a snapshot, 1970.
    package func encode(into writer: inout ByteWriter, at time: Timestamp) {
        writer.string(key)
        writer.time(self.time, at: time)
        writer.string(request)
        writer.varint(UInt64(clamping: status))
        writer.string(body)
    }

    package static func decode(from reader: inout ByteReader, in record: inout FactContext) throws(RecordDecodingError) -> AnsweredRequest {
        let key = try reader.string()
        let time = try reader.time(in: record)
        let request = try reader.string()
        guard let status = Int(exactly: try reader.varint()), (100...599).contains(status) else { throw .malformed("an HTTP status out of range") }
        return AnsweredRequest(key: key, time: time, request: request, status: status, body: try reader.string())
    }

    package func dump(into writer: inout JSONWriter) {
        writer.field("key", key)
        writer.key("time")
        writer.timestamp(time)
        writer.field("request", request)
        writer.field("status", status)
        writer.field("body", body)
    }
}

extension JournalEntry {
    public static func requestAnswered(_ answer: AnsweredRequest) -> JournalEntry {
        .fact(Fact(answer))
    }
}

extension RecordFormat {
    /// The server's records: the requests it answered under an `Idempotency-Key`.
    public static let server = RecordFormat(facts: [AnsweredRequest.self], folds: [AnsweredRequests.self])
}
