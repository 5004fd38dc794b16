import Foundation
import KioskCore
import KioskMenu
import KioskSinks
import KioskSystem
import KioskTestSupport
import Testing

/// The log's lines are a public format: each event type's line, byte for byte, with its
/// default message and with a message that uses every placeholder and needs escaping.
@Suite struct LogSinkTests {
    @Test func eachEventTypeIsWrittenAsItsFixedLine() throws {
        let lines = try LogLines.written(LogLines.events(template: nil))
        #expect(lines.count == LogLines.expectedWithDefaultMessages.count)
        for (line, expected) in zip(lines, LogLines.expectedWithDefaultMessages) {
            #expect(line == expected)
        }
    }

    @Test func aMessageWithEveryPlaceholderAndCharactersToEscapeIsWrittenAsItsFixedLine() throws {
        let lines = try LogLines.written(LogLines.events(template: LogLines.everyPlaceholder))
        #expect(lines.count == LogLines.expectedWithEveryPlaceholder.count)
        for (line, expected) in zip(lines, LogLines.expectedWithEveryPlaceholder) {
            #expect(line == expected)
        }
    }

    @Test func terminalControlsInAMessageAreEscapedAsInAnyJSONString() throws {
        let template = try MessageTemplate(parsing: "{ingredient}\u{202E}|\u{85}|\u{2028}")
        let event = Event(
            id: EventID(high: 1, low: 2), sequence: 1, time: Timestamp(millisecondsSince1970: 0), source: "/kiosk/x",
            payload: .stockChanged(StockChanged(ingredient: "a\u{2066}b", from: 1, to: 2, reason: .add)), template: template
        )
        let line = try #require(LogLines.written([event]).first)
        #expect(line.hasSuffix(#""ingredient":"a\u2066b","from":1,"to":2,"reason":"add","message":"a\u2066b\u202e|\u0085|\u2028"}}"#))
    }

    @Test func eventsSentOneByOneAndInABatchWriteTheSameBytes() throws {
        let events = try LogLines.events(template: LogLines.everyPlaceholder)
        let scratch = try ScratchDirectory()
        let sink = try LogSink(path: ConfigText(value: scratch.path("one.jsonl"), display: "one.jsonl"))
        for event in events { try sink.send(event) }
        sink.close(by: ContinuousClock.now)
        let oneByOne = try Data(contentsOf: URL(fileURLWithPath: scratch.path("one.jsonl")))
        #expect(String(decoding: oneByOne, as: UTF8.self) == LogLines.expectedWithEveryPlaceholder.map { $0 + "\n" }.joined())
    }
}

/// What a log path may name: a regular file, or nothing yet. Anything else is refused
/// without waiting — a FIFO nobody reads would otherwise hold the sink in `open` for ever.
@Suite struct LogSinkTargetTests {
    @Test(arguments: [false, true])
    func aFIFONobodyReadsIsRefusedAtOnce(throughASymbolicLink: Bool) throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.path("events.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let path = throughASymbolicLink ? scratch.path("events.jsonl") : fifo
        if throughASymbolicLink { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo) }
        #expect(LogSinkTargets.open(path, releasing: fifo) == .refused(.fifo))
    }

    @Test func aFIFOSomeoneReadsIsRefusedToo() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.path("events.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        #expect(reader >= 0)
        #expect(LogSinkTargets.open(fifo, releasing: fifo) == .refused(.fifo))
    }

    /// `/dev/null` too: a log that keeps nothing is no log, and no device keeps a file's
    /// promises (a line cut back when a write fails, `sync`, rotation).
    @Test(arguments: ["/dev/null", "/dev/full"])
    func aDeviceIsRefused(path: String) {
        #expect(LogSinkTargets.open(path, releasing: nil) == .refused(.characterDevice))
    }

    @Test func aDirectoryIsRefusedAsNotAFile() throws {
        let scratch = try ScratchDirectory()
        #expect(LogSinkTargets.open(scratch.path, releasing: nil) == .refused(.directory))
    }

    /// Log rotation gone wrong: the file moved away and a FIFO made in its place. Each
    /// write fails at once, to be tried again (the events wait in the journal), and once
    /// the FIFO is gone the lines go to a new file.
    @Test func aFileReplacedByAFIFOFailsEachWriteAtOnceUntilTheFIFOIsGone() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("kiosk.jsonl")
        let events = try LogLines.events(template: nil)
        let sink = try LogSink(path: ConfigText(value: path, display: "kiosk.jsonl"))
        defer { sink.close(by: ContinuousClock.now) }
        try sink.send(batch: events[0..<1])
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let refused = BatchFailure(delivered: 0, failure: .retryable("cannot write 'kiosk.jsonl': is a FIFO, not a file"))
        // Twice: the write that finds the FIFO, and one after it, which tries the path again.
        for _ in 0..<2 {
            let outcome = LogSinkTargets.bounded(releasing: path) { () -> BatchFailure? in
                do throws(BatchFailure) {
                    try sink.send(batch: events[1..<3])
                    return nil
                } catch {
                    return error
                }
            }
            try #require(outcome == .some(refused))
        }
        try FileManager.default.removeItem(atPath: path)
        try sink.send(batch: events[1..<3])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == LogLines.expectedWithDefaultMessages[1..<3].map { $0 + "\n" }.joined())
    }
}

