/// Events sinks gave up on, by sink: the fold of `deliveryFailed`, `retryRequested` and
/// `deliveryResolved` entries. An event stays here until a retry delivers it, so a kill at
/// any moment of a retry loses none of them.
public struct DeliveryFailures: Sendable, Hashable {
    /// One event a sink could not deliver.
    public struct Failure: Sendable, Hashable {
        public let event: Event
        public var reason: String
        /// `sinks retry` asked for it to be sent again, and it has not been yet.
        public var retrying: Bool

        public init(event: Event, reason: String, retrying: Bool = false) {
            self.event = event
            self.reason = reason
            self.retrying = retrying
        }
    }

    /// By sink name, each in the order the failures happened.
    public private(set) var bySink: [String: [Failure]] = [:]

    public init() {}

    public init(bySink: [String: [Failure]]) {
        self.bySink = bySink.filter { !$0.value.isEmpty }
    }

    public func failures(of sink: String) -> [Failure] {
        bySink[sink] ?? []
    }

    public var isEmpty: Bool { bySink.isEmpty }

    public mutating func apply(_ record: JournalRecord) {
        for entry in record.entries { apply(entry) }
    }

    public mutating func apply(_ entry: JournalEntry) {
        switch entry {
        case .deliveryFailed(let sink, let event, let reason):
            var list = bySink[sink] ?? []
            if let index = list.firstIndex(where: { $0.event.id == event.id }) {
                list[index].reason = reason
                list[index].retrying = false
            } else {
                list.append(Failure(event: event, reason: reason))
            }
            bySink[sink] = list
        case .retryRequested(let sink):
            guard var list = bySink[sink] else { return }
            for index in list.indices { list[index].retrying = true }
            bySink[sink] = list
        case .deliveryResolved(let sink, let id):
            guard var list = bySink[sink] else { return }
            list.removeAll { $0.event.id == id }
            bySink[sink] = list.isEmpty ? nil : list
        case .event, .stockDeclared, .profileChanged, .requestAnswered:
            break
        }
    }

    /// Forgets a sink's failures (its cursor was dropped with it).
    public mutating func remove(sink: String) {
        bySink[sink] = nil
    }
}
