/// A command line, parsed: the table entry it names and what the entry's parse function
/// made of the rest. Names stay text here; the handler resolves them against the menu
/// when the command runs.
public struct Command: Sendable, Equatable {
    public let entry: CommandEntry
    public let arguments: any CommandArguments

    public init(entry: CommandEntry, arguments: any CommandArguments) {
        self.entry = entry
        self.arguments = arguments
    }

    /// The command's name as `--json` reports it: its entry's name, whatever alias was typed.
    public var name: String { entry.name }

    public static func == (lhs: Command, rhs: Command) -> Bool {
        lhs.entry.name == rhs.entry.name && lhs.arguments.isEqual(to: rhs.arguments)
    }
}

/// What a command's parse function found after the command's name, for its handler.
public protocol CommandArguments: Sendable {
    /// What a person at a terminal is asked around the command; nothing by default.
    var conversation: Conversation { get }

    /// Whether `other` holds the same arguments: commands are compared by the runners and
    /// the tests.
    func isEqual(to other: any CommandArguments) -> Bool
}

extension CommandArguments {
    public var conversation: Conversation { .none }
}

extension CommandArguments where Self: Equatable {
    public func isEqual(to other: any CommandArguments) -> Bool {
        (other as? Self) == self
    }
}

/// The arguments of a command that takes none.
public struct NoArguments: CommandArguments, Equatable {
    public init() {}
}

/// What a person at a terminal is asked around a command. In a batch nothing is asked: the
/// command runs as it is.
public enum Conversation: Sendable, Equatable {
    case none
    /// After a refused order: restock what was short, then retry the order?
    case offerRestockWhenRefused
    /// Instead of adding the default amounts, ask how much of each low or short
    /// ingredient to add.
    case askRestockAmounts
    /// Before a suggestion without answers: ask the menu's questions one at a time.
    case askQuestions
}
