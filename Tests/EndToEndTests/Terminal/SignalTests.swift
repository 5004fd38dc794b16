import Foundation
import KioskTestSupport
import KioskText
import Testing

/// SIGUSR1 and SIGHUP as daemons use them: USR1 reopens log files and nothing else; HUP
/// reloads the menu (telling the sinks only when it changed) and reopens log files too;
/// neither is fatal while kiosk starts; a reload never uses a file caught mid-rewrite.
@Suite struct SignalTests {
    private let juice = "kiosk \"Juice Maker\"\ningredient mango stock 100\nitem \"Mango Juice\" needs mango 3\n"

    private func reloads(in path: String) -> Int {
        lines(of: path).filter { $0.contains(#""type":"menu.reloaded""#) }.count
    }

    @Test func sigusr1AfterRenamingTheLogWritesNewLinesToTheNewFileAndReloadsNothing() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", juice)
        let log = scratch.url.appendingPathComponent("kiosk.jsonl").path
        let kiosk = try RunningKiosk(arguments: ["--menu", menu, "--sink", "log path \"\(log)\""])
        kiosk.send("order mango juice")
        try waitFor("the first line in the log") { lines(of: log).count == 1 }
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        // The menu changed on disk: USR1 must not read it.
        try Data((juice + "item Tropical needs mango 1\n").utf8).write(to: URL(fileURLWithPath: menu))
        kill(kiosk.process.processIdentifier, SIGUSR1)
        kiosk.send("order mango juice")
        #expect(kiosk.finish() == 0)
        #expect(lines(of: log + ".1").count == 1)
        #expect(lines(of: log).count == 1)
        #expect(lines(of: log).first?.contains(#""type":"order.succeeded""#) == true)
        #expect(reloads(in: log) + reloads(in: log + ".1") == 0)
        #expect(!kiosk.stdout.contains("Menu reloaded"))
    }

    @Test func sighupReloadsOnlyAMenuThatChangedAndReopensTheLog() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", juice)
        let log = scratch.url.appendingPathComponent("kiosk.jsonl").path
        let kiosk = try RunningKiosk(arguments: ["--menu", menu, "--sink", "log path \"\(log)\""])
        kiosk.send("order mango juice")
        try waitFor("the first line in the log") { lines(of: log).count == 1 }
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        // The same menu in other bytes: a comment and spacing.
        try Data(("# rotated\n" + juice.replacingOccurrences(of: "stock 100", with: "stock   100")).utf8).write(to: URL(fileURLWithPath: menu))
        kill(kiosk.process.processIdentifier, SIGHUP)
        kiosk.send("order mango juice")
        try waitFor("the second order in the new log") { lines(of: log).count == 1 }
        try Data((juice + "item Tropical needs mango 1\n").utf8).write(to: URL(fileURLWithPath: menu))
        kill(kiosk.process.processIdentifier, SIGHUP)
        kiosk.send("order tropical")
        #expect(kiosk.finish() == 0)
        #expect(lines(of: log + ".1").count == 1, "the SIGHUP reopened the log")
        #expect(reloads(in: log) == 1, "one menu.reloaded, for the menu that changed")
        #expect(lines(of: log).contains { $0.contains(#""type":"order.succeeded""#) && $0.contains("Tropical") })
        #expect(kiosk.stderr == "")
    }

    /// Signals sent again and again while kiosk reads a large menu: their handlers are in
    /// place before the menu is read, so none kills it.
    @Test func sighupAndSigusr1DuringStartUpAreNotFatal() throws {
        let scratch = try ScratchDirectory()
        var text = "ingredient mango stock 1000\n"
        for index in 0..<4_000 { text += "item \"Juice \(index)\" needs mango 1 price 1.50\n" }
        let menu = try scratch.file("large.kiosk", text)
        for _ in 0..<3 {
            let kiosk = try RunningKiosk(arguments: ["--menu", menu])
            let pid = kiosk.process.processIdentifier
            // Wait only until kiosk itself runs (not the launcher before exec): the first
            // signal may then come before main, where nothing can catch it. From main on,
            // every signal is caught.
            try waitFor("kiosk to catch SIGHUP and SIGUSR1", every: 0.0005) { SignalTests.catches(pid, [SIGHUP, SIGUSR1]) || !kiosk.process.isRunning }
            kiosk.send("order juice 7")
            let sender = Thread {
                while kiosk.process.isRunning {
                    kill(pid, SIGHUP)
                    kill(pid, SIGUSR1)
                    usleep(300)
                }
            }
            sender.start()
            kiosk.send("stock")
            let status = kiosk.finish()
            #expect(kiosk.process.terminationReason == .exit)
            #expect(status == 0)
            #expect(kiosk.stdout.contains("Juice 7 is ready."))
        }
    }