/// Opening log sinks with a bound, so that a test of a path that would block fails
/// instead of hanging the suite.
enum LogSinkTargets {
    enum Opening: Equatable {
        case opened
        case refused(FileStatus.Kind)
        case failed(SystemError)
        /// Still in `open` at the bound.
        case stuck
    }

    /// Makes a log sink on `path` and says what came of it.
    static func open(_ path: String, releasing fifo: String?) -> Opening {
        let outcome = bounded(releasing: fifo) { () -> Opening in
            do throws(SystemError) {
                let sink = try LogSink(path: ConfigText(value: path, display: path))
                sink.close(by: ContinuousClock.now)
                return .opened
            } catch {
                return error.refusedKind.map(Opening.refused) ?? .failed(error)
            }
        }
        return outcome ?? .stuck
    }

    /// Runs `body` on a thread of its own; `nil` when it has not returned within `bound`.
    ///
    /// The bound is far above what the work takes (a few system calls, well under a
    /// millisecond), so that a machine busy with other builds never reaches it: only a
    /// call that blocks does, and a call stuck in `open` on a FIFO never ends by itself.
    /// Past the bound, `fifo` is opened for reading, which lets that `open` go on, so the
    /// test fails rather than hangs.
    static func bounded<T: Sendable>(
        within bound: Duration = .seconds(20), releasing fifo: String?, _ body: @escaping @Sendable () -> T
    ) -> T? {
        // A sink released into a FIFO writes to it: a reader gone must not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        let result = LockedBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.set(body())
            done.signal()
        }.start()
        if done.wait(timeout: .now() + .seconds(Int(bound.components.seconds))) == .success { return result.value }
        let reader = fifo.map { Glibc.open($0, O_RDONLY | O_NONBLOCK) } ?? -1
        _ = done.wait(timeout: .now() + .seconds(Int(bound.components.seconds)))
        if reader >= 0 { close(reader) }
        return nil
    }
}

/// A value one thread sets and another reads.
final class LockedBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T? { lock.withLock { stored } }
}

enum LogLines {
    /// Every placeholder, braces, quotes, a backslash, control characters, DEL and non-ASCII.
    static let everyPlaceholder = """
        {item}|{quantity}|{missing}|{ingredient}|{stock}|{menu}|{ticket}|{station} "q" \\ \n\t\u{01}\u{7F} ü {{x}} 딸기
        """

