#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts detached threads that run a closure: the workers of sinks.
public enum WorkerThread {
    private final class Work {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Runs `body` on a new thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
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
