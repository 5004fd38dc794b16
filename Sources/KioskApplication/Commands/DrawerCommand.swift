import KioskCore

/// `drawer open AMOUNT`, `drawer in AMOUNT REASON`, `drawer out AMOUNT REASON`, `drawer count
/// AMOUNT`: the cash drawer's day — its float, cash paid in and out with why, and the count
/// at the close, which `report x` shows against what the drawer should hold and `report z`
/// closes.
public enum DrawerCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        case open(Money)
        case paidIn(Money, reason: String)
        case paidOut(Money, reason: String)
        case count(Money)
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var list = words.words[...]
        guard let first = list.popFirst(), let amountText = list.popFirst() else { throw words.usage }
        let step = try words.subcommand(first)
        let amount = try PayCommand.amount(amountText)
        let reason = list.joined(separator: " ")
        switch step {
        case "open", "count":
            guard list.isEmpty else { throw words.usage }
            return step == "open" ? .open(amount) : .count(amount)
        default:
            guard !reason.isEmpty else { throw .reasonRequired(command: "drawer \(step)") }
            return step == "in" ? .paidIn(amount, reason: reason) : .paidOut(amount, reason: reason)
        }
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let now = session.clock()
        let who = session.operatorName
        do throws(DrawerError) {
            let step = switch arguments {
            case .open(let float): try session.kiosk.openDrawer(float: float, by: who, at: now, emitting: &session.events)
            case .paidIn(let amount, let reason): try session.kiosk.moveCash(.paidIn, amount, reason: reason, by: who, at: now, emitting: &session.events)
            case .paidOut(let amount, let reason): try session.kiosk.moveCash(.paidOut, amount, reason: reason, by: who, at: now, emitting: &session.events)
            case .count(let counted): try session.kiosk.countDrawer(counted, by: who, at: now, emitting: &session.events)
            }
            return .drawer(step)
        } catch {
            throw CommandError(error)
        }
    }
}

extension CommandError {
    /// A step of the drawer's day that could not be taken, as the command reports it.
    init(_ error: DrawerError) {
        self = switch error {
        case .noCheckout: .noCheckout
        case .alreadyOpen(let day): .drawerOpen(day: day)
        case .notOpen(let lastDay): .drawerClosed(lastDay: lastDay)
        case .notInMinorUnits(let amount): .invalidAmount(amount.description)
        case .overflow: .totalTooLarge
        }
    }
}