    /// Sends `events` in one batch to a log sink on a new file and reads its lines back.
    static func written(_ events: [Event]) throws -> [String] {
        let scratch = try ScratchDirectory()
        let sink = try LogSink(path: ConfigText(value: scratch.path("log.jsonl"), display: "log.jsonl"))
        try sink.send(batch: events[...])
        sink.close(by: ContinuousClock.now)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("log.jsonl")))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// One event of each type (two of some, to cover optional fields), with the type's
    /// default template or `template`.
    static func events(template text: String?) throws -> [Event] {
        let time = Timestamp(millisecondsSince1970: 1_795_262_400_123)
        let juice = ItemQuantity(item: "Mango \"Juice\"", quantity: 1)
        let lassi = ItemQuantity(item: "딸기 Lassi", quantity: 2)
        let payloads: [Event.Payload] = [
            .orderSucceeded(OrderSucceeded(
                lines: [juice, lassi], consumed: [IngredientCount(ingredient: "mango", count: 3), IngredientCount(ingredient: "딸기", count: 16)],
                stock: [IngredientCount(ingredient: "mango", count: 97), IngredientCount(ingredient: "딸기", count: 0)],
                total: Money(hundredths: 1205), currency: "KRW", lineTotals: [Money(hundredths: 405), Money(hundredths: 800)],
                ticket: 42, promised: Timestamp(millisecondsSince1970: 1_795_262_700_009)
            )),
            .orderSucceeded(OrderSucceeded(
                lines: [juice], consumed: [IngredientCount(ingredient: "mango", count: 3)], stock: [IngredientCount(ingredient: "mango", count: 7)]
            )),
            .orderFailed(OrderFailed(
                lines: [lassi, juice],
                missing: [Missing(ingredient: "딸기", needed: 16, available: 4), Missing(ingredient: "tab\there", needed: 1, available: Int.min)]
            )),
            .restockNeeded(RestockNeeded(ingredient: "mango", stock: -3, low: 5, reason: .short, needed: 9)),
            .restockNeeded(RestockNeeded(ingredient: "mil\\k", stock: 1, low: 1, reason: .low)),
            .stockChanged(StockChanged(ingredient: "mango", from: 12, to: 5, reason: .remove)),
            .menuReloaded(MenuReloaded(
                menu: "Café \"Two\"", ingredients: 4, items: 9,
                difference: MenuDifference(addedItems: ["Kiwi", "Lime\u{1F}"], removedItems: [], addedIngredients: ["kiwi"], removedIngredients: ["🍋"])
            )),
            .ticketStarted(TicketStarted(ticket: 7, station: "blender \"B\"", prep: 90_000, lines: [juice, lassi])),
            .ticketReady(TicketChanged(ticket: 7, lines: [juice])),
            .ticketPickedUp(TicketChanged(ticket: 8, lines: [lassi])),
            .ticketCancelled(TicketCancelled(
                ticket: 9, lines: [juice], from: .queued, restocked: [IngredientCount(ingredient: "mango", count: 3)], wasted: [],
                total: Money(hundredths: -25), currency: "EUR"
            )),
            .ticketCancelled(TicketCancelled(
                ticket: 10, lines: [lassi], from: .pickedUp, restocked: [], wasted: [IngredientCount(ingredient: "딸기", count: 16)]
            )),
            .ticketRecalled(TicketChanged(ticket: 11, lines: [juice, juice])),
            .ticketLate(TicketChanged(ticket: Int.max, lines: [])),
            .suggestionMade(SuggestionMade(
                profiles: ["민지"], partySize: 1, answers: [AnsweredQuestion(question: "sweet", answer: .no)], rule: .leastMisery,
                lenient: true, page: 1, items: [.init(item: "Mango \"Juice\"", tenths: 73, undeclaredAllergens: true)]
            )),
        ]
        let template = try text.map { text throws(TemplateError) in try MessageTemplate(parsing: text) }
        return payloads.enumerated().map { index, payload in
            Event(
                id: EventID(high: 0x0190_1234_5678_7000 + UInt64(index), low: 0x8000_0000_0000_0001 &* UInt64(index + 1)),
                sequence: index == 0 ? UInt64.max : UInt64(index), time: Timestamp(millisecondsSince1970: time.millisecondsSince1970 + Int64(index) * 1_001),
                source: index == 1 ? "/kiosk/caf\u{E9}-\"quoted\"" : "/kiosk/juice-maker", payload: payload,
                template: template ?? MessageCatalog.defaults[payload.type]
            )
        }
    }

    static let expectedWithDefaultMessages: [String] = [
        #"{"specversion":"1.0","id":"01901234-5678-7000-8000-000000000001","source":"/kiosk/juice-maker","type":"order.succeeded","time":"2026-11-21T12:00:00.123Z","datacontenttype":"application/json","seq":18446744073709551615,"data":{"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"딸기 Lassi","quantity":2}],"consumed":{"mango":3,"딸기":16},"stock":{"mango":97,"딸기":0},"total":12.05,"currency":"KRW","ticket":42,"promised":"2026-11-21T12:05:00.009Z","message":"Mango \"Juice\", 딸기 Lassi ×2 is ready. Enjoy!"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7001-0000-000000000002","source":"/kiosk/café-\"quoted\"","type":"order.succeeded","time":"2026-11-21T12:00:01.124Z","datacontenttype":"application/json","seq":1,"data":{"lines":[{"item":"Mango \"Juice\"","quantity":1}],"consumed":{"mango":3},"stock":{"mango":7},"message":"Mango \"Juice\" is ready. Enjoy!"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7002-8000-000000000003","source":"/kiosk/juice-maker","type":"order.failed","time":"2026-11-21T12:00:02.125Z","datacontenttype":"application/json","seq":2,"data":{"lines":[{"item":"딸기 Lassi","quantity":2},{"item":"Mango \"Juice\"","quantity":1}],"missing":[{"ingredient":"딸기","needed":16,"available":4},{"ingredient":"tab\there","needed":1,"available":-9223372036854775808}],"message":"Not enough ingredients for 딸기 Lassi ×2, Mango \"Juice\": 딸기 (needed 16, available 4), tab\there (needed 1, available -9223372036854775808)."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7003-0000-000000000004","source":"/kiosk/juice-maker","type":"restock.needed","time":"2026-11-21T12:00:03.126Z","datacontenttype":"application/json","seq":3,"data":{"ingredient":"mango","stock":-3,"low":5,"reason":"short","needed":9,"message":"mango needs restocking: -3 left."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7004-8000-000000000005","source":"/kiosk/juice-maker","type":"restock.needed","time":"2026-11-21T12:00:04.127Z","datacontenttype":"application/json","seq":4,"data":{"ingredient":"mil\\k","stock":1,"low":1,"reason":"low","message":"mil\\k needs restocking: 1 left."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7005-0000-000000000006","source":"/kiosk/juice-maker","type":"stock.changed","time":"2026-11-21T12:00:05.128Z","datacontenttype":"application/json","seq":5,"data":{"ingredient":"mango","from":12,"to":5,"reason":"remove","message":"mango stock is now 5."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7006-8000-000000000007","source":"/kiosk/juice-maker","type":"menu.reloaded","time":"2026-11-21T12:00:06.129Z","datacontenttype":"application/json","seq":6,"data":{"menu":"Café \"Two\"","ingredients":4,"items":9,"addedItems":["Kiwi","Lime\u001f"],"removedItems":[],"addedIngredients":["kiwi"],"removedIngredients":["🍋"],"message":"Menu reloaded: Café \"Two\"."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7007-0000-000000000008","source":"/kiosk/juice-maker","type":"ticket.started","time":"2026-11-21T12:00:07.130Z","datacontenttype":"application/json","seq":7,"data":{"ticket":7,"station":"blender \"B\"","prepMs":90000,"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"딸기 Lassi","quantity":2}],"message":"Ticket 7 is being prepared at station blender \"B\"."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7008-8000-000000000009","source":"/kiosk/juice-maker","type":"ticket.ready","time":"2026-11-21T12:00:08.131Z","datacontenttype":"application/json","seq":8,"data":{"ticket":7,"lines":[{"item":"Mango \"Juice\"","quantity":1}],"message":"Ticket 7 is ready: Mango \"Juice\"."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7009-0000-00000000000a","source":"/kiosk/juice-maker","type":"ticket.picked_up","time":"2026-11-21T12:00:09.132Z","datacontenttype":"application/json","seq":9,"data":{"ticket":8,"lines":[{"item":"딸기 Lassi","quantity":2}],"message":"Ticket 8 was picked up."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700a-8000-00000000000b","source":"/kiosk/juice-maker","type":"ticket.cancelled","time":"2026-11-21T12:00:10.133Z","datacontenttype":"application/json","seq":10,"data":{"ticket":9,"lines":[{"item":"Mango \"Juice\"","quantity":1}],"from":"queued","restocked":{"mango":3},"wasted":{},"total":-0.25,"currency":"EUR","message":"Ticket 9 was cancelled."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700b-0000-00000000000c","source":"/kiosk/juice-maker","type":"ticket.cancelled","time":"2026-11-21T12:00:11.134Z","datacontenttype":"application/json","seq":11,"data":{"ticket":10,"lines":[{"item":"딸기 Lassi","quantity":2}],"from":"picked_up","restocked":{},"wasted":{"딸기":16},"message":"Ticket 10 was cancelled."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700c-8000-00000000000d","source":"/kiosk/juice-maker","type":"ticket.recalled","time":"2026-11-21T12:00:12.135Z","datacontenttype":"application/json","seq":12,"data":{"ticket":11,"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"Mango \"Juice\"","quantity":1}],"message":"Ticket 11 was recalled: ready for pickup again."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700d-0000-00000000000e","source":"/kiosk/juice-maker","type":"ticket.late","time":"2026-11-21T12:00:13.136Z","datacontenttype":"application/json","seq":13,"data":{"ticket":9223372036854775807,"lines":[],"message":"Ticket 9223372036854775807 is late."}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700e-8000-00000000000f","source":"/kiosk/juice-maker","type":"suggestion.made","time":"2026-11-21T12:00:14.137Z","datacontenttype":"application/json","seq":14,"data":{"profiles":["민지"],"party":1,"answers":{"sweet":"n"},"rule":"least-misery","lenient":true,"page":1,"items":[{"item":"Mango \"Juice\"","score":7.3,"allergens":"undeclared"}],"message":"Suggested: Mango \"Juice\"."}}"#,
    ]

    static let expectedWithEveryPlaceholder: [String] = [
        #"{"specversion":"1.0","id":"01901234-5678-7000-8000-000000000001","source":"/kiosk/juice-maker","type":"order.succeeded","time":"2026-11-21T12:00:00.123Z","datacontenttype":"application/json","seq":18446744073709551615,"data":{"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"딸기 Lassi","quantity":2}],"consumed":{"mango":3,"딸기":16},"stock":{"mango":97,"딸기":0},"total":12.05,"currency":"KRW","ticket":42,"promised":"2026-11-21T12:05:00.009Z","message":"Mango \"Juice\", 딸기 Lassi ×2|3||mango, 딸기|mango 97, 딸기 0||42| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7001-0000-000000000002","source":"/kiosk/café-\"quoted\"","type":"order.succeeded","time":"2026-11-21T12:00:01.124Z","datacontenttype":"application/json","seq":1,"data":{"lines":[{"item":"Mango \"Juice\"","quantity":1}],"consumed":{"mango":3},"stock":{"mango":7},"message":"Mango \"Juice\"|1||mango|mango 7||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7002-8000-000000000003","source":"/kiosk/juice-maker","type":"order.failed","time":"2026-11-21T12:00:02.125Z","datacontenttype":"application/json","seq":2,"data":{"lines":[{"item":"딸기 Lassi","quantity":2},{"item":"Mango \"Juice\"","quantity":1}],"missing":[{"ingredient":"딸기","needed":16,"available":4},{"ingredient":"tab\there","needed":1,"available":-9223372036854775808}],"message":"딸기 Lassi ×2, Mango \"Juice\"|3|딸기 (needed 16, available 4), tab\there (needed 1, available -9223372036854775808)|딸기, tab\there|||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7003-0000-000000000004","source":"/kiosk/juice-maker","type":"restock.needed","time":"2026-11-21T12:00:03.126Z","datacontenttype":"application/json","seq":3,"data":{"ingredient":"mango","stock":-3,"low":5,"reason":"short","needed":9,"message":"|12|mango (needed 9, available -3)|mango|-3||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7004-8000-000000000005","source":"/kiosk/juice-maker","type":"restock.needed","time":"2026-11-21T12:00:04.127Z","datacontenttype":"application/json","seq":4,"data":{"ingredient":"mil\\k","stock":1,"low":1,"reason":"low","message":"|0||mil\\k|1||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7005-0000-000000000006","source":"/kiosk/juice-maker","type":"stock.changed","time":"2026-11-21T12:00:05.128Z","datacontenttype":"application/json","seq":5,"data":{"ingredient":"mango","from":12,"to":5,"reason":"remove","message":"|7||mango|5||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7006-8000-000000000007","source":"/kiosk/juice-maker","type":"menu.reloaded","time":"2026-11-21T12:00:06.129Z","datacontenttype":"application/json","seq":6,"data":{"menu":"Café \"Two\"","ingredients":4,"items":9,"addedItems":["Kiwi","Lime\u001f"],"removedItems":[],"addedIngredients":["kiwi"],"removedIngredients":["🍋"],"message":"|||||Café \"Two\"|| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7007-0000-000000000008","source":"/kiosk/juice-maker","type":"ticket.started","time":"2026-11-21T12:00:07.130Z","datacontenttype":"application/json","seq":7,"data":{"ticket":7,"station":"blender \"B\"","prepMs":90000,"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"딸기 Lassi","quantity":2}],"message":"Mango \"Juice\", 딸기 Lassi ×2|3|||||7|blender \"B\" \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7008-8000-000000000009","source":"/kiosk/juice-maker","type":"ticket.ready","time":"2026-11-21T12:00:08.131Z","datacontenttype":"application/json","seq":8,"data":{"ticket":7,"lines":[{"item":"Mango \"Juice\"","quantity":1}],"message":"Mango \"Juice\"|1|||||7| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-7009-0000-00000000000a","source":"/kiosk/juice-maker","type":"ticket.picked_up","time":"2026-11-21T12:00:09.132Z","datacontenttype":"application/json","seq":9,"data":{"ticket":8,"lines":[{"item":"딸기 Lassi","quantity":2}],"message":"딸기 Lassi ×2|2|||||8| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700a-8000-00000000000b","source":"/kiosk/juice-maker","type":"ticket.cancelled","time":"2026-11-21T12:00:10.133Z","datacontenttype":"application/json","seq":10,"data":{"ticket":9,"lines":[{"item":"Mango \"Juice\"","quantity":1}],"from":"queued","restocked":{"mango":3},"wasted":{},"total":-0.25,"currency":"EUR","message":"Mango \"Juice\"|1|||||9| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700b-0000-00000000000c","source":"/kiosk/juice-maker","type":"ticket.cancelled","time":"2026-11-21T12:00:11.134Z","datacontenttype":"application/json","seq":11,"data":{"ticket":10,"lines":[{"item":"딸기 Lassi","quantity":2}],"from":"picked_up","restocked":{},"wasted":{"딸기":16},"message":"딸기 Lassi ×2|2|||||10| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700c-8000-00000000000d","source":"/kiosk/juice-maker","type":"ticket.recalled","time":"2026-11-21T12:00:12.135Z","datacontenttype":"application/json","seq":12,"data":{"ticket":11,"lines":[{"item":"Mango \"Juice\"","quantity":1},{"item":"Mango \"Juice\"","quantity":1}],"message":"Mango \"Juice\", Mango \"Juice\"|2|||||11| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700d-0000-00000000000e","source":"/kiosk/juice-maker","type":"ticket.late","time":"2026-11-21T12:00:13.136Z","datacontenttype":"application/json","seq":13,"data":{"ticket":9223372036854775807,"lines":[],"message":"|0|||||9223372036854775807| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
        #"{"specversion":"1.0","id":"01901234-5678-700e-8000-00000000000f","source":"/kiosk/juice-maker","type":"suggestion.made","time":"2026-11-21T12:00:14.137Z","datacontenttype":"application/json","seq":14,"data":{"profiles":["민지"],"party":1,"answers":{"sweet":"n"},"rule":"least-misery","lenient":true,"page":1,"items":[{"item":"Mango \"Juice\"","score":7.3,"allergens":"undeclared"}],"message":"Mango \"Juice\"||||||| \"q\" \\ \n\t\u0001\u007f ü {x} 딸기"}}"#,
    ]
}
