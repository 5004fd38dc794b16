import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// `pay` at a real terminal and in a kept state: every state of a payment reached at the
/// prompt, the reader's latency waited on the wall clock, and a payment that survives the
/// process being killed.
@Suite struct PayTests {
    static let menu = """
    kiosk "Corner" currency "USD"
    ingredient cup stock 50
    item Tea price 2.10 needs cup 1
    checkout pay later
    checkout reader latency 300ms cash rounding 5

    """

    @Test func everyStateOfAPaymentAtThePrompt() throws {
        let scratch = try ScratchDirectory()
        let kiosk = try PseudoTerminal(arguments: ["--menu", try scratch.file("corner.kiosk", Self.menu)], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
        try kiosk.expect("kiosk> ")
        kiosk.send("order 2 tea\r")
        try kiosk.expect("Tea ×2 is ready. Enjoy!")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay car\t")
        try kiosk.expect("d ")
        kiosk.send("4000000000009995\r")
        try kiosk.expect("Order 1: a card payment of 4.20 is pending.")
        try kiosk.expect("Order 1: 4.20 on the card reader.")
        try kiosk.expect("Order 1: the card was declined (insufficient_funds).")
        try kiosk.expect("error: order 1: the card was declined (insufficient_funds); 4.20 is still due")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay card timeout\r")
        try kiosk.expect("Order 1: the card reader did not answer (timeout).")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay card cancel\r")
        try kiosk.expect("Order 1: the card payment was cancelled.")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay cash 2 split\r")
        try kiosk.expect("Order 1: 2.00 paid by cash.")
        try kiosk.expect("Still due on order 1: 2.20.")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay card 4242424242424242 tip 0.30\r")
        try kiosk.expect("Order 1: 2.50 paid by card.")
        try kiosk.expect("Tip 0.30; the card was charged 2.50.")
        try kiosk.expect("kiosk> ")
        kiosk.send("\u{4}")
        #expect(try kiosk.waitForExit() == 0)
    }

    /// `receipt N --format escpos` writes the bytes the printer sink would send, nothing
    /// else on standard output; `--json` has them in base64; a format it does not know is
    /// the usage.
    @Test func aReceiptAsTheBytesOfAReceiptPrinter() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("corner.kiosk", Self.menu)
        let state = scratch.path("state")
        #expect(try KioskProcess("--menu", menu, "--state", state, "--quiet", "-c", "order 2 tea; pay cash 5").run().status == 0)
        let printed = try KioskProcess("--menu", menu, "--state", state, "-c", "receipt 1 --format escpos").run()
        #expect(printed.status == 0 && printed.stderr == "")
        let decoded = try ESCPOSDecoder.decode(Array(printed.stdout.utf8))
        #expect(decoded.hasPrefix("[init][center][bold]Corner[/bold]\n[left]#1  "), "\(decoded)")
        #expect(decoded.contains("[bold]Total") && decoded.contains("Paid in cash") && decoded.hasSuffix("[cut feed 0]"), "\(decoded)")
        let json = try KioskProcess("--menu", menu, "--state", state, "--json", "-c", "receipt --format escpos").run()
        let base64 = JSONValue(parsing: Array(json.stdout.utf8))?["result"]?["escpos"]?.string
        #expect(base64.flatMap { Base64.decode($0) } == Array(printed.stdout.utf8))
        let wrong = try KioskProcess("--menu", menu, "--state", state, "-c", "receipt 1 --format pdf").run()
        #expect(wrong.status != 0 && wrong.stderr.contains("receipt [N] [--format escpos]"), "\(wrong.stderr)")
    }

    /// The reader answers after its latency on the wall clock too: the answer's event is
    /// that much later than the request's.
    @Test func theReadersLatencyIsInTheEventsTimes() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("corner.kiosk", Self.menu)
        let result = try KioskProcess("--menu", menu, "--json", "-c", "order tea; pay card").run()
        let lines = result.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        let events = try #require(lines.last?["events"]?.array)
        #expect(events.map { $0["type"]?.string } == ["payment.pending", "payment.in_progress", "payment.completed", "order.paid"])
        let times = events.compactMap { $0["time"]?.string }.compactMap(Timestamp.init(iso8601:))
        #expect(times.count == 4 && times.last == times.dropLast().last)
        if times.count == 4 { #expect(times[2].millisecondsSince1970 - times[0].millisecondsSince1970 >= 300) }
    }

    /// A payment shown as taken is on disk: a process killed right after keeps it, and the
    /// next one will not take it twice.
    @Test func aPaymentShownSurvivesAKill() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("corner.kiosk", Self.menu)
        let state = scratch.path("state")
        let kiosk = try PseudoTerminal(arguments: ["--menu", menu, "--state", state], environment: [
            "TERM": "xterm", "NO_COLOR": "1", "KIOSK_HISTFILE": scratch.path("history"), "HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ])
        try kiosk.expect("kiosk> ")
        kiosk.send("order tea\r")
        try kiosk.expect("kiosk> ")
        kiosk.send("pay cash 5\r")
        try kiosk.expect("Tendered 5.00, change 2.90.")
        Foundation.kill(kiosk.pid, SIGKILL)
        _ = try? kiosk.waitForExit()
        let again = try KioskProcess("--menu", menu, "--state", state, "--json", "-c", "pay 1 cash 5").run()
        #expect(again.stdout.contains("\"code\":\"already_paid\""), "\(again.stdout)")
    }
}
