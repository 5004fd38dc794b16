import KioskHTTP
import Testing

/// The HMAC-SHA256 test cases of RFC 4231 §4.
@Suite struct HMACSHA256Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        let number: Int
        let key: [UInt8]
        let data: [UInt8]
        /// The expected code in hex; case 5 gives only its first 128 bits.
        let code: String

        var testDescription: String { "RFC 4231 test case \(number)" }
    }

    static let cases: [Case] = [
        Case(number: 1, key: [UInt8](repeating: 0x0B, count: 20), data: Array("Hi There".utf8),
             code: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Case(number: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
             code: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Case(number: 3, key: [UInt8](repeating: 0xAA, count: 20), data: [UInt8](repeating: 0xDD, count: 50),
             code: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Case(number: 4, key: Array(0x01...0x19), data: [UInt8](repeating: 0xCD, count: 50),
             code: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Case(number: 5, key: [UInt8](repeating: 0x0C, count: 20), data: Array("Test With Truncation".utf8),
             code: "a3b6167473100ee06e0c796c2955552b"),
        Case(number: 6, key: [UInt8](repeating: 0xAA, count: 131), data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             code: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Case(number: 7, key: [UInt8](repeating: 0xAA, count: 131),
             data: Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
             code: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: cases)
    func matchesRFC4231(_ testCase: Case) throws {
        let code = try #require(HMACSHA256.code(for: testCase.data, key: testCase.key))
        #expect(code.count == HMACSHA256.byteCount)
        // Case 5 truncates the output to 128 bits: compare that prefix.
        #expect(hex(code).hasPrefix(testCase.code))
        #expect(testCase.number == 5 ? testCase.code.count == 32 : hex(code) == testCase.code)
    }

    @Test func anEmptyKeyAndAnEmptyMessageAreFine() throws {
        // The expected codes here and below are Python's (hmac.new(key, message, hashlib.sha256)).
        #expect(try hex(#require(HMACSHA256.code(for: [], key: []))) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    /// Keys up to SHA-256's 64-byte block go to libcrypto as they are; longer ones are hashed first.
    @Test func keysAtAndPastOneBlock() throws {
        let block = [UInt8](repeating: 0x61, count: 64)
        let longer = block + [0x61]
        let message = Array("message".utf8)
        #expect(try hex(#require(HMACSHA256.code(for: message, key: block))) == "6117f44d3e99fd884a6c9dc786e91e812c2a7b1c6240231edfcfe60343ff61cb")
        #expect(try hex(#require(HMACSHA256.code(for: message, key: longer))) == "88d81ab6f6f7dd8671c038c63fff879a74aa747f0ce7ff496b867eb554419e73")
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 0x10 ? "0" + digits : digits
        }.joined()
    }
}
