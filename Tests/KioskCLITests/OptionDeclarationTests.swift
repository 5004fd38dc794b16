@testable import KioskCLI
import KioskText
import Testing

/// Each option is declared once (`Arguments.options`, `SimulateArguments.options`); the
/// help lists exactly the declared options, each with the value it declares. The
/// completions and the man pages are checked against the help in turn (`CompletionTests`,
/// `ManualPageTests`).
@Suite struct OptionDeclarationTests {
    /// The option column of a help's `Options:` section: each line's spellings with what
    /// follows them, `-h, --help` → `["-h", "--help"]`, `--menu FILE` → `["--menu FILE"]`.
    static func listed(in help: String) -> [[String]] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Options:") else { return [] }
        var listed: [[String]] = []
        for line in lines[(start + 1)...] {
            if line.isEmpty { break }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), line.hasPrefix("  ") else { continue }
            // The column ends at the first run of two spaces.
            let column = trimmed.split(separator: "  ", maxSplits: 1, omittingEmptySubsequences: false).first ?? trimmed
            listed.append(column.split(separator: ",").map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty })
        }
        return listed
    }

    /// How a declaration reads in a help: its spellings, the last with its value.
    static func written<Parsed, Failure>(_ declaration: OptionDeclaration<Parsed, Failure>) -> [String] {
        var spellings = declaration.spellings
        if let value = declaration.value { spellings[spellings.count - 1] += " " + value }
        return spellings
    }

    @Test func kiosksHelpListsEveryOptionOfItsCommandLineAndNoOther() {
        Localization.$speaking.withValue(.english) {
            let declared = Arguments.options.filter { !$0.serveOnly }.map(Self.written)
            #expect(declared.count > 10)
            #expect(Self.listed(in: UsageText.usage) == declared)
        }
    }

    @Test func servesHelpListsEveryOptionOnlyItTakes() {
        Localization.$speaking.withValue(.english) {
            let listed = Self.listed(in: UsageText.serve)
            let serveOnly = Arguments.options.filter(\.serveOnly).map(Self.written)
            #expect(serveOnly.count == 6)
            #expect(listed.filter { serveOnly.contains($0) }.count == serveOnly.count, "\(listed)")
        }
    }

    @Test func simulatesHelpListsEveryOptionOfItsCommandLineAndNoOther() {
        Localization.$speaking.withValue(.english) {
            let declared = SimulateArguments.options.map(Self.written)
            #expect(declared.count > 15)
            #expect(Self.listed(in: UsageText.simulate) == declared)
        }
    }

    @Test func repricesHelpListsEveryOptionOfItsCommandLineAndNoOther() {
        Localization.$speaking.withValue(.english) {
            let declared = RepriceArguments.options.map(Self.written)
            #expect(declared.count == 8)
            #expect(Self.listed(in: UsageText.reprice) == declared)
        }
    }

    @Test func aHelpThatLeftAnOptionOutWouldBeCaught() {
        let help = "Options:\n  --menu FILE   the menu\n  -h, --help    this help\n\nMore."
        #expect(Self.listed(in: help) == [["--menu FILE"], ["-h", "--help"]])
    }

    @Test func everyDeclaredSpellingIsReadAsDeclared() throws {
        for declaration in Arguments.options where declaration.value != nil && declaration.spellings != ["--lang"] {
            for spelling in declaration.spellings {
                // A value is asked for: the loop knows the option takes one.
                #expect(throws: UsageError.option(.missingValue(option: spelling))) { try Arguments.parse([spelling]) }
            }
        }
        for declaration in SimulateArguments.options where declaration.value == nil {
            // `=` splits long options only.
            for spelling in declaration.spellings where spelling.hasPrefix("--") {
                #expect(throws: SimulateUsageError.option(.unexpectedValue(option: spelling))) {
                    try SimulateArguments.parse([spelling + "=1"])
                }
            }
        }
    }
}
