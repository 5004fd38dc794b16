import Foundation
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

    /// Each layer's records are its own: a kind of fact (`RecordedFact`) or a fold of them
    /// (`RecordedFold`) is declared in the module that registers it in a `RecordFormat`, and
    /// neither the domain nor the records module declares one — so a new layer adds its
    /// records without editing either.
    @Test func eachLayerRegistersItsOwnRecords() throws {
        let declaration = try Regex(#"(?:struct|enum|final class|class|extension)\s+(\w+)\s*:[^{]*\bRecorded(?:Fact|Fold)\b"#)
        var registered: [String: [String]] = [:]
        for module in try PackageManifest().targets.map(\.name) {
            for path in SourceTree.files(under: "Sources/\(module)", endingIn: ".swift") {
                let code = try Self.code(of: path).joined(separator: "\n")
                for match in code.matches(of: declaration) {
                    guard let name = match.output[1].substring.map(String.init) else { continue }
                    registered[module, default: []].append(name)
                }
            }
        }
        #expect(Set(registered.keys) == ["KioskSinks", "KioskServer"], "the layers that keep facts: \(registered)")
        #expect(Set(registered["KioskSinks"] ?? []) == ["DeliveryFailed", "RetryRequested", "DeliveryResolved", "DeliveryFailures"])
        for (module, names) in registered {
            let code = try SourceTree.files(under: "Sources/\(module)", endingIn: ".swift").map { try Self.code(of: $0).joined(separator: "\n") }
            let formats = code.flatMap { $0.split(separator: "RecordFormat(").dropFirst() }
            for name in names {
                #expect(formats.contains { $0.contains("\(name).self") }, "\(module) registers \(name) in a RecordFormat")
            }
        }
        // The domain's entries are its own and one for every other layer's fact.
        let entries = try Self.code(of: "Sources/KioskCore/Journal/JournalRecord.swift").filter { $0.contains("    case ") }
        #expect(entries.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "case event(Event)", "case stockDeclared(ingredient: String, count: Int)", "case profileChanged(ProfileChange)", "case fact(Fact)",
        ])
        let domainCodes = try Self.code(of: "Sources/KioskRecords/RecordCodec.swift").filter { $0.contains("case ") && $0.contains(" = 6") }
        #expect(domainCodes.count == 2, "the codec's own facts: stock declared (64) and profile changed (68): \(domainCodes)")
    }
}

