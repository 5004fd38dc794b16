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
