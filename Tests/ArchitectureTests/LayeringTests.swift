import Testing

/// The domain is the domain: the journal's byte formats live in `KioskRecords`, below the
/// journal and above the domain, and nowhere else below the journal.
@Suite struct LayeringTests {
    /// The code of a file, comments left out: a doc comment may name what the code may not use.
    private static func code(of path: String) throws -> [Substring] {
        try SourceTree.text(path).split(separator: "\n").map { line in
            line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
    }

    /// The files of `target`'s sources whose code contains one of `needles`, with the needle.
    private static func uses(in target: String, of needles: [String]) throws -> [String] {
        try SourceTree.files(under: "Sources/\(target)", endingIn: ".swift").flatMap { path in
            let lines = try code(of: path)
            return needles.filter { needle in lines.contains { $0.contains(needle) } }.map { "\(path): \($0)" }
        }
    }

    /// What writing or reading a byte format takes: the byte writer and reader, fixed-width
    /// little-endian integers, raw loads and stores, a codec.
    static let byteFormatTools = ["ByteWriter", "ByteReader", "ByteOutput", "littleEndian", "storeBytes", "loadUnaligned", "Codec"]

    @Test func theDomainHoldsNoByteFormatAndNoUnsafePointer() throws {
        let manifest = try PackageManifest()
        #expect(manifest["KioskCore"]?.dependencies == ["KioskText"], "the domain depends on text alone")
        #expect(SourceTree.files(under: "Sources/KioskCore", endingIn: ".swift").count > 50, "the domain's files were read")
        #expect(try Self.uses(in: "KioskCore", of: Self.byteFormatTools) == [])
        #expect(try Self.uses(in: "KioskCore", of: ["Unsafe"]) == [])
    }

    /// Of the modules the journal is built on, only `KioskRecords` writes a byte format.
    @Test func theRecordsAreTheOnlyByteFormatBelowTheJournal() throws {
        let manifest = try PackageManifest()
        let below = manifest.closure(of: "KioskJournal").filter { !$0.hasPrefix("C") }
        #expect(below.isSuperset(of: ["KioskRecords", "KioskCore", "KioskText", "KioskSystem"]))
        #expect(try Self.uses(in: "KioskRecords", of: ["ByteWriter", "littleEndian"]).count >= 2, "the records do write bytes")
        for target in below.subtracting(["KioskRecords"]).sorted() {
            // Network byte order for a socket's port is not a file format: only little-endian counts.
            #expect(try Self.uses(in: target, of: Self.byteFormatTools) == [], "\(target)")
        }
    }

    /// A check that finds nothing proves nothing: the needle is found where it is.
    @Test func aByteFormatInTheDomainWouldBeFound() throws {
        #expect(try Self.uses(in: "KioskRecords", of: ["RecordCodec"]).contains { $0.hasPrefix("Sources/KioskRecords/RecordCodec.swift") })
    }
}
