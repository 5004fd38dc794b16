import Foundation
import KioskTestSupport
import Testing

/// On the wall clock, a kiosk whose input stays open but silent — a pipe nobody writes
/// to yet, with no terminal and no readline — still moves its `board auto`: tickets
/// become ready near their time, journaled and sent to the sinks, before the next line.
@Suite struct IdleTickTests {
    private static let menu = "ingredient mango stock 10\nboard auto\nitem \"Mango Juice\" needs mango 1 prep 1s\n"

    /// Waits up to `seconds` for `condition`, looking every 50 ms.
    private func eventually(seconds: Int, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    private func types(in log: String) -> [String] {
        lines(of: log).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["type"] as? String
        }
    }

    @Test(arguments: [false, true])
    func aTicketBecomesReadyWhileThePipeStaysOpenAndSilent(json: Bool) throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", IdleTickTests.menu)
        let log = scratch.path("events.jsonl")
        let kiosk = try RunningKiosk(
            arguments: (json ? ["--json"] : []) + ["--menu", menu, "--flush-timeout", "2s", "--sink", "console", "--sink", "log path \"\(log)\""]
        )
        kiosk.send("order mango juice")
        let ready = eventually(seconds: 15) { types(in: log).contains("ticket.ready") }
        #expect(ready, "ticket.ready in the log while the input is open; the log has \(types(in: log))")
        #expect(kiosk.process.isRunning, "the input is still open")
        #expect(types(in: log) == ["order.succeeded", "ticket.started", "ticket.ready"])
        if !json {
            // The promised minute is the wall clock's: taken from the output, checked for form.
            let promised = kiosk.stdoutLines.count > 2 ? String(kiosk.stdoutLines[2].dropFirst(12).prefix(5)) : ""
            #expect(promised.count == 5 && promised.dropFirst(2).first == ":")
            #expect(kiosk.stdout == "Ticket 1: Mango Juice.\nTicket 1 is being prepared at station counter.\n#1 ready by \(promised), in under a minute\n"
                + "Ticket 1 is ready: Mango Juice.\n")
        }
        kiosk.send("board public")
        #expect(kiosk.finish() == 0)
        #expect(kiosk.stderr == "")
    }
}
