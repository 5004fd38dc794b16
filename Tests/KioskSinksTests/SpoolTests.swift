import Foundation
import KioskCore
@testable import KioskSinks
import KioskSystem
import Testing

@Suite struct SpoolTests {
    @Test func spooledEventsReadBackByteForByte() throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/deep/er/x.spool.jsonl")
        let events = try Events.everyType()
        try spool.append(events)
        let attributes = try FileManager.default.attributesOfItem(atPath: spool.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let (replayed, unreadable) = spool.takeForReplay()
        #expect(unreadable == 0)
        #expect(replayed.map(\.json) == events.map(\.json))
        #expect(replayed.map(\.message) == events.map(\.message))
        spool.finishReplay()
        #expect(spool.takeForReplay().events.isEmpty)
    }

    @Test func aReplayThatWasNotFinishedIsReadAgain() throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/y.spool.jsonl")
        let first = try Events.orders(2)
        try spool.append(first)
        _ = spool.takeForReplay()
        // The run dies before finishing; another event was spooled meanwhile.
        let second = try Events.orders(3).suffix(1)
        try spool.append(Array(second))
        let again = spool.takeForReplay().events
        #expect(again.map(\.id) == first.map(\.id) + second.map(\.id))
    }

    @Test func aSpoolRemovedByHandStartsAgainInsteadOfWritingIntoTheVoid() throws {
        let scratch = try ScratchDirectory()
        let spool = Spool(path: scratch.path + "/w.spool.jsonl")
        let events = try Events.orders(3)
        try spool.append([events[0]])
        try FileManager.default.removeItem(atPath: spool.path)
        try spool.append([events[1]])
        try spool.append([events[2]])
        #expect(spool.pendingCount == 2)
        #expect(spool.takeForReplay().events.map(\.id) == events[1...].map(\.id))
    }

    @Test func unreadableLinesAreCountedNotFatal() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/z.spool.jsonl"
        let events = try Events.orders(1)
        try Data((String(decoding: events[0].json, as: UTF8.self) + "\n{not json\n").utf8).write(to: URL(fileURLWithPath: path))
        let (replayed, unreadable) = Spool(path: path).takeForReplay()
        #expect(replayed.count == 1)
        #expect(unreadable == 1)
    }

    @Test func spoolNamesHideTheTarget() {
        let spool = Spool(directory: "/tmp/s", kind: "webhook", identity: "https://user:secret@example.com/hook")
        #expect(!spool.path.contains("secret"))
        #expect(spool.path.hasPrefix("/tmp/s/webhook-"))
        #expect(spool.path.hasSuffix(".spool.jsonl"))
        #expect(spool.deadLetterPath.hasSuffix(".failed.jsonl"))
    }

    @Test func timesParseBack() {
        #expect(EventDecoder.parseTime("2026-11-21T15:08:30.589Z")?.iso8601 == "2026-11-21T15:08:30.589Z")
        #expect(EventDecoder.parseTime("1999-02-28T23:59:59.999Z")?.iso8601 == "1999-02-28T23:59:59.999Z")
        #expect(EventDecoder.parseTime("2026-13-01T00:00:00.000Z") == nil)
        #expect(EventDecoder.parseTime("yesterday") == nil)
    }
}

@Suite struct ConsoleSinkTests {
    @Test func printsEachMessageOnItsOwnLineWithoutEscapes() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/out"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let output = FileOutput(descriptor: fd)
        let sink = ConsoleSink(output: output, colors: false)
        for event in try Events.everyType() { try sink.send(event) }
        output.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
        Strawberry "Milk" is ready. Enjoy!
        milk needs restocking: 1 left.
        Not enough ingredients for Strawberry "Milk": 딸기 (needed 8, available 1).
        딸기 needs restocking: 1 left.
        milk stock is now 6.
        Menu reloaded: Café.
        Suggested: Strawberry "Milk".

        """)
    }
}

@Suite struct JSONValueTests {
    @Test func readsWhatTheWriterWrote() throws {
        for event in try Events.everyType() {
            let value = try #require(JSONValue(parsing: event.json))
            #expect(value["id"]?.string == event.id.description)
            #expect(value["data"]?["message"]?.string == event.message)
        }
    }

    @Test func rejectsMalformedJSONAndDeepNesting() {
        #expect(JSONValue(parsing: Array("{\"a\":".utf8)) == nil)
        #expect(JSONValue(parsing: Array("[1,]".utf8)) == nil)
        #expect(JSONValue(parsing: Array(String(repeating: "[", count: 100_000).utf8)) == nil)
        #expect(JSONValue(parsing: Array(#""\ud83c\udf53""#.utf8)) == .string("🍓"))
    }
}
