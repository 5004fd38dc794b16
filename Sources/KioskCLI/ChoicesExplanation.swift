import KioskCore
import KioskText

/// `kiosk check FILE --explain ITEM`: every selection an item allows, with its price and
/// the recipe it takes, or, when there are more than `listLimit`, their count and the
/// cheapest and dearest. Counted group by group (`ItemChoices.selectionCount`), so an item
/// with millions of selections is explained at once, in flat memory.
struct ChoicesExplanation {
    /// The most selections listed one by one.
    static let listLimit = 100

    let menu: Menu

    /// The explanation of the item or combo `name` finds, or `nil` when it finds neither.
    func text(for name: String) -> String? {
        if let index = menu.itemIndex(named: name) { return explain(menu.items[index]) }
        if let index = menu.comboIndex(named: name) { return explain(menu.combos[index]) }
        return nil
    }

    /// What could have been meant: the closest item or combo name.
    func suggestion(for name: String) -> String? {
        Suggestions.closest(to: name, among: menu.items.map(\.name) + menu.combos.map(\.name))
    }

    private func explain(_ item: Item) -> String {
        guard let choices = item.choices else {
            var table = TextTable([(tr("PRICE"), .right), (tr("SELECTION"), .left), (tr("NEEDS"), .left)])
            table.add([item.price?.grouped ?? "", tr("(no choices)"), needs(item.recipe)])
            return tr("{item}: no choices, 1 selection", ["item": item.name]) + "\n" + table.lines.joined(separator: "\n") + "\n"
        }
        var out = heading(item.name, choices) + "\n"
        for group in choices.groups { out += "  " + group.summary + "\n" }
        if let selection = choices.defaultSelection {
            out += "  " + tr("without a choice: {selection}", ["selection": words(choices, selection)]) + "\n"
        } else {
            out += "  " + tr("an order must choose: {choices}", ["choices": mustChoose(choices).joined(separator: ", ")]) + "\n"
        }
        var table = TextTable([(tr("PRICE"), .right), (tr("SELECTION"), .left), (tr("NEEDS"), .left)])
        if let count = choices.selectionCount, count <= ChoicesExplanation.listLimit {
            choices.forEachSelection { selection in
                table.add(row(choices, selection))
                return true
            }
        } else if let (cheapest, dearest) = choices.priceExtremes {
            out += "  " + tr("too many to list; the cheapest and the dearest:") + "\n"
            table.add(row(choices, cheapest))
            table.add(row(choices, dearest))
        }
        return out + table.lines.joined(separator: "\n") + "\n"
    }

    private func explain(_ combo: Combo) -> String {
        let count = combo.selectionCount(in: menu.items).map(\.grouped) ?? tr("more than {count}", ["count": Int.max.grouped])
        var out = tr("{combo}: {price}, {count} allowed selections", [
            "combo": combo.name, "price": combo.price?.grouped ?? tr("no price"), "count": count,
        ]) + "\n"
        for slot in combo.slots {
            let items = slot.items.map { index in
                let item = menu.items[index]
                guard let selections = item.choices?.selectionCount else { return item.name }
                return tr("{item} ({count} selections)", ["item": item.name, "count": selections.grouped])
            }
            out += "  " + tr("choose {limits} from {items}", ["limits": OptionGroup.limitsText(slot.minimum, slot.maximum), "items": items.joined(separator: ", ")]) + "\n"
        }
        return out + "  " + tr("each item keeps its own choices; they add what they cost above its cheapest") + "\n"
    }

    /// `Latte: 2 sizes, 3 groups of options, 40 allowed selections`.
    private func heading(_ name: String, _ choices: ItemChoices) -> String {
        let count = choices.selectionCount.map(\.grouped) ?? tr("more than {count}", ["count": Int.max.grouped])
        let sizes = choices.hasSizes ? trn("{count} size", "{count} sizes", choices.sizes.count, ["count": choices.sizes.count]) : nil
        let groups = trn("{count} group of options", "{count} groups of options", choices.groups.count, ["count": choices.groups.count])
        let allowed = tr("{count} allowed selections", ["count": count])
        return "\(name): " + ([sizes, groups, allowed].compactMap { $0 }).joined(separator: ", ")
    }

    private func row(_ choices: ItemChoices, _ selection: Selection) -> [String] {
        [choices.price(of: selection)?.grouped ?? "", words(choices, selection), needs(choices.recipe(of: selection))]
    }

    private func words(_ choices: ItemChoices, _ selection: Selection) -> String {
        let words = choices.describe(selection)
        return words.isEmpty ? tr("(no options)") : words.joined(separator: ", ")
    }

    private func needs(_ recipe: Recipe) -> String {
        recipe.components.map { "\(menu.ingredients[$0.ingredient].name) \($0.quantity)" }.joined(separator: ", ")
    }

    /// The size and the required groups without enough defaults: what an order must name.
    private func mustChoose(_ choices: ItemChoices) -> [String] {
        let open = choices.openChoices
        return (open.size ? [tr("a size")] : []) + open.groups.map { choices.groups[$0].name }
    }
}
