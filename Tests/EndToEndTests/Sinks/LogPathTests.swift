import Foundation
import KioskTestSupport
import Testing

/// A log path that names no regular file — a FIFO, a device, a directory — never holds
/// kiosk up: it is refused at start, naming the path and what it is; a log swapped for a
/// FIFO while kiosk runs is a failure of that sink alone, the orders still answered; and
/// SIGTERM ends kiosk at any moment, by the flush deadline.
///
/// The time bounds are tens of seconds where kiosk takes milliseconds, or the one-second
/// flush deadline: a machine busy with other builds stays far below them, while a kiosk
/// stuck in `open` on a FIFO never ends at all.
@Suite struct LogPathTests {
    enum Target: String, CaseIterable, Sendable {
        case fifo, symbolicLinkToAFIFO, directory, devNull, devFull

        /// Makes the target in `scratch`; its path, and what kiosk says it is.
        func make(in scratch: ScratchDirectory) throws -> (path: String, what: String) {
            switch self {
            case .fifo:
                let path = scratch.path("kiosk.jsonl")
                #expect(mkfifo(path, 0o600) == 0)
                return (path, "is a FIFO, not a file")
            case .symbolicLinkToAFIFO:
                let fifo = scratch.path("events.fifo")
                #expect(mkfifo(fifo, 0o600) == 0)
                let path = scratch.path("kiosk.jsonl")
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo)
                return (path, "is a FIFO, not a file")
            case .directory:
                let path = scratch.path("logs")
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                return (path, "is a directory")
            case .devNull:
                return ("/dev/null", "is a device, not a file")
            case .devFull:
                return ("/dev/full", "is a device, not a file")
            }
        }
    }

    @Test(arguments: Target.allCases)
    func aLogPathThatIsNotARegularFileIsRefusedAtStartNamingWhatItIs(target: Target) throws {
        let scratch = try ScratchDirectory()
        let (path, what) = try target.make(in: scratch)
        var kiosk = KioskProcess("--sink", "log path \"\(path)\"", "-c", "order mango juice")
        kiosk.timeout = .seconds(30)
        let result = try kiosk.run()
        #expect(result.status == 64)
        #expect(result.stdout == "", "no order ran")
        #expect(result.stderr == "kiosk: --sink:1:1: error: 'log' sink: cannot log to '\(path)': it \(what); a log sink appends to regular files only\n")
    }

    @Test func aMenuLogSinkOnAFIFOIsRefusedAsAnErrorOfTheMenu() throws {
        let scratch = try ScratchDirectory()
        #expect(mkfifo(scratch.path("events"), 0o600) == 0)
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 10\nitem \"Mango Juice\" needs mango 3\nsink log path \"events\"\n")
        var kiosk = KioskProcess("--menu", menu, "-c", "order mango juice")
        kiosk.timeout = .seconds(30)
        let result = try kiosk.run()
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "kiosk: \(menu):3:1: error: 'log' sink: cannot log to '\(scratch.path("events"))': it is a FIFO, not a file; a log sink appends to regular files only\n")
    }

    /// SIGTERM sent once kiosk catches it, that is while it makes its sinks or just after.
    @Test func sigtermWhileStartingOnALogFIFOEndsKiosk() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try Target.fifo.make(in: scratch)
        let kiosk = try RunningKiosk(arguments: ["--sink", "log path \"\(path)\""])
        let pid = kiosk.process.processIdentifier
        defer { kiosk.killIfRunning() }
        try waitFor("kiosk to catch SIGTERM", every: 0.001) { SignalTests.catches(pid, [SIGTERM]) || !kiosk.process.isRunning }
        if kiosk.process.isRunning { kill(pid, SIGTERM) }
        let status = kiosk.exitStatus(within: .seconds(20))
        #expect(status == 64, "refused at start, whether or not the SIGTERM came first")
        #expect(kiosk.stdout == "")
    }

    /// Log rotation gone wrong: the file removed and a FIFO made in its place, then maybe
    /// SIGUSR1 (reopen). Orders are still answered, `sinks` says why the log's events wait,
    /// SIGTERM ends kiosk by its flush deadline, and the next start, once the FIFO is gone,
    /// writes the event that waited.
    @Test(arguments: [false, true])
    func aLogReplacedByAFIFOWhileRunningFailsForItsSinkAloneAndSIGTERMStillEndsKiosk(reopen: Bool) throws {
        let scratch = try ScratchDirectory()
        let log = scratch.path("kiosk.jsonl")
        let sink = "log path \"\(log)\""
        let environment = ["XDG_STATE_HOME": scratch.path("state")]
        let kiosk = try RunningKiosk(arguments: ["--flush-timeout", "1s", "--sink", sink], environment: environment)
        let pid = kiosk.process.processIdentifier
        defer { kiosk.killIfRunning() }
        kiosk.send("order mango juice")
        try waitFor("the first line in the log") { lines(of: log).count == 1 }
        try FileManager.default.removeItem(atPath: log)
        #expect(mkfifo(log, 0o600) == 0)
        if reopen { kill(pid, SIGUSR1) }
        kiosk.send("order banana juice")
        try waitFor("the order answered") { kiosk.stdout.contains("Banana Juice is ready.") }
        // Not `try`: the test goes on to SIGTERM either way, the point of it.
        let shown = (try? waitFor("the log's failure in 'sinks'", every: 0.2) {
            kiosk.send("sinks")
            return kiosk.stdout.contains("cannot write '\(log)': is a FIFO, not a file")
        }) != nil
        #expect(shown, "'sinks' says why the log's events wait")

        kill(pid, SIGTERM)
        #expect(kiosk.exitStatus(within: .seconds(30)) == 143)
        let journals = scratch.path("state") + "/kiosk/journals"
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: journals).first)
        #expect(kiosk.stderr == "kiosk: 1 event waits for log \(log) in \(journals)/\(journal); they are sent on the next start\n")

        try FileManager.default.removeItem(atPath: log)
        let next = try KioskProcess(arguments: ["--sink", sink, "-c", "menu"], environment: environment).run()
        #expect(next.stderr == "")
        #expect(lines(of: log).count == 1)
        #expect(lines(of: log).first?.contains("Banana Juice") == true, "the event that waited")
    }
}

extension RunningKiosk {
    /// Waits for kiosk to exit, at most `bound`, with its standard input still open: its
    /// status, or `nil` when it was still running (then it is killed).
    func exitStatus(within bound: Duration) -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: bound)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        guard !process.isRunning else {
            killIfRunning()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGKILL, for a kiosk a test leaves running: stuck in `open`, SIGTERM would not end it.
    func killIfRunning() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
