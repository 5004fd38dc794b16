import KioskCore

/// `restock [INGREDIENT N]`: adds like `stock add`; alone, tops up every low or short
/// ingredient (asking how much at a terminal).
public enum RestockCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        /// Every low or short ingredient, by its suggested amount.
        case all
        case one(ingredient: String, amount: Int)

        public var conversation: Conversation { self == .all ? .askRestockAmounts : .none }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        guard !words.isEmpty else { return .all }
        let restocked = try words.nameAndAmount()
        return .one(ingredient: restocked.name, amount: restocked.amount)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        switch arguments {
        case .one(let ingredient, let amount):
            return .stockChanges([try StockCommand.edit(.restock, ingredient, by: amount, in: session)])
        case .all:
            var changes: [StockChange] = []
            for suggestion in suggestions(in: session) {
                changes.append(try StockCommand.edit(.restock, suggestion.ingredient, by: suggestion.amount, in: session))
            }
            return .restocked(changes)
        }
    }

    // MARK: Restocking by answering questions

    /// Every low or short ingredient with the amount `restock` offers.
    public static func suggestions(in session: Session) -> [RestockSuggestion] {
        let kiosk = session.kiosk
        return kiosk.restockSuggestions.map {
            RestockSuggestion(ingredient: kiosk.menu.ingredients[$0.ingredient].name, count: kiosk.inventory[$0.ingredient], amount: $0.amount)
        }
    }

    /// What the last refused order was short of, with the shortfall as the amount.
    public static func shortfalls(in session: Session) -> [RestockSuggestion] {
        let kiosk = session.kiosk
        return kiosk.lastShortfalls.map { shortfall in
            let count = kiosk.inventory[shortfall.ingredient]
            return RestockSuggestion(ingredient: kiosk.menu.ingredients[shortfall.ingredient].name, count: count, amount: max(0, shortfall.needed - count))
        }
    }

    /// `restock INGREDIENT AMOUNT`, as a person answered a suggestion; `nil` if `session`
    /// has no `restock` command.
    public static func command(_ ingredient: String, amount: Int, in session: Session) -> Command? {
        session.commands.entry(named: "restock").map { Command(entry: $0, arguments: Arguments.one(ingredient: ingredient, amount: amount)) }
    }
}

/// An ingredient `restock` would top up: its name, its count now, and how many to add.
public struct RestockSuggestion: Sendable, Equatable {
    public let ingredient: String
    public let count: Int
    public let amount: Int

    public init(ingredient: String, count: Int, amount: Int) {
        self.ingredient = ingredient
        self.count = count
        self.amount = amount
    }
}
