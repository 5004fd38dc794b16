import KioskCore

/// A command line, parsed; names are resolved against the menu when it runs.
public enum Command: Sendable, Equatable {
    case menu
    case order([OrderRequest])
    case stock
    case stockEdit(StockEdit, ingredient: String, amount: Int)
    case restockAll
    case sinks
    /// `sinks failed [SINK]`: the events sinks gave up on.
    case sinksFailed(String?)
    /// `sinks retry [SINK]`: send them again.
    case sinksRetry(String?)
    case reload
    case history(Int)
    case report
    case help(String?)
    case quit

    /// The command's name, as `--json` output reports it.
    public var name: String {
        switch self {
        case .menu: "menu"
        case .order: "order"
        case .stock, .stockEdit(.add, _, _), .stockEdit(.remove, _, _), .stockEdit(.set, _, _): "stock"
        case .stockEdit(.restock, _, _), .restockAll: "restock"
        case .stockEdit(.cancel, _, _): "cancel"
        case .sinks, .sinksFailed, .sinksRetry: "sinks"
        case .reload: "reload"
        case .history: "history"
        case .report: "report"
        case .help: "help"
        case .quit: "quit"
        }
    }

    /// Whether the command may change stock, totals or the menu.
    public var isMutating: Bool {
        switch self {
        case .order, .stockEdit, .restockAll, .reload, .sinksRetry: true
        default: false
        }
    }
}

/// One line of an order as typed: words naming an item, with a quantity before or after.
public struct OrderRequest: Sendable, Equatable {
    /// The words, quotes removed, joined by single spaces: the whole line as one name.
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public init(words: [String]) {
        self.init(text: words.joined(separator: " "))
    }

    /// The words again, for a quantity at either end: only when `text` names no item.
    public var words: [String] { text.split(separator: " ").map(String.init) }
}
