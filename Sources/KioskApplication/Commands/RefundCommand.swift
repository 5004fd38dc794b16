import KioskCore

/// `refund ORDER [AMOUNT] [restock]`: gives back what order ORDER's payments took, in part
/// or whole, to the tenders it came from (the card first); its stock goes back only when
/// the operator says `restock`.
public enum RefundCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let order: UInt64
        /// `nil`: all that is left to refund.
        public let amount: Money?
        public let restock: Bool

        public init(order: UInt64, amount: Money?, restock: Bool) {
            self.order = order
            self.amount = amount
            self.restock = restock
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var list = words.words[...]
        guard let first = list.popFirst() else { throw words.usage }
        let order = try ReceiptCommand.sequence(first.hasPrefix("#") ? String(first.dropFirst()) : first)
        var amount: Money?
        var restock = false
        while let word = list.popFirst() {
            if PayCommand.isWord(word, "restock"), !restock {
                restock = true
            } else if amount == nil, !restock {
                amount = try PayCommand.amount(word)
            } else {
                throw words.usage
            }
        }
        return Arguments(order: order, amount: amount, restock: restock)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        do throws(PaymentError) {
            let steps = try session.kiosk.refund(
                arguments.order, amount: arguments.amount, restock: arguments.restock, at: session.clock(), emitting: &session.events
            )
            return .refunded(steps)
        } catch {
            throw CommandError(error, kept: Ledger.historyCapacity)
        }
    }
}
