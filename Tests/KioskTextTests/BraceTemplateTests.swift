import KioskText
import Testing

@Suite struct BraceTemplateTests {
    private struct Refused: Error, Equatable {
        let name: String
        let utf8Offset: Int
        let utf8Length: Int
    }

    private func pieces(_ text: String, known: Set<String> = ["item", "kiosk"]) throws(Refused) -> [BraceTemplate.Piece<String>] {
        try BraceTemplate.pieces(of: text) { (name, offset, length) throws(Refused) in
            guard known.contains(name) else { throw Refused(name: name, utf8Offset: offset, utf8Length: length) }
            return name
        }
    }

    @Test func namesBecomePlaceholdersAndTheRestText() throws {
        #expect(try pieces("{item} is ready") == [.placeholder("item"), .text(" is ready")])
        #expect(try pieces("kiosk/{kiosk}/{item}") == [.text("kiosk/"), .placeholder("kiosk"), .text("/"), .placeholder("item")])
        #expect(try pieces("") == [])
    }

    @Test func doubledBracesAreLiteralAndABraceThatOpensNoNameIsText() throws {
        #expect(try pieces("{{item}} costs {item}") == [.text("{item} costs "), .placeholder("item")])
        #expect(try pieces("{ item } {} {") == [.text("{ item } {} {")])
    }

    @Test func anUnknownNameIsRefusedWhereItStandsInUTF8() {
        #expect(throws: Refused(name: "sation", utf8Offset: 10, utf8Length: 8)) { try pieces("Café — {sation}") }
    }
}
