import CKioskSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts detached threads that run a closure: the workers of sinks.
public enum WorkerThread {
    private final class Work {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new thread named `name` (its first 15 bytes show in `top -H`).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            kiosk_name_thread(work.name)
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
