import Testing

/// Rules written once: each has one entry point in the sources, and a second copy of it
/// shows up here rather than drifting apart.
@Suite struct OnceEachTests {
    /// The sources outside `allowed` whose code (comments left out) contains `needle`.
    private static func sources(containing needle: String, except allowed: Set<String>) throws -> [String] {
        try SourceTree.files(under: "Sources", endingIn: ".swift").filter { path in
            guard !allowed.contains(path) else { return false }
            return try SourceTree.text(path).split(separator: "\n").contains { line in
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return code.contains(needle)
            }
        }
    }

    @Test func everyChecksumGoesThroughTheOneEntryPoint() throws {
        // The table and the instruction are reached only by `Checksum.crc32c`.
        let door: Set = ["Sources/KioskRecords/Checksum.swift"]
        #expect(try Self.sources(containing: "CRC32C.checksum(", except: door) == [])
        #expect(try Self.sources(containing: "kiosk_crc32c(", except: ["Sources/KioskSystem/HardwareCRC32C.swift"]) == [])
    }

    @Test func percentEncodingIsWrittenOnce() throws {
        // A `%XX` is made by `PercentEncoding.encode` alone: no other code writes the `%`
        // followed by two hex digits.
        let door: Set = ["Sources/KioskText/PercentEncoding.swift"]
        #expect(try Self.sources(containing: "uppercaseDigit(byte >> 4)", except: door) == [])
        #expect(try Self.sources(containing: "0123456789ABCDEF", except: door.union(["Sources/KioskText/Hex.swift"])) == [])
    }
}
