import KioskText

/// The `data` of a `suggestion.made` event:
///
/// ```json
/// {"profiles":["ana","ben"],"party":2,"answers":{"sweet":"y","tropical":"-"},"rule":"average-without-misery",
///  "lenient":false,"page":1,"items":[{"item":"Mango Juice","score":7.5},{"item":"Kiwi Juice","score":6,"allergens":"undeclared"}]}
/// ```
///
/// `profiles` is empty for one anonymous customer; `answers` holds only the questions
/// answered or skipped, by key, in question order; a score is a number with at most one
/// decimal; `"allergens":"undeclared"` marks an item shown with `lenient` whose allergens
/// the menu does not declare.
extension SuggestionMade {
    func writeFields(to writer: inout JSONWriter) {
        writer.array("profiles", strings: profiles)
        writer.field("party", partySize)
        writer.key("answers")
        writer.beginObject()
        for answer in answers {
            writer.key(string: answer.question)
            writer.string(answer.answer.symbol)
        }
        writer.endObject()
        writer.field("rule", rule.rawValue)
        writer.field("lenient", lenient)
        writer.field("page", page)
        writer.key("items")
        writer.beginArray()
        for item in items {
            writer.beginObject()
            writer.field("item", item.item)
            writer.key("score")
            writer.raw(item.score.utf8)
            if item.undeclaredAllergens { writer.field("allergens", "undeclared") }
            if let choice = item.choice { writer.fields(of: choice) }
            writer.endObject()
        }
        writer.endArray()
    }

    /// The payload from an event's `data`, as `writeFields` wrote it: for replaying a spool.
    public init?(json data: JSONValue) {
        guard let profiles = data["profiles"]?.array?.compactMap(\.string), let partySize = data["party"]?.int,
              let answerFields = data["answers"]?.fields, let rule = data["rule"]?.string.flatMap(GroupRule.init(rawValue:)),
              case .bool(let lenient)? = data["lenient"], let page = data["page"]?.int, let itemValues = data["items"]?.array
        else { return nil }
        var answers: [AnsweredQuestion] = []
        for field in answerFields {
            guard let symbol = field.value.string, let answer = Answer.allCases.first(where: { $0.symbol == symbol }) else { return nil }
            answers.append(AnsweredQuestion(question: field.key, answer: answer))
        }
        var items: [ScoredItem] = []
        for value in itemValues {
            guard let item = value["item"]?.string, case .number(let text)? = value["score"], let tenths = SuggestionMade.tenths(text) else { return nil }
            var choice: LineChoice?
            if value["options"] != nil {
                guard let chosen = LineChoice(json: value) else { return nil }
                choice = chosen
            }
            items.append(ScoredItem(item: item, tenths: tenths, undeclaredAllergens: value["allergens"]?.string == "undeclared", choice: choice))
        }
        self.init(profiles: profiles, partySize: partySize, answers: answers, rule: rule, lenient: lenient, page: page, items: items)
    }

    /// `7` → 70, `7.3` → 73; `nil` for anything else.
    private static func tenths(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first.flatMap({ Int($0) }), (0...1_000_000).contains(whole) else { return nil }
        switch parts.count {
        case 1: return whole * 10
        case 2:
            guard parts[1].count == 1, let fraction = Int(parts[1]), fraction >= 0 else { return nil }
            return whole * 10 + fraction
        default: return nil
        }
    }
}

extension LineChoice {
    /// The choice in an object as `JSONWriter.fields(of:)` wrote it; `nil` when it is not.
    convenience init?(json value: JSONValue) {
        guard let optionValues = value["options"]?.array, let recipeFields = value["recipe"]?.fields else { return nil }
        var options: [Option] = []
        for option in optionValues {
            guard let group = option["group"]?.string, let name = option["option"]?.string, let count = option["count"]?.int else { return nil }
            options.append(Option(group: group, option: name, count: count, removes: option["removes"] == .bool(true)))
        }
        var recipe: [IngredientCount] = []
        for field in recipeFields {
            guard let count = field.value.int else { return nil }
            recipe.append(IngredientCount(ingredient: field.key, count: count))
        }
        var unitPrice: Money?
        if let price = value["unitPrice"] {
            guard case .number(let text) = price, let money = Money(text) else { return nil }
            unitPrice = money
        }
        self.init(size: value["size"]?.string, options: options, unitPrice: unitPrice, recipe: recipe)
    }
}
