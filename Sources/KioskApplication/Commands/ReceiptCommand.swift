import KioskCore
import KioskSinks

/// `receipt [N] [--format text|escpos]`: the receipt of order N (its `#` in `history`), or
/// of the last order made: its lines and choices, each discount and tax, and the total; with
/// `--format escpos`, the bytes a receipt printer is sent for it (as the `printer` sink
/// prints it).
public enum ReceiptCommand: CommandHandler {
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case text
        case escpos
    }

    public struct Arguments: CommandArguments, Equatable {
        /// The order's `seq`; `nil` for the last order made.
        public let sequence: UInt64?
        public let format: Format

        public init(sequence: UInt64?, format: Format = .text) {
            self.sequence = sequence
            self.format = format
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var list = words.words
        var format = Format.text
        if let flag = list.firstIndex(of: "--format") {
            guard flag + 1 < list.count, let chosen = Format(rawValue: list[flag + 1]) else { throw words.usage }
            format = chosen
            list.removeSubrange(flag...(flag + 1))
        }
        guard let first = list.first else { return Arguments(sequence: nil, format: format) }
        guard list.count == 1 else { throw words.usage }
        return Arguments(sequence: try sequence(first.hasPrefix("#") ? String(first.dropFirst()) : first), format: format)
    }

    /// An order's number as text, checked as a typed number is.
    public static func sequence(_ text: String) throws(CommandError) -> UInt64 {
        guard CommandParser.isNumeral(text), !text.hasPrefix("-"), !text.hasPrefix("+") else { throw .notANumber(text, what: "order") }
        guard let value = UInt64(text) else { throw .numberTooLarge(text, what: "order") }
        return value
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let found: OrderRecord?
        if let sequence = arguments.sequence {
            found = session.kiosk.historyRecord(sequence)
        } else {
            found = session.kiosk.ledger.history.last { if case .made = $0.result { true } else { false } }
        }
        guard let record = found else { throw .unknownOrder(arguments.sequence, kept: Ledger.historyCapacity) }
        guard let receipt = session.kiosk.receipt(of: record.sequence) else { throw .orderRefused(record.sequence) }
        guard arguments.format == .escpos else { return .receipt(receipt) }
        return .printedReceipt(ESCPOS.bytes(ReceiptLayout(receipt, time: receipt.time.civil(offsetSeconds: session.kiosk.utcOffset(receipt.time)))))
    }
}
