import KioskCore
import KioskSimulation
import KioskText
import Testing

/// `kiosk --lang ko simulate`: the report's words in Korean, its numbers, times and
/// durations as in English, its tables aligned by display cells.
@Suite struct KoreanReportTextTests {
    static func rendered(_ language: Language, replications: Int = 1) throws -> String {
        let report = try Replications.run(menu: Menu.juiceMaker, configuration: ReportTextTests.day(seed: 42), count: replications)
        return Localization.$speaking.withValue(language) { ReportText.render(report) }
    }

    @Test(arguments: [1, 3]) func theWordsAreKoreanAndTheNumbersTheSame(replications: Int) throws {
        let korean = try Self.rendered(.korean, replications: replications)
        let english = try Self.rendered(.english, replications: replications)
        #expect(english == (replications == 1 ? ReportTextTests.single : ReportTextTests.replicated), "English is unchanged")
        #expect(Self.numbers(in: korean) == Self.numbers(in: english))
        for line in korean.split(separator: "\n") where line.contains(where: \.isLetter) {
            let words = line.split(whereSeparator: { !$0.isLetter }).map(String.init)
            let english = words.filter { $0.unicodeScalars.allSatisfy(\.isASCII) && !Self.names.contains($0) }
            #expect(String(line).hasHangul || english.isEmpty, "\(line)")
        }
        #expect(!korean.contains("Customers") && !korean.contains("enough") && !korean.contains("station"))
    }

    @Test func theTablesAlignByDisplayCells() throws {
        let korean = try Self.rendered(.korean)
        let blocks = korean.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
        let headings = ["스테이션", "대기 시간", "체류 시간", "재료"]
        let tables = blocks.filter { block in headings.contains { block.first?.hasPrefix($0) == true } }
        #expect(tables.count == 4)
        for table in tables {
            // The last column is right-aligned: every row ends in the same display cell.
            let rows = table.filter { !$0.hasPrefix("충분량:") }
            let widths = Set(rows.map { TerminalText.width(of: $0) })
            #expect(widths.count == 1, "\(table)")
        }
        let stations = tables[0]
        #expect(stations[0] == "스테이션  인원  응대  이탈  가동률  대기 비율  최장 대기열")
    }

    /// Names from the menu and the configuration, and units, that stay as they are.
    static let names: Set<String> = [
        "kiosk", "simulate", "Juice", "Maker", "juicer", "blender", "h", "m", "s", "ms", "exponential", "low", "lead", "L", "W", "p",
        "mango", "strawberry", "pineapple", "kiwi", "watermelon", "banana", "milk", "min",
    ]

    /// The numbers of a text, sorted: the same in every language, whatever the order of words.
    static func numbers(in text: String) -> [String] {
        text.matches(of: /[0-9][0-9.,:]*/).map { String($0.output) }.sorted()
    }
}

extension String {
    /// Holds a Hangul syllable: a Korean word.
    var hasHangul: Bool {
        unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }
}
