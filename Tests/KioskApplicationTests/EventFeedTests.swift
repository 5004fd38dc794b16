import KioskApplication
import KioskCore
import KioskJournal
import KioskSystem
import KioskTestSupport
import KioskText
import Glibc
import Testing

/// The event feed on a real journal: every event once and in order, from now or from any
/// sequence number the journal still holds, filtered by type, in buffers of any size; a
/// reader too slow for the window cut off; events other processes append.
@Suite struct EventFeedTests {
    static let options = Journal.Options(durability: .written, segmentLimit: 8192, allocationChunk: 4096, snapshotInterval: Journal.Options.noSnapshots)
    static let time = Timestamp(millisecondsSince1970: 1_795_262_400_000)

    /// A journal and a kiosk that appends orders to it, as a session would.
    final class Writer {
        let journal: Journal
        var kiosk = Kiosk(menu: Menu.juiceMaker, ids: UUIDv7Generator(seed: 9))

        init(_ directory: StateDirectory) throws {
            journal = try Journal.open(directory, options: EventFeedTests.options).journal
        }

        /// Commits `count` records of one order each (and a restock when mango runs out).
        func order(_ count: Int) throws {
            for _ in 0..<count {
                _ = try journal.begin()
                var events: [Event] = []
                let mango = try #require(kiosk.menu.ingredientIndex(named: "mango"))
                if kiosk.inventory[mango] < 3 { try kiosk.edit(.add, 30, of: mango, at: EventFeedTests.time, emitting: &events) }
                _ = try kiosk.place(Order(item: try #require(kiosk.menu.itemIndex(named: "Mango Juice"))), at: EventFeedTests.time, emitting: &events)
                journal.append(time: EventFeedTests.time, source: kiosk.source, events: events)
                try journal.commit()
            }
        }
    }

    /// The frames a subscription gives until `until` holds of them (or ten seconds pass),
    /// read `size` bytes at a time.
    static func read(_ subscription: EventSubscription, size: Int = 4096, until: ([Frame]) -> Bool) -> (frames: [Frame], text: String) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: size)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            let read = buffer.withUnsafeMutableBytes { subscription.read(into: $0) }
            switch read {
            case .bytes(let count):
                bytes += buffer[..<count]
                continue
            case .waiting: break
            case .tooSlow: bytes += subscription.farewell
            }
            // Everything there is so far has been read.
            let text = String(decoding: bytes, as: UTF8.self)
            if until(Frame.parse(text)) || read == .tooSlow { return (Frame.parse(text), text) }
            usleep(2_000)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (Frame.parse(text), text)
    }

    /// One `id:`/`data:` frame of the stream.
    struct Frame: Equatable {
        let id: UInt64
        let type: String
        let seq: Int

        static func parse(_ text: String) -> [Frame] {
            text.components(separatedBy: "\n\n").compactMap { block in
                let lines = block.split(separator: "\n")
                guard lines.count == 2, lines[0].hasPrefix("id: "), lines[1].hasPrefix("data: "),
                      let id = UInt64(lines[0].dropFirst(4)),
                      let json = JSONValue(parsing: Array(lines[1].dropFirst(6).utf8)),
                      let type = json["type"]?.string, let seq = json["seq"]?.int else { return nil }
                return Frame(id: id, type: type, seq: seq)
            }
        }
    }

