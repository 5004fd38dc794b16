/// The large menu of the budgets: 10,000 items over 1,000 ingredients, as a `.kiosk` file and
/// as the same content in JSON (the JSONSerialization baseline).
enum MenuGenerator {
    static func kiosk(items: Int = 10_000, ingredients: Int = 1_000) -> String {
        var text = "kiosk \"Bench Hall\" currency \"KRW\"\n\n"
        for index in 0..<ingredients {
            text += "ingredient \(ingredientName(index)) stock \(1_000 + index) low 10 unit \"g\"\n"
        }
        text += "\n"
        for index in 0..<items {
            let needs = components(of: index, ingredients: ingredients)
                .map { "\(ingredientName($0.0)) \($0.1)" }.joined(separator: ", ")
            text += "item \"Item \(index)\" alias i\(index) price \(1_000 + index % 500).50 needs \(needs)\n"
        }
        return text
    }

    /// The same items, each with two sizes (the second the default) and three groups of
    /// four options, every option a price and a line of its own: the menu of the choices
    /// budget, which parses and binds against the plain one.
    static func kioskWithChoices(items: Int = 10_000, ingredients: Int = 1_000) -> String {
        var text = "kiosk \"Bench Hall\" currency \"KRW\"\n\n"
        for index in 0..<ingredients {
            text += "ingredient \(ingredientName(index)) stock \(1_000 + index) low 10 unit \"g\"\n"
        }
        text += "\n"
        for index in 0..<items {
            let parts = components(of: index, ingredients: ingredients)
            let small = parts.map { "\(ingredientName($0.0)) \($0.1)" }.joined(separator: ", ")
            let large = parts.map { "\(ingredientName($0.0)) \($0.1 * 2)" }.joined(separator: ", ")
            text += "item \"Item \(index)\" alias i\(index) {\n"
            text += "  size small price \(1_000 + index % 500).50 needs \(small)\n"
            text += "  size large price \(1_500 + index % 500).50 needs \(large) default\n"
            for (group, limits) in [("Milk", "1"), ("Extras", "0..3"), ("Syrup", "0..1")] {
                text += "  options \(group) choose \(limits) {\n"
                for option in 0..<4 {
                    let ingredient = ingredientName((index * 11 + option * 17 + group.count) % ingredients)
                    text += "    option \"\(group) \(option)\" price +\(option * 100) needs \(ingredient) 1\(option == 0 && limits == "1" ? " default" : "")\n"
                }
                text += "  }\n"
            }
            text += "}\n"
        }
        return text
    }

    static func json(items: Int = 10_000, ingredients: Int = 1_000) -> String {
        var text = #"{"kiosk":{"name":"Bench Hall","currency":"KRW"},"ingredients":["#
        text += (0..<ingredients).map {
            #"{"name":"\#(ingredientName($0))","stock":\#(1_000 + $0),"low":10,"unit":"g"}"#
        }.joined(separator: ",")
        text += #"],"items":["#
        text += (0..<items).map { index in
            let needs = components(of: index, ingredients: ingredients).map { #""\#(ingredientName($0.0))":\#($0.1)"# }.joined(separator: ",")
            return #"{"name":"Item \#(index)","aliases":["i\#(index)"],"price":\#(1_000 + index % 500).50,"needs":{\#(needs)}}"#
        }.joined(separator: ",")
        return text + "]}"
    }

    static func ingredientName(_ index: Int) -> String { "ingredient-\(index)" }

    /// Three distinct ingredients per item, spread over all of them.
    static func components(of item: Int, ingredients: Int) -> [(Int, Int)] {
        [(item % ingredients, 1 + item % 3), ((item * 7 + 3) % ingredients, 2), ((item * 13 + 5) % ingredients, 1 + item % 5)]
            .reduce(into: [(Int, Int)]()) { parts, part in
                if !parts.contains(where: { $0.0 == part.0 }) { parts.append(part) }
            }
    }
}
