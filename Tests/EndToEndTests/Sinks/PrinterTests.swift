import Foundation
import KioskTestSupport
import Testing

/// The printer sink through the built binary: a menu with a checkout and `sink printer`,
/// an order paid in cash, and a real TCP printer on 127.0.0.1 that answers the status
/// request.
@Suite struct PrinterTests {
    @Test func anOrderPaidInCashIsPrintedOnTheMenusPrinter() throws {
        let printer = try TestPrinter()
        let scratch = try ScratchDirectory()
        let menu = scratch.url.appendingPathComponent("bar.kiosk")
        try """
        kiosk "Juice Bar" currency "KRW"
        ingredient mango stock 100
        item "Mango Juice" price 4500 needs mango 3
        checkout
        sink printer { host "127.0.0.1"  port \(printer.port)  columns 32 }

        """.write(to: menu, atomically: true, encoding: .utf8)
        let result = try KioskProcess(
            arguments: KioskProcess.settlingEveryEvent + ["--quiet", "--menu", menu.path, "-c", "order mango juice 2; pay cash 10000; order mango juice"],
            environment: ["TZ": "UTC"]
        ).run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let connections = printer.connections
        #expect(connections.count == 1, "one receipt: the second order is not paid")
        #expect(connections.first?.answered == true)
        let receipt = try ESCPOSDecoder.decode(try #require(connections.first).bytes)
        let lines = receipt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "[init][center][bold]Juice Bar[/bold]")
        #expect(lines.dropFirst().first?.hasPrefix("[left]#1  ") == true)
        #expect(Array(lines.dropFirst(2)) == [
            "",
            "Mango Juice x2",
            "",
            "[bold]Total                  9,000 KRW[/bold]",
            "",
            "Paid in cash           9,000",
            "Cash tendered         10,000",
            "Change given           1,000",
            "", "", "",
            "[cut feed 0][status 1]",
        ])
    }
}
