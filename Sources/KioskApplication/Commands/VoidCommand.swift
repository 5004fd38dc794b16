import KioskCore

/// `void ORDER`: undoes an order before its ticket starts — what its payments took back to
/// their tenders, its queued ticket cancelled with its stock back — and closes it to payments.
public enum VoidCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public let order: UInt64

        public init(order: UInt64) {
            self.order = order
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        guard words.words.count == 1, let word = words.words.first else { throw words.usage }
        return Arguments(order: try ReceiptCommand.sequence(word.hasPrefix("#") ? String(word.dropFirst()) : word))
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        do throws(PaymentError) {
            let (voided, refunds) = try session.kiosk.void(arguments.order, by: session.operatorName, at: session.clock(), emitting: &session.events)
            return .voided(voided, refunds: refunds)
        } catch {
            throw CommandError(error, kept: Ledger.historyCapacity)
        }
    }
}
