import KioskCore
import KioskText

/// A menu file that compiled: the core menu, its sinks, and every file it was read from.
public struct CompiledMenu: Sendable {
    public let menu: Menu
    public let sinks: [SinkDeclaration]
    /// The main file first, then each included file.
    public let files: [String]
    /// The operator's language the menu asks for (`kiosk "…" language ko`), if it does:
    /// the default when neither `--lang` nor the environment chooses one.
    public let language: Language?

    public init(menu: Menu, sinks: [SinkDeclaration], files: [String], language: Language? = nil) {
        self.menu = menu
        self.sinks = sinks
        self.files = files
        self.language = language
    }

    /// `5 ingredients, 7 items, 1 sink`; with a board, `5 ingredients, 7 items, 2 stations, 1 sink`;
    /// with a `simulate` block, its arrival rates before the sinks: `…, 4 arrival rates, 1 sink`.
    public var summary: String {
        var parts = [plural(menu.ingredients.count, "ingredient"), plural(menu.items.count, "item")]
        if menu.board != nil { parts.append(plural(menu.stations.count, "station")) }
        if let arrivalRates { parts.append(arrivalRates) }
        parts.append(plural(sinks.count, "sink"))
        return parts.joined(separator: ", ")
    }

    /// `4 arrival rates`: how many rates the `simulate` block gives, if the menu has one.
    var arrivalRates: String? {
        switch menu.simulateSettings?.arrivals {
        case nil: nil
        case .constant: plural(1, "arrival rate")
        case .timesOfDay(let steps): plural(steps.count, "arrival rate")
        }
    }
}

func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
