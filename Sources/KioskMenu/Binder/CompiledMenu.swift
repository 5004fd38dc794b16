import KioskCore
import KioskText

/// A menu file that compiled: the core menu, its sinks, and every file it was read from.
public struct CompiledMenu: Sendable {
    public let menu: Menu
    public let sinks: [SinkDeclaration]
    /// The `reader` statement: the payment-reader plugin that is the checkout's card
    /// reader, with its options; `nil` for the simulated reader.
    public let reader: SinkDeclaration?
    /// The main file first, then each included file.
    public let files: [String]
    /// The operator's language the menu asks for (`kiosk "…" language ko`), if it does:
    /// the default when neither `--lang` nor the environment chooses one.
    public let language: Language?

    public init(menu: Menu, sinks: [SinkDeclaration], reader: SinkDeclaration? = nil, files: [String], language: Language? = nil) {
        self.menu = menu
        self.sinks = sinks
        self.reader = reader
        self.files = files
        self.language = language
    }

    /// `5 ingredients, 7 items, 1 sink`; with a board, `5 ingredients, 7 items, 2 stations, 1 sink`;
    /// with a `simulate` block, its arrival rates before the sinks: `…, 4 arrival rates, 1 sink`;
    /// with a reader plugin, its name last: `…, 1 sink, reader terminal`.
    public var summary: String {
        var parts = [Count.ingredients(menu.ingredients.count), Count.items(menu.items.count)]
        if !menu.combos.isEmpty { parts.append(Count.combos(menu.combos.count)) }
        if menu.board != nil { parts.append(Count.stations(menu.stations.count)) }
        if let arrivalRates { parts.append(arrivalRates) }
        parts.append(Count.sinks(sinks.count))
        if let reader { parts.append(tr("reader {name}", ["name": reader.kind])) }
        return parts.joined(separator: ", ")
    }

    /// `4 arrival rates`: how many rates the `simulate` block gives, if the menu has one.
    var arrivalRates: String? {
        switch menu.simulateSettings?.arrivals {
        case nil: nil
        case .constant: Count.arrivalRates(1)
        case .timesOfDay(let steps): Count.arrivalRates(steps.count)
        }
    }
}

/// The counted nouns of a menu's summary, each in the operator's language and its plural rule.
enum Count {
    static func ingredients(_ count: Int) -> String { trn("{count} ingredient", "{count} ingredients", count, ["count": count]) }
    static func items(_ count: Int) -> String { trn("{count} item", "{count} items", count, ["count": count]) }
    static func combos(_ count: Int) -> String { trn("{count} combo", "{count} combos", count, ["count": count]) }
    static func stations(_ count: Int) -> String { trn("{count} station", "{count} stations", count, ["count": count]) }
    static func questions(_ count: Int) -> String { trn("{count} question", "{count} questions", count, ["count": count]) }
    static func arrivalRates(_ count: Int) -> String { trn("{count} arrival rate", "{count} arrival rates", count, ["count": count]) }
    static func sinks(_ count: Int) -> String { trn("{count} sink", "{count} sinks", count, ["count": count]) }
}
