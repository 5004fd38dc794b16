import CKioskSystem
import Glibc
import Synchronization

/// The signals kiosk acts on. SIGHUPs and SIGUSR1s are counted, as daemons use them:
/// SIGUSR1 asks log sinks to reopen their files (after a log rotation) and nothing else;
/// SIGHUP asks the session to reload its menu, and log sinks to reopen too. Their handlers
/// are C, installed by the `kiosk` executable's first constructor (Sources/CKioskStart),
/// before any Swift code runs, and only bump counters; whoever cares compares them with
/// the counts they last saw, between two pieces of work, so a signal never cuts one short.
/// In other programs (the tests, kiosk-bench) nothing counts them and the counts stay 0.
public enum Signals {
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

    /// How many SIGHUPs arrived since the process started.
    public static var hangupCount: Int { kiosk_hangup_count() }

    /// How many SIGHUPs and SIGUSR1s arrived since the process started: each asks log files
    /// to be reopened.
    public static var reopenCount: Int { kiosk_reopen_count() }
}
