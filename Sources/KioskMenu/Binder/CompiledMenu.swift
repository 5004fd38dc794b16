import KioskCore

/// A menu file that compiled: the core menu, its sinks, and every file it was read from.
public struct CompiledMenu: Sendable {
    public let menu: Menu
    public let sinks: [SinkDeclaration]
    /// The main file first, then each included file.
    public let files: [String]

    public init(menu: Menu, sinks: [SinkDeclaration], files: [String]) {
        self.menu = menu
        self.sinks = sinks
        self.files = files
    }

    /// `5 ingredients, 7 items, 1 sink`.
    public var summary: String {
        [plural(menu.ingredients.count, "ingredient"), plural(menu.items.count, "item"), plural(sinks.count, "sink")]
            .joined(separator: ", ")
    }
}

func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
