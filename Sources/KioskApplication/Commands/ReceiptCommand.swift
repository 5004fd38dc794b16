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
        guard case .made(let total) = record.result else { throw .orderRefused(record.sequence) }
        let menu = session.kiosk.menu
        let payments = menu.checkout == nil ? nil : session.kiosk.payments.orders[record.sequence]
        return .receipt(Receipt(kiosk: menu.name, record: record, total: total, currency: total == nil ? nil : menu.currency, payments: payments))
    }
}

/// A made order as its receipt shows it.
public struct Receipt: Sendable {
    public let kiosk: String
    public let record: OrderRecord
    public let total: Money?
    public let currency: String?
    /// What each tender paid of it and refunded, on a menu with a `checkout`; `nil` when
    /// nothing was.
    public var payments: PaymentBook.OrderPayments? = nil
}
