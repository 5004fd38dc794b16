import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// Sinks read the journal: nothing is lost to signals, kills, full disks or a second
/// process, and every exit message is true.
@Suite struct JournalSinkTests {
    static let menu = """
    kiosk "Journal Sinks"
    ingredient mango stock 1000000
    item "Mango Juice" needs mango 1

    """

    /// Feeds orders to a running kiosk, one every 2 ms or more, until it stops reading:
    /// for at least 0.6 s, past the latest signal, and at most 300 orders, so that what
    /// waits for the receiver stays few enough to deliver in a test's time on a busy machine.
    static func feed(_ kiosk: RunningKiosk, orders: Int = 300) -> DispatchSemaphore {
        let fed = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<orders where kiosk.process.isRunning {
                kiosk.send("order mango juice")
                usleep(2_000)
            }
            fed.signal()
        }.start()
        return fed
    }

    @Test func signalsAndKillsWithTheReceiverDownLoseNoEventAndRepeatNone() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", JournalSinkTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let server = try TestHTTPServer(listening: false)
        let sink = "webhook url \"\(server.url)\" backoff 10ms"
        for (signal, delay) in [(SIGTERM, 0.15), (SIGINT, 0.3), (SIGKILL, 0.2), (SIGTERM, 0.5), (SIGKILL, 0.05), (SIGINT, 0.1)] {
            let kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "--flush-timeout", "300ms", "--sink", sink])
            let fed = JournalSinkTests.feed(kiosk)
            // The delay counts from the first result, not from the start: on a loaded
            // machine a start alone can take longer than the longest delay.
            let started = ContinuousClock.now
            while kiosk.stdoutLines.isEmpty, kiosk.process.isRunning, ContinuousClock.now - started < .seconds(30) {
                Thread.sleep(forTimeInterval: 0.01)
            }
            Thread.sleep(forTimeInterval: delay)
            kill(kiosk.process.processIdentifier, signal)
            kiosk.process.waitUntilExit()
            fed.wait()
            let all = try StateDump.eventIds(state)
            switch signal {
            case SIGKILL:
                #expect(kiosk.process.terminationReason == .uncaughtSignal)
            default:
                #expect(kiosk.process.terminationStatus == 128 + signal, "\(kiosk.stderr)")
                // Nothing was ever delivered: every event of the state waits, and the message says so.
                let waiting = all.count == 1 ? "1 event waits" : "\(all.count) events wait"
                #expect(kiosk.stderr.hasSuffix("kiosk: \(waiting) for webhook \(server.url) in \(state); they are sent on the next start\n"))
            }
        }
        let all = try StateDump.eventIds(state)
        #expect(all.count >= 6, "each of the six runs showed a result before its signal: \(all.count) events")
        try server.listen()
        // Up to 1,800 events, one request at a time from a debug build while the other
        // suites run: the deadline is far, and kiosk exits as soon as the last is delivered.
        let up = try KioskProcess(arguments: ["--state", state, "--menu", menu, "--flush-timeout", "120s", "--sink", sink, "-c", "menu"]).run()
        #expect(up.stderr == "")
        let received = server.requests.compactMap { $0.headers["webhook-id"] }
        #expect(received == all, "every event, in seq order, once: none was in flight while the receiver was down")
    }

    /// A file size limit just above the log's size stands in for a full disk: the first
    /// write of a batch falls short, the next fails, and the sink cuts the file back.
    @Test func aLogThatCannotBeWrittenLeavesNoPartialLineAndLosesNothing() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        let log = scratch.url.appendingPathComponent("kiosk.jsonl").path
        // Room for the journal's first segment (a megabyte), not for a whole line more in the log.
        let limit = 1_572_864
        let before = String(repeating: "x", count: limit - 101) + "\n"
        try Data(before.utf8).write(to: URL(fileURLWithPath: log))
        let kiosk = [
            KioskProcess.executable.path, "--state", state, "--flush-timeout", "500ms", "--sink", "log path \"\(log)\"",
            "-c", "order mango juice; order kiwi juice; stock add kiwi 5",
        ]
        let full = try KioskProcess().runAs(["/usr/bin/prlimit", "--fsize=\(limit)"] + kiosk, directory: scratch.url.path)
        #expect(full.status == 0)
        #expect(full.stderr == "kiosk: 3 events wait for log \(log) in \(state); they are sent on the next start\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == before, "the write that fell short was cut back")
        try FileManager.default.removeItem(atPath: log)
        let next = try KioskProcess("--state", state, "--sink", "log path \"\(log)\"", "-c", "menu").run()
        #expect(next.stderr == "")
        let written = lines(of: log)
        #expect(written.map { JSONValue(parsing: Array($0.utf8))?["id"]?.string } == (try StateDump.eventIds(state)).map(Optional.some))
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasSuffix("}\n"), "whole lines only")
    }

    @Test func twoProcessesWithTheSameWebhookDeliverEveryEventOnce() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", JournalSinkTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let server = try TestHTTPServer()
        let arguments = ["--state", state, "--menu", menu, "--flush-timeout", "20s", "--sink", "webhook url \"\(server.url)\""]
        let first = try RunningKiosk(arguments: arguments)
        let second = try RunningKiosk(arguments: arguments)
        for round in 0..<100 {
            (round % 2 == 0 ? first : second).send("order mango juice")
            if round % 10 == 0 { usleep(5_000) }
        }
        #expect(first.finish() == 0)
        second.send("order mango juice")
        #expect(second.finish() == 0)
        let all = try StateDump.eventIds(state)
        let received = server.requests.compactMap { $0.headers["webhook-id"] }
        #expect(all.count == 101)
        #expect(Set(received) == Set(all), "every event delivered")
        #expect(received.count == all.count, "none delivered by both")
    }

    @Test func aRetryKilledAtAnyPointLosesNothing() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        // Eight refusals: eight failed events. Then slow answers, so kills land mid-retry.
        let server = try TestHTTPServer(replies: Array(repeating: .status(400), count: 8) + [.delayed(.milliseconds(150), .status(200))])
        let sink = "webhook url \"\(server.url)\""
        let failing = try KioskProcess("--state", state, "--flush-timeout", "10s", "--sink", sink, "-c", String(repeating: "stock add kiwi 1;", count: 8)).run()
        #expect(failing.stderr.contains("8 events failed for webhook"))
        let failed = Set(server.requests.compactMap { $0.headers["webhook-id"] })
        #expect(failed.count == 8)
        for delay in [0.05, 0.2, 0.45] {
            let kiosk = try RunningKiosk(arguments: ["--state", state, "--flush-timeout", "10s", "--sink", sink])
            kiosk.send("sinks retry")
            // The kill lands `delay` after the retry began, however slowly kiosk started.
            try waitFor("kiosk to answer 'sinks retry'") { !kiosk.stdout.isEmpty }
            Thread.sleep(forTimeInterval: delay)
            kill(kiosk.process.processIdentifier, SIGKILL)
            kiosk.process.waitUntilExit()
        }
        // The next start goes on with what was being retried; no new 'sinks retry' needed.
        let last = try KioskProcess("--state", state, "--flush-timeout", "20s", "--sink", sink, "--json", "-c", "sinks failed").run()
        #expect(last.stderr == "")
        let accepted = server.requests.dropFirst(8).compactMap { $0.headers["webhook-id"] }
        #expect(failed.isSubset(of: Set(accepted)), "every failed event was delivered at last")
        let after = try KioskProcess("--state", state, "--sink", sink, "--json", "-c", "sinks failed").run()
        #expect(JSONValue(parsing: Array(after.stdout.utf8))?["result"]?["failed"]?.array?.isEmpty == true)
    }

    @Test func anAcknowledgingProgramKilledMidStreamGetsTheRestAgain() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.url.appendingPathComponent("acked").path
        // The first run of the program acknowledges three events and dies; later runs all.
        let program = try scratch.file("ack.sh", """
        #!/bin/sh
        n=0
        while IFS= read -r line; do
          id=$(printf '%s' "$line" | sed 's/.*"id":"\\([^"]*\\)".*/\\1/')
          if [ ! -e "$1.died" ] && [ $n -eq 3 ]; then touch "$1.died"; exit 1; fi
          printf '%s\\n' "$id" >> "$1"
          printf '%s\\n' "$id"
          n=$((n+1))
        done
        """)
        chmod(program, 0o755)
        let state = scratch.url.appendingPathComponent("state").path
        let result = try KioskProcess(
            "--state", state, "--flush-timeout", "20s", "--sink", "exec command \"\(program)\" args \"\(out)\" ack backoff 20ms",
            "-c", String(repeating: "stock add kiwi 1;", count: 10)
        ).run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(lines(of: out) == (try StateDump.eventIds(state)), "each event acknowledged once, in order, across the restart")
    }

    /// A program that reads the events and never acknowledges one: the flush deadline, not
    /// the sink's two-minute `timeout` for answers, bounds the exit — and the event waits
    /// in the state for the next run.
    @Test func aProgramThatNeverAcknowledgesDoesNotHoldTheExitPastTheDeadline() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.path("state")
        let started = ContinuousClock.now
        let result = try KioskProcess(
            "--state", state, "--flush-timeout", "1s", "--sink", "exec command \"/bin/sh\" args \"-c\", \"cat > /dev/null\" ack timeout 120s",
            "-c", "order mango juice"
        ).run()
        #expect(result.status == 0)
        // The deadline, half a second for the send in hand, a tenth for it to see the close,
        // then SIGTERM and SIGKILL half a second apart: far below the two minutes, on any machine.
        #expect(ContinuousClock.now - started < .seconds(60), "\(result.stderr)")
        #expect(result.stderr.contains("1 event waits for exec /bin/sh -c cat > /dev/null in \(state)"), "\(result.stderr)")
    }

    /// The program lets go of kiosk's standard error, so one that outlived kiosk would fail
    /// the test rather than hold its output open for ever.
    @Test func aProgramThatIgnoresSigtermDoesNotHoldUpTheExit() throws {
        let scratch = try ScratchDirectory()
        let pidFile = scratch.path("stubborn.pid")
        let program = try scratch.file("stubborn.sh", """
        #!/bin/sh
        exec 2>/dev/null 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
        echo $$ > '\(pidFile)'
        trap '' TERM
        while IFS= read -r line; do :; done
        while :; do sleep 1; done
        """)
        chmod(program, 0o755)
        let started = ContinuousClock.now
        let result = try KioskProcess("--flush-timeout", "1s", "--sink", "exec command \"\(program)\"", "-c", "order mango juice").run()
        #expect(result.status == 0)
        #expect(ContinuousClock.now - started < .seconds(4), "the deadline, then SIGTERM, then SIGKILL after half a second")
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie that kiosk's exit left to init: either way no longer running.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.range(of: ") ").map { stat[$0.upperBound...].prefix(1) } ?? "gone"
        #expect(state == "gone" || state == "Z", "the program outlived kiosk (state \(state))")
        if state != "gone", state != "Z" { kill(pid, SIGKILL) }
    }

    /// The flush timeout is far beyond the three one-second attempts, so a slow start of
    /// kiosk-http on a busy machine cannot cut the third short: kiosk leaves as soon as the
    /// sink gives the event up. The helper's memory is sampled until kiosk has gone.
    @Test(arguments: [TestHTTPServer.Reply.endlessBody, .trickle])
    func aReceiverThatNeverFinishesAnsweringFailsAtTheTimeout(reply: TestHTTPServer.Reply) throws {
        let server = try TestHTTPServer(replies: [reply])
        let kiosk = try RunningKiosk(arguments: [
            "--flush-timeout", "60s", "--sink", "webhook url \"\(server.url)\" timeout 1s backoff 10ms retries 2",
        ])
        kiosk.send("order mango juice")
        let peak = PeakMemory()
        let pid = kiosk.process.processIdentifier
        let sampler = Thread {
            while kiosk.process.isRunning {
                peak.record(JournalSinkTests.helperMemory(of: pid))
                Thread.sleep(forTimeInterval: 0.05)
            }
            peak.finish()
        }
        sampler.start()
        try waitFor("the three attempts", timeout: .seconds(60)) { server.requestCount == 3 }
        #expect(kiosk.finish() == 0)
        peak.waitUntilFinished()
        #expect(server.requestCount == 3, "each of the three attempts ended at its one-second timeout")
        #expect(kiosk.stderr.contains("1 event failed for webhook \(server.url) (last: no "), "\(kiosk.stderr)")
        #expect(kiosk.stderr.contains("answer within 1s (after 2 retries))"))
        #expect(peak.value > 0 && peak.value < 64 << 10, "kiosk-http stayed under 64 MB (peak \(peak.value) KiB)")
    }

    /// URLSession on Linux keeps a fresh connection's write source armed while it awaits the
    /// first answer, and a writable socket fires it without pause: before kiosk-http's
    /// socket callback fix, one of its threads was never asleep while it waited.
    ///
    /// What that means, whatever else the machine does: sampled every 10 ms for 2 s, a
    /// spinning thread is runnable (`R` in /proc, on a processor or waiting for one) in
    /// every sample, the busier the machine the surer; a waiting helper's threads sleep
    /// (`S`), but for brief wake-ups. So at most half the samples may find one runnable —
    /// far from both. (CPU seconds, which this test once counted, shrink when other work
    /// takes the processors, and grow with the helper's own start-up.)
    @Test func aFreshConnectionAwaitingItsFirstAnswerLeavesTheCPUAlone() throws {
        let server = try TestHTTPServer(replies: [.delayed(.seconds(6), .status(200))])
        let kiosk = try RunningKiosk(arguments: ["--sink", "webhook url \"\(server.url)\" timeout 20s"])
        kiosk.send("order mango juice")
        try waitFor("the request reached the receiver") { server.requestCount == 1 }
        let helper = try #require(JournalSinkTests.helper(of: kiosk.process.processIdentifier))
        var samples = 0
        var running = 0
        for _ in 0..<200 {
            let states = JournalSinkTests.threadStates(of: helper)
            if !states.isEmpty {
                samples += 1
                if states.contains("R") { running += 1 }
            }
            usleep(10_000)
        }
        #expect(samples > 100, "kiosk-http was there to sample")
        #expect(running * 2 <= samples, "a thread of kiosk-http was runnable in \(running) of \(samples) samples over 2 s of waiting for an answer")
        #expect(kiosk.finish() == 0)
        #expect(server.requestCount == 1)
    }

    /// The state letter (R, S, D...) of each thread of process `id`, as /proc has them.
    static func threadStates(of id: Int32) -> [Character] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/task")) ?? []
        return tasks.compactMap { task in
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/task/\(task)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return nil }
            return stat[stat.index(after: end)...].first { $0 != " " }
        }
    }

    /// The process id of kiosk's `kiosk-http` helper, if it has one.
    static func helper(of parent: Int32) -> Int32? {
        // The helper is the child of whichever of kiosk's threads started it.
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
        let children = tasks.compactMap { try? String(contentsOfFile: "/proc/\(parent)/task/\($0)/children", encoding: .utf8) }.joined(separator: " ")
        return children.split(separator: " ").lazy.compactMap { Int32($0) }.first { child in
            (try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8))?.contains("kiosk-http") == true
        }
    }

    /// The peak resident memory (KiB) of kiosk's `kiosk-http` helper, 0 if there is none.
    static func helperMemory(of parent: Int32) -> Int {
        guard let child = helper(of: parent), let status = try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return Int(line?.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aSinkAddedLaterStartsAtTheEndUnlessItAsksForTheStart() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("state").path
        _ = try KioskProcess("--state", state, "-c", "order mango juice; order kiwi juice").run()
        let late = scratch.url.appendingPathComponent("late.jsonl").path
        let all = scratch.url.appendingPathComponent("all.jsonl").path
        // A far deadline: the sinks' threads run below others' priority and may wait seconds
        // for a processor on a busy machine; kiosk leaves as soon as both are done.
        let result = try KioskProcess(
            "--state", state, "--flush-timeout", "60s", "--sink", "log path \"\(late)\"", "--sink", "log path \"\(all)\" from start",
            "-c", "order banana juice"
        ).run()
        #expect(result.stderr == "")
        #expect(lines(of: late).count == 1)
        #expect(lines(of: all).count == 3)
        #expect(lines(of: all).map { JSONValue(parsing: Array($0.utf8))?["id"]?.string } == (try StateDump.eventIds(state)).map(Optional.some))
    }
}

/// The highest memory figure a sampler saw, and when it stopped sampling.
final class PeakMemory: @unchecked Sendable {
    private let lock = NSCondition()
    private var peak = 0
    private var finished = false
    var value: Int { lock.withLock { peak } }
    func record(_ kilobytes: Int) { lock.withLock { peak = max(peak, kilobytes) } }
    func finish() {
        lock.withLock {
            finished = true
            lock.broadcast()
        }
    }
    func waitUntilFinished() {
        lock.withLock { while !finished { lock.wait() } }
    }
}