    @Test func aSubscriberFromNowGetsEveryNewEventOnceInOrderWithItsSequenceAsTheID() throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        try writer.order(3)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence)
        feed.start()
        defer { feed.stop() }
        let subscription = feed.subscribe(after: nil)
        try writer.order(40)
        let last = writer.kiosk.sequence
        let read = EventFeedTests.read(subscription) { $0.last?.id == last }
        #expect(read.frames.map(\.id) == Array(4...last), "from the first event after the subscription, once each")
        #expect(read.frames.allSatisfy { UInt64($0.seq) == $0.id })
        #expect(read.frames.contains { $0.type == "stock.changed" } && read.frames.contains { $0.type == "order.succeeded" })
        #expect(subscription.after == last)
    }

    @Test(arguments: [1, 7, 300, 64 << 10])
    func anyBufferSizeGivesTheSameStream(size: Int) throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence)
        feed.start()
        defer { feed.stop() }
        try writer.order(20)
        let whole = EventFeedTests.read(feed.subscribe(after: 0), size: 1 << 20) { $0.count == Int(writer.kiosk.sequence) }
        let pieces = EventFeedTests.read(feed.subscribe(after: 0), size: size) { $0.count == Int(writer.kiosk.sequence) }
        #expect(pieces.text == whole.text)
        #expect(whole.frames.count == Int(writer.kiosk.sequence))
    }

    /// Events older than the window — written before the feed started — are read from the
    /// journal, then the stream goes on from the window with nothing missed or repeated.
    @Test func aResumeFromBeforeTheFeedReadsTheJournalThenTheWindow() throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        try writer.order(60)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence)
        feed.start()
        defer { feed.stop() }
        try writer.order(10)
        let last = writer.kiosk.sequence
        let resumed = EventFeedTests.read(feed.subscribe(after: 25)) { $0.last?.id == last }
        #expect(resumed.frames.map(\.id) == Array(26...last))
    }

    @Test func typesLeaveOutWhatTheSubscriberDidNotAskFor() throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        try writer.order(30)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence)
        feed.start()
        defer { feed.stop() }
        try writer.order(30)
        let last = writer.kiosk.sequence
        let subscription = feed.subscribe(after: 0, types: EventTypes(.stockChanged))
        let read = EventFeedTests.read(subscription) { _ in subscription.after == last }
        #expect(!read.frames.isEmpty)
        #expect(read.frames.allSatisfy { $0.type == "stock.changed" })
        #expect(read.frames.map(\.id) == read.frames.map(\.id).sorted())
    }

    /// A reader that stops reading while events keep coming falls out of a small window:
    /// it is cut off with a comment saying where to resume, and resuming from there gives
    /// the rest.
    @Test func aReaderTooSlowForTheWindowIsCutOffAndCanResume() throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence, windowBytes: 64 << 10)
        feed.start()
        defer { feed.stop() }
        let slow = feed.subscribe(after: nil)
        try writer.order(1)
        let first = EventFeedTests.read(slow, size: 600) { !$0.isEmpty }
        #expect(first.frames.map(\.id) == [1])
        try writer.order(500)
        let last = writer.kiosk.sequence
        try waitFor("the feed to read every event") { feed.newestSequence == last }
        let cut = EventFeedTests.read(slow) { _ in false }
        #expect(cut.text.hasSuffix(": too slow: the stream fell too far behind; reconnect with Last-Event-ID: \(slow.after)\n\n"))
        let seen = first.frames + cut.frames
        let rest = EventFeedTests.read(feed.subscribe(after: slow.after)) { $0.last?.id == last }
        #expect((seen + rest.frames).map(\.id) == Array(1...last), "nothing missed, nothing twice")
    }

    /// Another process on the state — another journal on the same directory — appends: its
    /// events come through the feed too.
    @Test func eventsAnotherProcessAppendsAppear() throws {
        let scratch = try ScratchDirectory()
        let here = try Writer(scratch.state)
        let feed = EventFeed(journal: here.journal, from: here.journal.endPosition, after: 0)
        feed.start()
        defer { feed.stop() }
        let subscription = feed.subscribe(after: nil)
        let there = try Writer(scratch.state)
        try there.order(5)
        let read = EventFeedTests.read(subscription) { $0.count == Int(there.kiosk.sequence) }
        #expect(read.frames.map(\.id) == Array(1...there.kiosk.sequence))
    }

    /// Events compacted away into a snapshot: a resume from before them says which are gone,
    /// then gives the rest.
    @Test func eventsNoLongerInTheJournalAreNamedInAComment() throws {
        let scratch = try ScratchDirectory()
        let writer = try Writer(scratch.state)
        try writer.order(100)
        try writer.journal.writeSnapshot(JournalSnapshot(position: writer.journal.endPosition, kiosk: writer.kiosk.snapshot))
        #expect(writer.journal.startPosition > 0, "old segments were removed")
        try writer.order(5)
        let feed = EventFeed(journal: writer.journal, from: writer.journal.endPosition, after: writer.kiosk.sequence)
        feed.start()
        defer { feed.stop() }
        let last = writer.kiosk.sequence
        let read = EventFeedTests.read(feed.subscribe(after: 0)) { $0.last?.id == last }
        let first = try #require(read.frames.first?.id)
        #expect(read.text.hasPrefix(": events 1 to \(first - 1) are no longer in the journal\n\n"))
        #expect(read.frames.map(\.id) == Array(first...last))
    }
}

extension ScratchDirectory {
    var state: StateDirectory { StateDirectory(path: path + "/state") }
}
