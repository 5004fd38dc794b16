import Glibc
import Synchronization

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

    /// Makes a write to a pipe or socket whose reader has gone fail with `EPIPE`, which
    /// kiosk handles, instead of killing the process with SIGPIPE.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Makes writes past the file size limit (`ulimit -f`) fail with `EFBIG`, like a full
    /// disk, instead of killing the process with SIGXFSZ.
    public static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    private static let termination = Atomic<Int32>(0)

    /// Makes SIGTERM — and with `interrupt`, SIGINT — ask for a clean stop instead of
    /// killing the process: the handler only records the signal, and a blocked read
    /// returns (no `SA_RESTART`) so whoever reads can see it and stop.
    public static func watchTermination(interrupt: Bool) {
        _ = termination.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            Signals.termination.store(number, ordering: .relaxed)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in interrupt ? [SIGTERM, SIGINT] : [SIGTERM] {
            sigaction(number, &action, nil)
            sigaddset(&unblock, number)
        }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal that asked for a stop, if one did.
    public static var terminationSignal: Int32? {
        let number = termination.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// How many SIGHUPs arrived so far.
    public static var hangupCount: Int { hangups.load(ordering: .relaxed) }
}
