import KioskText
import Testing

@Suite struct HexTests {
    @Test func digitsBothWays() {
        #expect((0..<16).map { Hex.lowercaseDigit($0) } == Array("0123456789abcdef".utf8))
        #expect((0..<16).map { Hex.uppercaseDigit($0) } == Array("0123456789ABCDEF".utf8))
        #expect(Array("09afAF".utf8).map(Hex.value) == [0, 9, 10, 15, 10, 15])
        #expect(Hex.value(of: UInt8(ascii: "g")) == nil)
    }

    @Test func percentEncodingWritesWhatAFormDoesNotKeep() {
        #expect(PercentEncoding.encode("oat milk/망") == "oat%20milk%2F%EB%A7%9D")
        #expect(PercentEncoding.encode("a-b.c_d~e") == "a-b.c_d~e", "unreserved bytes stay")
        #expect(PercentEncoding.encode("a b", keeping: { $0 != UInt8(ascii: "b") }) == "a %62")
        #expect(PercentEncoding.decode(PercentEncoding.encode("\n망고 %")) == "\n망고 %", "read back as it was written")
    }

    @Test func fingerprintsAreSixteenDigitsAndStable() {
        #expect(Hex.padded(0xAB) == "00000000000000ab")
        #expect(Hex.fingerprint(of: "") == "cbf29ce484222325", "FNV-1a's offset basis")
        #expect(Hex.fingerprint(of: "a") == "af63dc4c8601ec8c")
    }
}
