import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

/// No file makes the compiler crash or hang.
@Suite struct RobustnessTests {
    @Test func everyPrefixOfTheCafeMenuCompilesOrFailsCleanly() throws {
        let cafe = try FileSourceLoader().read(Repository.menus + "/cafe.kiosk")
        let common = try FileSourceLoader().read(Repository.menus + "/common/messages-ko.kiosk")
        for length in stride(from: 0, through: cafe.count, by: 7) {
            let result = Compile(bytes: Array(cafe.prefix(length)), files: ["common/messages-ko.kiosk": String(decoding: common, as: UTF8.self)])
                .compilation
            #expect(wellFormednessProblems(of: result) == [], "the first \(length) bytes")
        }
    }

    @Test func randomBytesGiveDiagnosticsNotCrashes() {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<100 {
            let bytes = (0..<Int.random(in: 0...1000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let result = Compile(bytes: bytes).compilation
            #expect(!result.diagnostics.isEmpty || bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A }, "random bytes are rarely a menu")
            #expect(wellFormednessProblems(of: result) == [])
        }
    }

    @Test func shuffledMenuTokensGiveDiagnosticsNotCrashes() throws {
        let words = try String(decoding: FileSourceLoader().read(Repository.menus + "/cafe.kiosk"), as: UTF8.self)
            .split(whereSeparator: { $0 == " " }).map(String.init)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let source = (0..<60).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ")
            let result = Compile(source).compilation
            #expect(wellFormednessProblems(of: result) == [], "\(source)")
        }
    }

    @Test func invalidUTF8Everywhere() {
        let bytes: [UInt8] = [0x69, 0x6E, 0xC3, 0x28, 0x22, 0xE2, 0x82, 0x22, 0x0A, 0xF0, 0x9F, 0x0A, 0xED, 0xA0, 0x80, 0xC0, 0xAF]
        let result = Compile(bytes: bytes).compilation
        #expect(result.menu == nil)
        #expect(result.diagnostics.contains { $0.problem == .invalidUTF8 })
    }

    @Test func tenThousandNestedBraces() {
        let result = Compile("item X " + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)).compilation
        #expect(result.menu == nil)
        #expect(result.diagnostics.count < 10)
        let unclosed = Compile("item X " + String(repeating: "{", count: 10_000)).compilation
        #expect(unclosed.diagnostics.count < 10)
    }

    @Test func aMegabyteLine() {
        let result = Compile("ingredient " + String(repeating: "a", count: 1 << 20) + " stock 1").compilation
        #expect(result.diagnostics.map(\.problem) == [.invalidName(String(repeating: "a", count: 37) + "…", reason: .tooLong(limit: 100))])
    }

    @Test func aMegabyteOfNewlinesAndCommas() {
        #expect(Compile(String(repeating: "\n,", count: 1 << 19)).compilation.menu == nil)
        #expect(Compile(String(repeating: "\n", count: 1 << 20)).compilation.menu != nil)
    }

    @Test func fortyDigitNumbersEverywhereANumberGoes() {
        let big = "1234567890123456789012345678901234567890"
        let source = """
        ingredient a stock \(big) low \(big)
        item X price \(big) needs a \(big)
        item Y price \(big).5 needs a -\(big)
        sink webhook url "http://x/" retries \(big) timeout \(big)s
        """
        let result = Compile(source).compilation
        #expect(result.menu == nil)
        #expect(result.diagnostics.count == 8)
    }

    @Test func aCRLFFileCompilesLikeAnLFFile() throws {
        let lf = try #require(Compile(juiceMakerSource).menu).menu
        let crlf = try #require(Compile(juiceMakerSource.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")).menu).menu
        #expect(lf.items == crlf.items)
        #expect(lf.ingredients == crlf.ingredients)
    }

    @Test func anEmptyFileIsAnEmptyMenu() throws {
        let menu = try #require(Compile("").menu).menu
        #expect(menu.items.isEmpty)
    }

    @Test func includesThatNestTooDeepStop() {
        var files: [String: String] = [:]
        for depth in 0..<40 { files["f\(depth).kiosk"] = "include \"f\(depth + 1).kiosk\"" }
        files["f40.kiosk"] = ""
        let result = Compile("include \"f0.kiosk\"", files: files).compilation
        #expect(result.diagnostics.map(\.problem) == [.includeTooDeep(limit: 32)])
    }

    /// A menu may include at most 10,000 files in all: past that, one error at the first
    /// include too many, and the rest are not read.
    @Test func includedFilesAreBoundedInAll() {
        let limit = MenuCompiler.maximumIncludedFiles
        let files = ["leaf.kiosk": "", "half.kiosk": String(repeating: "include \"leaf.kiosk\"\n", count: limit / 2)]
        // 1 + 5,000 files, then 4,999 more: 10,000; then two too many.
        let source = "include \"half.kiosk\"\n" + String(repeating: "include \"leaf.kiosk\"\n", count: limit / 2 - 1 + 2)
        let result = Compile(source, files: files).compilation
        #expect(limit == 10_000)
        #expect(result.diagnostics.map(\.problem) == [.tooManyIncludes(limit: limit)])
        let location = result.diagnostics.first.map { result.sources.location(of: $0.range) }
        #expect(location?.line == limit / 2 + 1 && location?.column == 9 && result.diagnostics.first?.range.file == 0)
        #expect(result.sources.files.count == limit + 1, "the menu and the files it may include, no more")
    }
}

@Suite struct DiagnosticLimitTests {
    @Test func aFileOfErrorsKeepsTheFirstThousandAndCountsTheRest() {
        let result = Compile(String(repeating: "@ ", count: 50_000)).compilation
        #expect(result.diagnostics.count == MenuCompiler.maximumDiagnostics)
        #expect(result.errorCount == 50_000)
        let text = result.render(with: DiagnosticRenderer(), limit: 2)
        #expect(text.hasSuffix("… and 49998 more errors\n"))
        #expect(text.split(separator: "\n").filter { $0.hasSuffix("error: unexpected character '@'") }.count == 2)
    }
}
