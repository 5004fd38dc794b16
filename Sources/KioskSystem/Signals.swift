import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Counts SIGHUPs, for the parts of kiosk that act on one: log sinks reopen their files,
/// the session reloads its menu. A handler only bumps a counter; whoever cares compares it
/// with the count they last saw.
public enum Signals {
    private static let hangups = Atomic<Int>(0)

    /// Installs the SIGHUP handler (once; later calls do nothing).
    public static func watchHangups() {
        _ = hangups.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Signals.hangups.wrappingAdd(1, ordering: .relaxed)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGHUP, &action, nil)
        // A parent may have started us with SIGHUP blocked; it would then never arrive.
        var hangup = sigset_t()
        sigemptyset(&hangup)
        sigaddset(&hangup, SIGHUP)
        sigprocmask(SIG_UNBLOCK, &hangup, nil)
    }

    /// Makes writes past the file size limit (`ulimit -f`) fail with `EFBIG`, like a full
    /// disk, instead of killing the process with SIGXFSZ.
    public static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// How many SIGHUPs arrived so far.
    public static var hangupCount: Int { hangups.load(ordering: .relaxed) }
}
