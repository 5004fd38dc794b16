import Foundation
import KioskTestSupport
import Testing

/// The table of worked examples of docs/LANGUAGE.md's choices: item, selection, price and
/// recipe, as written, for the tests that run each row (`kiosk check --explain`, an order).
enum WorkedExamples {
    struct Row {
        let item: String
        let selection: String
        let price: String
        let recipe: String
    }

    static func rows() throws -> [Row] {
        let document = try Repository.text("docs/LANGUAGE.md")
        let section = try #require(document.components(separatedBy: "### Worked examples").last)
        let table = try #require(section.components(separatedBy: "\n## ").first)
        let cells = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| item") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        try #require(cells.allSatisfy { $0.count == 4 })
        return cells.map { Row(item: $0[0], selection: $0[1], price: $0[2], recipe: $0[3]) }
    }
}
