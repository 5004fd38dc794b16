/// `report`: sales per item, revenue, refused orders, ingredients used; with a board, the
/// times per station, late tickets and waste; with a checkout, what each tender took.
public enum ReportCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        .report(SalesReport(menu: session.kiosk.menu, ledger: session.kiosk.ledger, board: session.kiosk.boardReport, payments: session.kiosk.payments))
    }
}
