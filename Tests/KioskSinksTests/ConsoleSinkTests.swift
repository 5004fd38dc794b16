import Foundation
import KioskCore
import KioskSinks
import KioskSystem
import KioskTestSupport
import Testing

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
