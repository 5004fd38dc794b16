import Glibc
import Synchronization

/// Counts SIGHUPs and SIGUSR1s, for the parts of kiosk that act on them, as daemons do:
/// SIGUSR1 asks log sinks to reopen their files (after a log rotation) and nothing else;
/// SIGHUP asks the session to reload its menu, and log sinks to reopen too. A handler only
/// bumps counters; whoever cares compares them with the counts they last saw, between two
/// pieces of work, so a signal never cuts one short.
public enum Signals {
    private static let hangups = Atomic<Int>(0)
    private static let reopens = Atomic<Int>(0)

    /// Installs the SIGHUP and SIGUSR1 handlers. Called first thing in `main`, before the
    /// menu is read: their default action kills the process, and a SIGHUP sent by a
    /// supervisor while kiosk starts must not. Later calls change nothing.
    public static func watchHangups() {
        _ = hangups.load(ordering: .relaxed)
        _ = reopens.load(ordering: .relaxed)
        var hangup = sigaction()
        hangup.__sigaction_handler.sa_handler = { _ in
            Signals.hangups.wrappingAdd(1, ordering: .relaxed)
            Signals.reopens.wrappingAdd(1, ordering: .relaxed)
        }
        sigemptyset(&hangup.sa_mask)
        hangup.sa_flags = SA_RESTART
        sigaction(SIGHUP, &hangup, nil)
        var reopen = sigaction()
        reopen.__sigaction_handler.sa_handler = { _ in
            Signals.reopens.wrappingAdd(1, ordering: .relaxed)
        }
        sigemptyset(&reopen.sa_mask)
        reopen.sa_flags = SA_RESTART
        sigaction(SIGUSR1, &reopen, nil)
        // A parent may have started us with them blocked; they would then never arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGHUP)
        sigaddset(&unblock, SIGUSR1)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
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

    /// How many SIGHUPs and SIGUSR1s arrived so far: each asks log files to be reopened.
    public static var reopenCount: Int { reopens.load(ordering: .relaxed) }
}
