@testable import KioskCLI
import KioskText
import Testing

/// The command line of `kiosk reprice`: found among `kiosk`'s arguments, its times and
/// dates read, and what it cannot run with refused with the reason.
@Suite struct RepriceArgumentsTests {
    @Test func repriceIsFoundWithOptionsOnEitherSide() {
        #expect(Arguments.repriceArguments(["reprice", "--state", "s", "--menu", "m"]) == ["--state", "s", "--menu", "m"])
        #expect(Arguments.repriceArguments(["--state", "s", "reprice", "--menu", "m"]) == ["--state", "s", "--menu", "m"])
        // A value that reads `reprice` is the value of its option.
        #expect(Arguments.repriceArguments(["--menu", "reprice", "-c", "menu"]) == nil)
        #expect(Arguments.repriceArguments(["check", "reprice"]) == nil)
    }

    @Test func timesAndDatesAreRead() throws {
        let parsed = try RepriceArguments.parse([
            "--state", "s", "--menu", "m", "--from", "2026-11-20T15:00:00Z", "--to", "2026-11-21", "--all", "--csv",
        ])
        #expect(parsed.from == .instant(1_795_186_800_000))
        #expect(parsed.to == .day(1_795_219_200_000))
        #expect(parsed.all)
        #expect(parsed.output == .csv)
        #expect(try RepriceArguments.bound("2026-11-20T15:00:00.250Z", option: "--from") == .instant(1_795_186_800_250))
        for bad in ["2026-11-20T15:00Z", "2026-02-30", "2026-13-01", "20261120", "today", ""] {
            #expect(throws: RepriceUsageError.invalidValue(option: "--to", value: bad, expected: RepriceArguments.boundExpected)) {
                try RepriceArguments.bound(bad, option: "--to")
            }
        }
    }

    @Test func whatItCannotRunWithIsRefused() {
        #expect(throws: RepriceUsageError.missing("--state")) { try RepriceArguments.parse(["--menu", "m"]) }
        #expect(throws: RepriceUsageError.missing("--menu")) { try RepriceArguments.parse(["--state", "s"]) }
        #expect(throws: RepriceUsageError.conflicting("--json", "--csv")) { try RepriceArguments.parse(["--state", "s", "--menu", "m", "--csv", "--json"]) }
        #expect(throws: RepriceUsageError.unexpectedArgument("extra")) { try RepriceArguments.parse(["--state", "s", "--menu", "m", "extra"]) }
        #expect(throws: RepriceUsageError.option(.missingValue(option: "--from"))) { try RepriceArguments.parse(["--from"]) }
        #expect((try? RepriceArguments.parse(["--help"]))?.help == true, "the help needs neither")
    }
}
