import Foundation
import KioskCore
import KioskMenu
@testable import KioskSinks
import KioskSystem
import KioskTestSupport
import KioskText
import Testing

/// The printer sink through the real dispatcher, a journal on disk and a real TCP printer
/// on 127.0.0.1 (`TestPrinter`): what it prints, one receipt a connection, delivered once
/// the printer answered its status request — and after a drop, a timeout or a refusal,
/// printed again whole.
@Suite struct PrinterSinkTests {
    static func sink(_ printer: TestPrinter, timeout: Duration = .seconds(5)) -> PrinterSink {
        PrinterSink(
            host: ConfigText(value: "127.0.0.1", display: "127.0.0.1"), port: printer.port, timeout: timeout, backoff: .milliseconds(20),
            kioskName: "Corner Cafe", utcOffset: { _ in 0 }
        )
    }

    /// A day at the Corner Cafe: three orders paid (each `order.paid` among the payments'
    /// events), a Z report, and the events around them.
    static func day() throws -> [Event] {
        try ReceiptSamples.events(ReceiptSamples.corner, [
            "drawer open 100", "order coffee 2", "pay cash 10", "order scone", "pay card", "order coffee", "pay cash 5",
            "report z",
        ])
    }

    /// The jobs the sink makes of `events`: one per receipt, in order.
    static func jobs(_ events: [Event], _ sink: PrinterSink) -> [[UInt8]] {
        events.compactMap(sink.layout(of:)).map { ESCPOS.bytes($0) }
    }

    static func run(_ sink: PrinterSink, on log: DispatcherTests.Log) -> Dispatcher {
        let dispatcher = Dispatcher([.init(sink: sink, kind: "printer", name: "printer")], journal: log.journal)
        dispatcher.start()
        return dispatcher
    }

    @Test func everyReceiptAndTheZReportArriveWholeOnceEachOnAConnectionOfItsOwn() async throws {
        let printer = try TestPrinter()
        let log = try DispatcherTests.Log()
        let sink = Self.sink(printer)
        let dispatcher = Self.run(sink, on: log)
        let events = try Self.day()
        let expected = Self.jobs(events, sink)
        #expect(expected.count == 4, "three receipts and the Z report")
        #expect(events.count > 10, "and events the printer skips")
        try log.commit(events)
        #expect(await eventually { dispatcher.backlog()["printer"] == 0 })
        dispatcher.shutdown(timeout: .seconds(2))
        #expect(printer.confirmedJobs == expected)
        #expect(printer.connections.count == 4, "one connection a receipt, none for the rest")
        #expect(printer.connections.allSatisfy { $0.bytes.suffix(3) == [0x10, 0x04, 0x01] && !$0.dropped }, "each ends with its status request")
        #expect(try ESCPOSDecoder.decode(expected[3]).contains("Z report 1"))
    }

    @Test func aReceiptDroppedHalfWayIsPrintedAgainWholeNeverHalfTwice() async throws {
        let printer = try TestPrinter([.drop(afterBytes: 150), .normal, .drop(afterBytes: 40), .normal])
        let log = try DispatcherTests.Log()
        let sink = Self.sink(printer)
        let dispatcher = Self.run(sink, on: log)
        let events = try Self.day()
        let expected = Array(Self.jobs(events, sink).prefix(2))
        try log.commit(Array(events.prefix { $0.sequence <= events.filter { $0.type == .orderPaid }[1].sequence }))
        #expect(await eventually { printer.confirmedJobs.count == 2 })
        dispatcher.shutdown(timeout: .seconds(2))
        let connections = printer.connections
        #expect(connections.map(\.dropped) == [true, false, true, false])
        #expect(connections.map(\.job) == [Array(expected[0].prefix(150)), expected[0], Array(expected[1].prefix(40)), expected[1]])
        #expect(printer.confirmedJobs == expected, "each receipt whole once, after its one partial copy")
    }

