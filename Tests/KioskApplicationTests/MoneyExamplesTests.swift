import KioskApplication
import KioskCore
import KioskTestSupport
import KioskText
import Testing

/// docs/MONEY.md's worked examples, run as written: each menu, each row's command at its
/// time, and every amount the row gives.
@Suite struct MoneyExamplesTests {
    struct Example: CustomTestStringConvertible {
        let menu: String
        let rows: [[String]]

        var testDescription: String { String(menu.split(separator: "\n").first ?? "") }
    }

    /// Each ```kiosk block of the worked examples and the rows of the table after it.
    static func examples() throws -> [Example] {
        let text = try Repository.text("docs/MONEY.md")
        guard let start = text.range(of: "## Worked examples") else { return [] }
        var examples: [Example] = []
        var menu: [String]?
        var rows: [[String]] = []
        var lastMenu = ""
        func flush() {
            if !rows.isEmpty { examples.append(Example(menu: lastMenu, rows: rows)) }
            rows = []
        }
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```kiosk" {
                flush()
                menu = []
            } else if line == "```", let lines = menu {
                lastMenu = lines.joined(separator: "\n") + "\n"
                menu = nil
            } else if menu != nil {
                menu?.append(String(line))
            } else if line.hasPrefix("| 20") {
                rows.append(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                    String($0).trimmingWhitespace()
                })
            }
        }
        flush()
        return examples
    }

    @Test func theDocumentHasTheExamplesTheIssueAsksFor() throws {
        let examples = try Self.examples()
        #expect(examples.count == 7)
        #expect(examples.reduce(0) { $0 + $1.rows.count } == 15)
        #expect(examples.allSatisfy { $0.rows.allSatisfy { $0.count == 8 } })
    }

    @Test(arguments: try examples())
    func everyRowPricesAsWritten(_ example: Example) throws {
        for row in example.rows {
            let time = try #require(Self.time(row[0]), "\(row[0])")
            let harness = try SessionHarness(menu: example.menu, time: SessionClock(wall: { time }))
            let command = row[1].trimmingCharacters(in: ["`"])
            let result = try harness.run(command)
            guard case .quoted(let summary) = result.output, let price = summary.price else {
                Issue.record("\(command): \(String(describing: result.error))")
                continue
            }
            let cents = price.hasCents
            let taxes = price.taxes.filter { $0.amount != .zero }.map { "\($0.name) \($0.amount.grouped(cents: cents))" + ($0.included ? " included" : "") }
            let priced = [
                price.subtotal.grouped(cents: cents), price.discounts.map { "\($0.name) \($0.amount.grouped(cents: cents))" }.joined(separator: "; "),
                taxes.joined(separator: "; "), price.net.grouped(cents: cents), price.total.grouped(cents: cents),
                price.lines.map { $0.total.grouped(cents: cents) }.joined(separator: " · "),
            ]
            #expect(priced == Array(row[2...]), "\(row[0]) \(command)")
            #expect(summary.total == price.total)
            // The parts add up: net, included and added taxes make the total; discounts the rest.
            let taxed = price.taxes.reduce(0) { $0 + $1.amount.hundredths }
            #expect(price.net.hundredths + taxed == price.total.hundredths)
            let added = price.taxes.filter { !$0.included }.reduce(0) { $0 + $1.amount.hundredths }
            #expect(price.subtotal.hundredths - price.discounts.reduce(0) { $0 + $1.amount.hundredths } + added == price.total.hundredths)
            #expect(result.events.isEmpty && harness.session.kiosk.sequence == 0, "price places nothing")
        }
    }

    /// `2026-11-20 16:00`, UTC.
    static func time(_ text: String) -> Timestamp? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == ":" }).compactMap { Int64($0) }
        guard parts.count == 5 else { return nil }
        return CivilTime.milliseconds(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: 0, millisecond: 0)
            .map(Timestamp.init(millisecondsSince1970:))
    }
}
