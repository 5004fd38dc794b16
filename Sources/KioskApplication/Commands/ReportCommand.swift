import KioskCore

/// `report`: sales per item, revenue, refused orders, ingredients used; with a board, the
/// times per station, late tickets and waste; with a checkout, what each tender took.
/// `report x`: the drawer's open day as it stands, changing nothing; `report z`: closes it,
/// once, its totals kept in the journal.
public enum ReportCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        case sales
        case x
        case z
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let first = list.first else { return .sales }
        guard list.count == 1 else { throw words.usage }
        return try words.subcommand(first) == "x" ? .x : .z
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        do throws(DrawerError) {
            switch arguments {
            case .sales:
                let kiosk = session.kiosk
                return .report(SalesReport(menu: kiosk.menu, ledger: kiosk.ledger, board: kiosk.boardReport, payments: kiosk.payments))
            case .x:
                return .drawer(try session.kiosk.drawerReport())
            case .z:
                return .drawer(try session.kiosk.closeDrawer(by: session.operatorName, at: session.clock(), emitting: &session.events))
            }
        } catch {
            throw CommandError(error)
        }
    }
}
