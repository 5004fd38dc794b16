import CKioskSystem
import Glibc

/// Starts detached threads that run a closure: the workers of sinks.
public enum WorkerThread {
    /// A background thread's nice value (at least): it gets the CPU when the order path
    /// does not want it, and so do the programs it starts.
    public static let backgroundNiceness: Int32 = 10

    private final class Work {
        let name: String
        let background: Bool
        let body: @Sendable () -> Void

        init(name: String, background: Bool, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.background = background
            self.body = body
        }
    }

    /// Runs `body` on a new thread named `name` (its first 15 bytes show in `top -H`);
    /// with `background`, below the priority of the thread that takes orders.
    public static func start(name: String, background: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(name: name, background: background, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            kiosk_name_thread(work.name)
            // Best effort: a thread that keeps its priority still works.
            if work.background { _ = kiosk_lower_thread_priority(WorkerThread.backgroundNiceness) }
            work.body()
            return nil
        }, work)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread: run it here rather than lose the work.
            Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
        }
    }
}
