import KioskText
import Testing

@Suite struct HexTests {
    @Test func digitsBothWays() {
        #expect((0..<16).map { Hex.lowercaseDigit($0) } == Array("0123456789abcdef".utf8))
        #expect((0..<16).map { Hex.uppercaseDigit($0) } == Array("0123456789ABCDEF".utf8))
        #expect(Array("09afAF".utf8).map(Hex.value) == [0, 9, 10, 15, 10, 15])
        #expect(Hex.value(of: UInt8(ascii: "g")) == nil)
        #expect(Hex.percentEncoded(0x0A) == "%0A")
    }

    @Test func fingerprintsAreSixteenDigitsAndStable() {
        #expect(Hex.padded(0xAB) == "00000000000000ab")
        #expect(Hex.fingerprint(of: "") == "cbf29ce484222325", "FNV-1a's offset basis")
        #expect(Hex.fingerprint(of: "a") == "af63dc4c8601ec8c")
    }
}
