import KioskText
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test func encodesTheRFC4648TestVectors() {
        for (plain, encoded) in Base64Tests.vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded, "BASE64(\"\(plain)\")")
        }
    }

    @Test func decodesTheRFC4648TestVectors() {
        for (plain, encoded) in Base64Tests.vectors {
            #expect(Base64.decode(encoded) == Array(plain.utf8), "\(encoded)")
        }
    }

    @Test func everyByteSurvivesTheTripAtEveryLength() {
        let bytes = (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }
        for length in 0...bytes.count {
            let slice = Array(bytes.prefix(length))
            #expect(Base64.decode(Base64.encode(slice)) == slice)
        }
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/", "the two characters past the letters and digits")
    }

    @Test(arguments: [
        "Zg", "Zg=", "Zm9", "Zm9vY", // lengths that are not a multiple of 4
        "Zg===", "Z===", "====", // too much padding
        "Zg=a", "Z=g=", "=Zg=", // padding before the end
        "Zm9v\n", " Zm9v", "Zm 9v", "Zm9-", "Zm9_", "Zm9v Yg==", "Zm9\u{0}", "Zm9é", // characters outside the alphabet
        "Zh==", "Zm9=", // non-zero bits in the padding: another encoding of "f" and "fo"
    ])
    func rejectsWhatIsNotCanonicalBase64(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
