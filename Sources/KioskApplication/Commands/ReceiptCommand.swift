import KioskCore

/// `receipt [N]`: the receipt of order N (its `#` in `history`), or of the last order made:
/// its lines and choices, each discount and tax, and the total.
public enum ReceiptCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        /// The order's `seq`; `nil` for the last order made.
        public let sequence: UInt64?

        public init(sequence: UInt64?) {
            self.sequence = sequence
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let first = list.first else { return Arguments(sequence: nil) }
        guard list.count == 1 else { throw words.usage }
        return Arguments(sequence: try sequence(first.hasPrefix("#") ? String(first.dropFirst()) : first))
    }

    /// An order's number as text, checked as a typed number is.
    public static func sequence(_ text: String) throws(CommandError) -> UInt64 {
        guard CommandParser.isNumeral(text), !text.hasPrefix("-"), !text.hasPrefix("+") else { throw .notANumber(text, what: "order") }
        guard let value = UInt64(text) else { throw .numberTooLarge(text, what: "order") }
        return value
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let history = session.kiosk.ledger.history
        let found: OrderRecord?
        if let sequence = arguments.sequence {
            found = session.kiosk.historyRecord(sequence)
        } else {
            found = history.reversed().first { if case .made = $0.result { true } else { false } }
        }
        guard let record = found else { throw .unknownOrder(arguments.sequence, kept: Ledger.historyCapacity) }
        guard let receipt = session.kiosk.receipt(of: record.sequence) else { throw .orderRefused(record.sequence) }
        return .receipt(receipt)
    }
}
