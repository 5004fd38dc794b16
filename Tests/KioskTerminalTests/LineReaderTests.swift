import Glibc
import KioskApplication
@testable import KioskTerminal
import Testing

/// The plain readers, on a real pipe.
@Suite struct LineReaderTests {
    /// A pipe holding `bytes`, its writing end closed: a reader sees them, then the end.
    private func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        close(ends[1])
        return ends[0]
    }

    @Test func linesEndWithLFOrCRLFAndTheLastNeedsNoNewline() throws {
        let fd = try pipeHolding(Array("menu\r\nstock\nquit".utf8))
        defer { close(fd) }
        let reader = PlainLineReader(descriptor: fd)
        #expect(reader.readLine(prompt: "> ") == .line("menu"))
        #expect(reader.readLine(prompt: "> ") == .line("stock"))
        #expect(reader.readLine(prompt: "> ") == .line("quit"))
        #expect(reader.readLine(prompt: "> ") == .end)
        #expect(!reader.isInteractive)
    }

    /// A pipe that stays open and silent: the idle work runs while the read waits, the
    /// reader flushes (`beforeBlocking`) after work that wrote, and the line written at
    /// last is read whole.
    @Test func idleWorkRunsWhileASilentPipeStaysOpen() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        final class Counts: @unchecked Sendable {
            var work = 0
            var flushes = 0
        }
        let counts = Counts()
        let reader = PlainLineReader(descriptor: ends[0], beforeBlocking: { counts.flushes += 1 })
        let writer = ends[1]
        reader.whileWaiting {
            counts.work += 1
            if counts.work == 3 {
                let line = Array("menu\n".utf8)
                _ = line.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                close(writer)
            }
            return counts.work == 2
        }
        #expect(reader.readLine(prompt: "") == .line("menu"))
        #expect(counts.work >= 3, "the work ran while the read waited")
        #expect(counts.flushes == 2, "once before the read, once after the work that wrote")
    }

    /// What a batch asks before each command: a line is ready when the pipe already holds
    /// one, read on without waiting; never when only part of a line came, or nothing — and
    /// then the answer comes at once, with no wait for the writer.
    @Test func aLineIsReadyOnlyWhenThePipeAlreadyHoldsAWholeOne() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let send = { (text: String) in
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        }
        var flushes = 0
        let reader = PlainLineReader(descriptor: ends[0], beforeBlocking: { flushes += 1 })
        #expect(!reader.hasLineReady, "an open, silent pipe")
        send("menu\nsto")
        #expect(reader.hasLineReady)
        #expect(reader.readLine(prompt: "") == .line("menu"))
        #expect(!reader.hasLineReady, "half a line")
        send("ck\n")
        #expect(reader.hasLineReady)
        #expect(reader.readLine(prompt: "") == .line("stock"))
        #expect(!reader.hasLineReady)
        #expect(flushes == 0, "looking ahead never waited, so never flushed")
        close(ends[1])
        #expect(reader.hasLineReady, "the end is ready too")
        #expect(reader.readLine(prompt: "") == .end)
    }

    @Test func aLineTooLongIsReportedAndTheNextOneStillRead() throws {
        let fd = try pipeHolding(Array((String(repeating: "x", count: 100) + "\nmenu\n" + String(repeating: "y", count: 10) + "\n").utf8))
        defer { close(fd) }
        let reader = PlainLineReader(descriptor: fd, maximumLineLength: 10)
        guard case .rejected(.tooLong(let bytes, let limit)) = reader.readLine(prompt: "") else {
            Issue.record("a 100-byte line passed a 10-byte limit")
            return
        }
        #expect(bytes == 100 && limit == 10)
        #expect(reader.readLine(prompt: "") == .line("menu"))
        #expect(reader.readLine(prompt: "") == .line(String(repeating: "y", count: 10)))
    }

    @Test func invalidUTF8IsRejectedNotRepaired() throws {
        let fd = try pipeHolding([0x6D, 0xFF, 0x0A, 0x6F, 0x6B, 0x0A])
        defer { close(fd) }
        let reader = PlainLineReader(descriptor: fd)
        #expect(reader.readLine(prompt: "") == .rejected(.invalidUTF8))
        #expect(reader.readLine(prompt: "") == .line("ok"))
    }

    @Test func withoutReadlineTheTerminalStillGetsPromptsAndQuestions() throws {
        let fd = try pipeHolding(Array("order mango juice\ny\n".utf8))
        defer { close(fd) }
        let prompts = PromptLog()
        let reader = PromptingLineReader(lines: PlainLineReader(descriptor: fd), writePrompt: { prompts.text += $0 })
        #expect(reader.isInteractive)
        #expect(reader.readLine(prompt: "kiosk> ") == .line("order mango juice"))
        #expect(reader.readLine(prompt: "Restock now? [y/N] ") == .line("y"))
        #expect(prompts.text == "kiosk> Restock now? [y/N] ")
    }
}

private final class PromptLog {
    var text = ""
}
