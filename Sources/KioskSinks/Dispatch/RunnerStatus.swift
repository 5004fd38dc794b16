import Synchronization

/// A background sink's status, shared by the parts of its runner — each writes the fields
/// of its own job — and read by `sinks` from another thread.
final class RunnerStatus: Sendable {
    private let status: Mutex<SinkStatus>

    init(_ status: SinkStatus) {
        self.status = Mutex(status)
    }

    var value: SinkStatus { status.withLock { $0 } }

    func update(_ change: (inout SinkStatus) -> Void) {
        status.withLock { change(&$0) }
    }

    func count(delivered: Int) {
        guard delivered > 0 else { return }
        status.withLock { $0.delivered += delivered }
    }
}
