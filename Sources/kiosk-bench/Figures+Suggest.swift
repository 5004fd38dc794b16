import Foundation
import KioskCore
import KioskMenu
import KioskSinks

/// `suggest`'s figure: a group on the large menu, through the core.
extension Figures {
    /// Suggestions for a group of 10 on the 10,000-item menu with tags, allergens and 20
    /// questions, every question answered; each member avoids something, likes and
    /// dislikes tags and rates items. One request is the whole work: vetoes, scores, the
    /// rule, the ranking and the first page.
    func suggestForAGroup() throws -> Figure {
        let source = Array(MenuGenerator.suggestKiosk().utf8)
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: InMemorySourceLoader(files: [:]))
        guard let menu = compiler.compile(source: source, path: "bench.kiosk").menu?.menu, menu.questions.count == 20 else {
            throw BenchError.failed("the generated menu with questions does not compile")
        }
        var changes: [ProfileChange] = []
        for member in 0..<10 {
            let name = "member-\(member)"
            changes += [
                .avoid(profile: name, ["nuts", "sesame", "tag-\(member * 3 + 1)"][member % 3]),
                .like(profile: name, "tag-\(member * 2)"), .dislike(profile: name, "tag-\(member * 5 % 40)"),
                .rate(profile: name, item: "Item \(member * 997)", score: 1 + member % 10),
            ]
        }
        let profiles = Profiles(replaying: changes)
        let answers: [Answer] = (0..<20).map { [.yes, .no, .yes, .skip][$0 % 4] }
        let request = SuggestionRequest(profiles: (0..<10).map { "member-\($0)" }, answers: answers, rule: .averageWithoutMisery)
        let inventory = menu.initialInventory
        guard try Suggester.suggest(request, menu: menu, inventory: inventory, profiles: profiles).pages?.page.count == 3 else {
            throw BenchError.failed("the group got no suggestions")
        }
        let count = quick ? 300 : 2_000
        var rates: [Double] = []
        for round in 0..<(runs + 1) {
            var shown = 0
            let seconds = try Measure.seconds {
                for _ in 0..<count {
                    shown &+= try Suggester.suggest(request, menu: menu, inventory: inventory, profiles: profiles).pages?.page.count ?? 0
                }
            }
            guard shown == 3 * count else { throw BenchError.failed("a suggestion went missing") }
            if round > 0 { rates.append(Double(count) / seconds) }
        }
        let value = Measure.median(rates)
        return Figure(
            name: "suggest for a group of 10, 10,000 items, 20 questions answered", value: value, unit: "suggestions/s",
            budget: .atLeast(1_000),
            meaning: "a group's suggestion on a huge menu costs a fraction of a millisecond, so 'suggest' answers at once "
                + "and a kiosk could suggest for every customer in the queue"
        )
    }
}

extension MenuGenerator {
    /// The large menu with what `suggest` reads: three of 40 tags and some allergens on
    /// each item (a fifth undeclared), and 20 questions.
    static func suggestKiosk() -> String {
        var index = 0
        var text = kiosk().split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("item ") else { return String(line) }
            defer { index += 1 }
            let tags = suggestTags(of: index)
            let allergens = ["allergens none", "allergens milk", "allergens nuts", "allergens gluten, eggs", ""][index % 5]
            return line + " tags " + tags.joined(separator: ", ") + (allergens.isEmpty ? "" : " " + allergens)
        }.joined(separator: "\n")
        for question in 0..<20 {
            text += "question q\(question) \"Question \(question)?\" tags tag-\(question), tag-\(question + 20)\n"
        }
        return text
    }

    /// The three tags of item `index` in `suggestKiosk()`.
    static func suggestTags(of index: Int) -> [String] {
        let first = index % 40
        return [first, (first + 1 + index % 19) % 40, (first + 21 + index % 17) % 40].map { "tag-\($0)" }
    }
}
