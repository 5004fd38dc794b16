import KioskCore

/// `refund ORDER [AMOUNT|line N] [restock]`: gives back what order ORDER's payments took, in
/// part or whole or what one line cost, to the tenders it came from (the card first); its
/// stock goes back only when the operator says `restock`.
public enum RefundCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let order: UInt64
        /// `nil`: all that is left to refund (or the line's cost, with `line`).
        public let amount: Money?
        /// The one line refunded, from 1 as the receipt numbers them.
        public let line: Int?
        public let restock: Bool

        public init(order: UInt64, amount: Money?, line: Int? = nil, restock: Bool) {
            self.order = order
            self.amount = amount
            self.line = line
            self.restock = restock
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var list = words.words[...]
        guard let first = list.popFirst() else { throw words.usage }
        let order = try ReceiptCommand.sequence(first.hasPrefix("#") ? String(first.dropFirst()) : first)
        var amount: Money?
        var line: Int?
        var restock = false
        while let word = list.popFirst() {
            if PayCommand.isWord(word, "restock"), !restock {
                restock = true
            } else if amount == nil, line == nil, !restock, PayCommand.isWord(word, "line") {
                guard let number = list.popFirst() else { throw words.usage }
                guard CommandParser.isNumeral(number), !number.hasPrefix("-"), !number.hasPrefix("+"), number != "0" else {
                    throw .notANumber(number, what: "line")
                }
                guard let value = Int(number) else { throw .numberTooLarge(number, what: "line") }
                line = value
            } else if amount == nil, line == nil, !restock {
                amount = try PayCommand.amount(word)
            } else {
                throw words.usage
            }
        }
        return Arguments(order: order, amount: amount, line: line, restock: restock)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        do throws(PaymentError) {
            let steps = if let line = arguments.line {
                try session.kiosk.refund(
                    arguments.order, line: line, restock: arguments.restock, by: session.operatorName, at: session.clock(), emitting: &session.events
                )
            } else {
                try session.kiosk.refund(
                    arguments.order, amount: arguments.amount, restock: arguments.restock, by: session.operatorName, at: session.clock(),
                    emitting: &session.events
                )
            }
            return .refunded(steps)
        } catch {
            throw CommandError(error, kept: Ledger.historyCapacity)
        }
    }
}
