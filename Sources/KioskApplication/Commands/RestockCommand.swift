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
            for suggestion in session.restockSuggestions {
                changes.append(try StockCommand.edit(.restock, suggestion.ingredient, by: suggestion.amount, in: session))
            }
            return .restocked(changes)
        }
    }
}
