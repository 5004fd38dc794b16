import KioskCore

/// `price ITEM [QTY] [, …] [discount NAME]`: what an order would cost now, every discount
/// and tax of it, without placing it: no stock is taken and nothing is recorded.
public enum PriceCommand: CommandHandler {
    public typealias Arguments = PriceArguments

    public struct PriceArguments: CommandArguments, Equatable {
        public let order: OrderCommand.Arguments

        public init(order: OrderCommand.Arguments) {
            self.order = order
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        PriceArguments(order: try OrderCommand.parse(words))
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let order = try OrderCommand.order(arguments.order, in: session)
        let quote: (total: Money, breakdown: PriceBreakdown?)?
        do {
            quote = try session.kiosk.quote(order, at: session.clock())
        } catch {
            throw OrderCommand.commandError(error, of: order, in: session)
        }
        let menu = session.kiosk.menu
        var summary = OrderSummary(lines: order.itemQuantities(in: menu), total: quote?.total, currency: quote == nil ? nil : menu.currency)
        summary.price = quote?.breakdown
        return .quoted(summary)
    }
}
