import KioskCore
import KioskText

/// `stock [add|remove|set INGREDIENT N]`: the ingredients, or an edit of one.
public enum StockCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        case list
        case edit(StockEdit, ingredient: String, amount: Int)
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let first = list.first else { return .list }
        let sub = try words.subcommand(first)
        guard let edit = StockEdit(rawValue: sub) else { throw words.usage }
        let edited = try CommandWords.nameAndAmount(list.dropFirst(), synopsis: words.entry.synopsis)
        return .edit(edit, ingredient: edited.name, amount: edited.amount)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        switch arguments {
        case .list: .stock(StockListing(menu: session.kiosk.menu, inventory: session.kiosk.inventory, restock: session.kiosk.restockSuggestions))
        case .edit(let edit, let ingredient, let amount): .stockChanges([try Self.edit(edit, ingredient, by: amount, in: session)])
        }
    }

    /// Applies one edit to an ingredient found by name.
    static func edit(_ edit: StockEdit, _ name: String, by amount: Int, in session: Session) throws(CommandError) -> StockChange {
        let menu = session.kiosk.menu
        guard let index = menu.ingredientIndex(named: name) else {
            throw .unknownIngredient(name, suggestion: Suggestions.closest(to: name, among: menu.ingredients.map(\.name)))
        }
        let ingredient = menu.ingredients[index].name
        do {
            let change = try session.kiosk.edit(edit, amount, of: index, at: session.clock(), emitting: &session.events)
            return StockChange(ingredient: ingredient, from: change.from, to: change.to)
        } catch {
            switch error {
            case .belowZero(_, let available, let requested):
                throw .belowZero(ingredient: ingredient, available: available, requested: requested)
            case .aboveMaximum(_, let current, let requested):
                throw .aboveMaximum(ingredient: ingredient, current: current, requested: requested)
            case .amountOutOfRange(let amount):
                throw .numberTooLarge(String(amount), what: "amount")
            }
        }
    }
}