    @Test func aRefusingPrinterKeepsTheReceiptWaitingInTheJournalUntilItComesOn() async throws {
        let printer = try TestPrinter(listening: false)
        let log = try DispatcherTests.Log()
        let sink = Self.sink(printer)
        let dispatcher = Self.run(sink, on: log)
        let events = try Self.day()
        let expected = Self.jobs(events, sink)
        try log.commit(events)
        #expect(await eventually { dispatcher.statuses.first?.lastError?.contains("connection refused") == true })
        try await Task.sleep(for: .milliseconds(300))
        let waiting = events.count - events.prefix { $0.type != .orderPaid }.count
        #expect(dispatcher.backlog()["printer"] ?? 0 >= waiting, "the cursor is not past the first receipt")
        #expect(printer.connections.isEmpty)
        try printer.listen()
        // The back-off doubled while it refused (up to 30 s on a busy machine): wait out one.
        #expect(await eventually(timeout: .seconds(75)) { printer.confirmedJobs.count == 4 })
        #expect(await eventually { dispatcher.backlog()["printer"] == 0 })
        dispatcher.shutdown(timeout: .seconds(2))
        #expect(printer.confirmedJobs == expected)
        #expect(printer.connections.count == 4)
    }

    @Test func aSlowPrinterIsWaitedForAndConfirmsEachReceiptOnce() async throws {
        let printer = try TestPrinter([.slow(chunk: 64, pause: .milliseconds(15))])
        let log = try DispatcherTests.Log()
        let sink = Self.sink(printer)
        let dispatcher = Self.run(sink, on: log)
        let events = try Self.day()
        try log.commit(events)
        #expect(await eventually { dispatcher.backlog()["printer"] == 0 })
        dispatcher.shutdown(timeout: .seconds(2))
        #expect(printer.confirmedJobs == Self.jobs(events, sink))
        #expect(printer.connections.count == 4)
    }

    /// A printer that took the whole receipt and never answered is sent it again: at
    /// least once, the one case of a receipt printed twice (besides a crash before the
    /// cursor's save).
    @Test func aPrinterThatNeverAnswersTimesOutAndGetsTheReceiptAgain() async throws {
        let printer = try TestPrinter([.silent, .normal])
        let log = try DispatcherTests.Log()
        let sink = Self.sink(printer, timeout: .seconds(1))
        let dispatcher = Self.run(sink, on: log)
        let events = try Self.day()
        let first = try #require(Self.jobs(events, sink).first)
        try log.commit(Array(events.prefix { $0.type != .orderPaid }) + [try #require(events.first { $0.type == .orderPaid })])
        #expect(await eventually { printer.confirmedJobs.count == 1 })
        dispatcher.shutdown(timeout: .seconds(2))
        #expect(printer.connections.map(\.job) == [first, first])
        #expect(printer.connections.map(\.answered) == [false, true])
        #expect(dispatcher.statuses.first?.lastError?.contains("did not confirm the receipt") == true)
    }

    @Test func closingGivesUpASendWaitingForTheAnswer() async throws {
        let printer = try TestPrinter([.silent])
        let log = try DispatcherTests.Log()
        let dispatcher = Self.run(Self.sink(printer, timeout: .seconds(60)), on: log)
        try log.commit(try Self.day())
        #expect(await eventually { printer.connections.first?.bytes.suffix(3) == [0x10, 0x04, 0x01] })
        let started = ContinuousClock.now
        dispatcher.shutdown(timeout: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(dispatcher.backlog()["printer"] ?? 0 >= 4, "nothing confirmed, nothing delivered")
    }

    @Test func aMenuDeclaresItWithItsOptions() throws {
        let compilation = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas)
            .compileSink(#"printer { host "::1"  port 9101  columns 32  timeout 2s  ack none  on order.paid }"#)
        let declaration = try #require(compilation.menu?.sinks.first, "\(compilation.diagnostics)")
        let sink = try SinkRegistry.standard.makeSink(declaration, environment: SinkEnvironment(kioskName: "Juice Bar"))
        #expect(sink.target == "[::1]:9101")
        #expect(sink.retryPolicy.maximumRetries == nil)
        let wrong = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas).compileSink(#"printer { host "p"  columns 80 }"#)
        #expect(wrong.menu == nil, "80 columns is more than a receipt has")
        let missing = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas).compileSink(#"printer { port 9100 }"#)
        #expect(missing.menu == nil, "a printer needs its host")
    }

    @Test func withAckNoneAReceiptIsDeliveredOnceWritten() throws {
        let printer = try TestPrinter([.silent])
        let sink = PrinterSink(
            host: ConfigText(value: "localhost", display: "localhost"), port: printer.port, timeout: .seconds(2), confirmed: false,
            utcOffset: { _ in 0 }
        )
        let paid = try #require(try Self.day().first { $0.type == .orderPaid })
        try sink.send(paid)
        try waitFor("the receipt") { printer.connections.first?.ended == true }
        #expect(printer.connections.map(\.bytes) == [ESCPOS.bytes(try #require(sink.layout(of: paid)))])
    }
}