    /// Whether /proc says the process catches every one of `signals`.
    static func catches(_ pid: Int32, _ signals: [Int32]) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return signals.allSatisfy { mask & (1 << UInt64($0 - 1)) != 0 }
    }

    /// A writer rewrites the menu — or the file it includes — in bursts, as fast as it can
    /// (truncated, then written in two parts: an empty file and the first part alone are
    /// valid menus without items) while kiosk gets SIGHUP after SIGHUP: no reload may
    /// apply a part, which would remove items.
    ///
    /// Within kiosk's limit: a file it finds freshly modified must stay the same for 100 ms
    /// (`MenuSource.settleMilliseconds`), so a writer paused longer than that between its two
    /// writes leaves a part that kiosk cannot tell from a whole file. On a busy machine the
    /// test's own writer may be paused that long; it measures its pauses, and only when none
    /// came near the limit (half of it) must every reload be whole.
    @Test(arguments: [false, true])
    func aMenuRewrittenInATightLoopIsNeverHalfApplied(included: Bool) throws {
        let scratch = try ScratchDirectory()
        let items = (0..<100).map { "item \"Juice \($0)\" needs mango 1\n" }
        let versions = ["ingredient mango stock 100\n", "ingredient mango stock 101\n"].map { [$0] + items }
        let top = try scratch.file("menu.kiosk", included ? "kiosk \"Juice Maker\"\ninclude \"items.kiosk\"\n" : versions[0].joined())
        let menu = included ? try scratch.file("items.kiosk", versions[0].joined()) : top
        let kiosk = try RunningKiosk(arguments: ["--json", "--menu", top])
        kiosk.send("stock")
        try waitFor("kiosk to have read its menu") { kiosk.stdout.contains("ingredients") }
        let stop = ManagedAtomicFlag()
        let done = ManagedAtomicFlag()
        let longestPause = LongestPause()
        let writer = Thread {
            var round = 0
            while !stop.isSet {
                // Bursts of rewrites, then a pause in which a reload can succeed.
                let burst = Date().addingTimeInterval(0.03)
                while Date() < burst {
                    // From the truncation to the last write: the time a part is on disk.
                    let truncated = ContinuousClock.now
                    let descriptor = open(menu, O_WRONLY | O_TRUNC)
                    // In two writes: between them the file is a valid menu with no items.
                    let version = versions[round % 2]
                    for part in [version[0], version.dropFirst().joined()] { _ = part.withCString { write(descriptor, $0, strlen($0)) } }
                    longestPause.record(ContinuousClock.now - truncated)
                    close(descriptor)
                    round += 1
                }
                usleep(300_000)
            }
            done.set()
        }
        writer.start()
        let pid = kiosk.process.processIdentifier
        let deadline = Date().addingTimeInterval(4)
        while Date() < deadline {
            kill(pid, SIGHUP)
            kiosk.send("stock")
            usleep(2_000)
        }
        stop.set()
        // The file whole and left alone: one more reload takes it, whatever came before.
        try waitFor("the writer to stop") { done.isSet }
        kill(pid, SIGHUP)
        kiosk.send("menu")
        _ = kiosk.finish()
        let objects = kiosk.stdoutLines.compactMap { JSONValue(parsing: Array($0.utf8)) }
        let reloads = objects.filter { $0["command"]?.string == "reload" && $0["ok"] == .bool(true) }
        #expect(!reloads.isEmpty, "some reloads happened")
        // Past kiosk's limit (see above) a part may be taken for the whole menu: nothing to judge.
        let judged = longestPause.value < .milliseconds(50)
        if judged {
            for reload in reloads {
                #expect(reload["result"]?["removedItems"]?.array?.isEmpty == true, "a reload applied half a file: \(reload["result"]?["removedItems"]?.array?.count ?? -1) of \(reloads.count) with \(reload["line"]?.int ?? -1)")
            }
        }
        #expect(objects.last?["result"]?["items"]?.array?.count == 100)
    }
}

/// A flag one thread sets and another reads.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// The longest of the durations a thread recorded.
final class LongestPause: @unchecked Sendable {
    private let lock = NSLock()
    private var longest: Duration = .zero
    var value: Duration { lock.withLock { longest } }
    func record(_ duration: Duration) { lock.withLock { longest = max(longest, duration) } }
}
