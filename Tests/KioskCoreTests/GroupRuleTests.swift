import KioskCore
import Testing

/// The three group rules against the classic published example of group recommendation:
/// three viewers rating ten television items, A to J, on a scale of 1 to 10.
///
/// Source: Judith Masthoff, "Group Recommender Systems: Combining Individual Models", in
/// F. Ricci, L. Rokach, B. Shapira, P. B. Kantor (eds.), *Recommender Systems Handbook*,
/// Springer, 2011, pp. 677–702, doi:10.1007/978-0-387-85820-3_21. The ratings are its
/// Table 21.1; the rules are those of its Table 21.2 (Average, Least Misery, and Average
/// without Misery, which leaves out items rated below a threshold, "say 4"), whose worked
/// examples are checked below. The same example, with each rule's group ratings and group
/// list, is in J. Masthoff, "Group Modeling: Selecting a Sequence of Television Items to
/// Suit a Group of Viewers", *User Modeling and User-Adapted Interaction* 14 (2004) 37–85.
@Suite struct GroupRuleTests {
    static let items = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]
    static let ratings: KeyValuePairs<String, [Int]> = [
        "Peter": [10, 4, 3, 6, 10, 9, 6, 8, 10, 8],
        "Jane": [1, 9, 8, 9, 7, 9, 6, 9, 3, 8],
        "Mary": [10, 5, 2, 7, 9, 8, 5, 6, 7, 6],
    ]

    /// Each item once on a menu with stock for all; every item can be made as often, so
    /// only the scores and the menu order decide.
    static func menu() throws -> Menu {
        try Menu(
            name: "Television", ingredients: [Ingredient(name: "airtime", initialStock: 100)],
            items: items.map { Item(name: $0, recipe: Recipe([.init(ingredient: 0, quantity: 1)])) },
            suggestSettings: SuggestSettings(shows: 10, next: 0, threshold: 4)
        )
    }

    /// The ratings as profiles: one `rate` change per rating.
    static let profiles = Profiles(replaying: ratings.flatMap { person, scores in
        zip(items, scores).map { ProfileChange.rate(profile: person, item: $0, score: $1) }
    })

    static func suggested(by rule: GroupRule) throws -> [Suggestion] {
        let request = SuggestionRequest(profiles: ["Peter", "Jane", "Mary"], rule: rule)
        return try #require(try Suggester.suggest(request, menu: menu(), inventory: menu().initialInventory, profiles: profiles).pages).ranked
    }

    @Test func averageGivesThePublishedGroupRatingsAndList() throws {
        let ranked = try GroupRuleTests.suggested(by: .average)
        // Group ratings as published: the sums 21 18 13 22 26 26 17 23 20 22 over three.
        let totals = Dictionary(uniqueKeysWithValues: ranked.map { ($0.name, $0.score.total) })
        #expect(GroupRuleTests.items.map { totals[$0] } == [21, 18, 13, 22, 26, 26, 17, 23, 20, 22])
        #expect(ranked.allSatisfy { $0.score.count == 3 })
        let shown = Dictionary(uniqueKeysWithValues: ranked.map { ($0.name, $0.score.description) })
        #expect(GroupRuleTests.items.map { shown[$0] } == ["7", "6", "4.3", "7.3", "8.7", "8.7", "5.7", "7.7", "6.7", "7.3"])
        // Published list: (E, F) H (D, J) A I B G C; ties in menu order.
        #expect(ranked.map(\.name) == ["E", "F", "H", "D", "J", "A", "I", "B", "G", "C"])
    }

    @Test func leastMiseryGivesThePublishedGroupRatingsAndList() throws {
        let ranked = try GroupRuleTests.suggested(by: .leastMisery)
        let scores = Dictionary(uniqueKeysWithValues: ranked.map { ($0.name, $0.score.description) })
        #expect(GroupRuleTests.items.map { scores[$0] } == ["1", "4", "2", "6", "7", "8", "5", "6", "3", "6"])
        // Published list: F E (H, J, D) G B I C A; ties in menu order.
        #expect(ranked.map(\.name) == ["F", "E", "D", "H", "J", "G", "B", "I", "C", "A"])
        // Table 21.2: "B's group rating is 4, namely the smallest of 4, 9, 5".
        #expect(ranked.first { $0.name == "B" }?.leastPleased == MemberScore(name: "Peter", score: 4))
    }

    @Test func averageWithoutMiseryGivesThePublishedGroupRatingsAndList() throws {
        let ranked = try GroupRuleTests.suggested(by: .averageWithoutMisery)
        let scores = Dictionary(uniqueKeysWithValues: ranked.map { ($0.name, $0.score.description) })
        // A (Jane 1), C (Peter 3, Mary 2) and I (Jane 3) have a rating below 4 and are left out;
        // B, whose lowest rating is exactly 4, stays.
        #expect(GroupRuleTests.items.map { scores[$0] } == [nil, "6", nil, "7.3", "8.7", "8.7", "5.7", "7.7", nil, "7.3"])
        // Published list: (E, F) H (D, J) B G; ties in menu order.
        #expect(ranked.map(\.name) == ["E", "F", "H", "D", "J", "B", "G"])
        // Table 21.2: "J's group rating is 7.3 (the average of 8, 8, 6)".
        #expect(ranked.first { $0.name == "J" }?.memberScores.map(\.score) == [8, 8, 6])
    }
}
