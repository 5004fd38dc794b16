import KioskCore
import KioskText

/// `profile [NAME [avoid|unavoid|like|dislike|forget WHAT, …]… | NAME rate ITEM N | NAME
/// remove]`: the profiles `suggest` reads. Each change is a fact in the journal, so
/// profiles are state: kept across runs and shared by every process on the state.
public enum ProfileCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        /// Every profile.
        case list
        case show(String)
        case remove(String)
        /// Changes to one profile, made together or not at all. A `rate` names its item as
        /// typed; running resolves it against the menu.
        case change([ProfileChange])
    }

    /// The words that start a list of changes, and the change each makes.
    static let clauses: [(word: String, make: @Sendable (String, String) -> ProfileChange)] = [
        ("avoid", { .avoid(profile: $0, $1) }), ("unavoid", { .unavoid(profile: $0, $1) }),
        ("like", { .like(profile: $0, $1) }), ("dislike", { .dislike(profile: $0, $1) }),
        ("forget", { .forget(profile: $0, $1) }),
    ]

    /// Every word that may follow a profile's name.
    public static let keywords = clauses.map(\.word) + ["rate", "remove"]

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let name = list.first else { return .list }
        let rest = list.dropFirst()
        guard let first = rest.first else { return .show(name) }
        if first.lowercased() == "remove" {
            guard rest.count == 1 else { throw words.usage }
            return .remove(name)
        }
        return .change(try changes(name, rest, words: words))
    }

    /// `avoid milk, nuts dislike "Kiwi Juice" rate mango juice 8`: each keyword, then the
    /// names up to the next keyword, split at commas; after `rate`, each name ends in a
    /// score.
    private static func changes(_ name: String, _ words: ArraySlice<String>, words command: CommandWords) throws(CommandError) -> [ProfileChange] {
        var changes: [ProfileChange] = []
        var keyword: String?
        var pending: [String] = []
        func flush() throws(CommandError) {
            guard let keyword else { return }
            let parts = pending.joined(separator: " ").split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard !pending.isEmpty, !parts.contains(where: \.isEmpty) else { throw command.usage }
            for part in parts {
                if let clause = clauses.first(where: { $0.word == keyword }) {
                    changes.append(clause.make(name, part))
                } else {
                    changes.append(try rating(name, part, synopsis: command.entry.synopsis))
                }
            }
            pending = []
        }
        for word in words {
            let lowered = word.lowercased()
            if clauses.contains(where: { $0.word == lowered }) || lowered == "rate" {
                try flush()
                keyword = lowered
            } else if keyword == nil {
                throw .unknownSubcommand(
                    word, command: command.entry.name, suggestion: Suggestions.closest(to: lowered, among: keywords),
                    synopsis: command.entry.synopsis
                )
            } else {
                pending.append(word)
            }
        }
        try flush()
        return changes
    }

    /// `mango juice 8`: an item's words, then a score.
    private static func rating(_ name: String, _ text: String, synopsis: String) throws(CommandError) -> ProfileChange {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 2, let last = words.last else { throw .usage(synopsis) }
        let score = try CommandParser.number(last, what: "score", minimum: 1)
        return .rate(profile: name, item: words.dropLast().joined(separator: " "), score: score)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        switch arguments {
        case .list:
            return .profiles(session.kiosk.profiles)
        case .show(let name):
            guard let profile = session.kiosk.profiles[name] else { throw .profile(.unknownProfile(name)) }
            return .profile(profile, menu: session.kiosk.menu)
        case .remove(let name):
            let made = session.kiosk.profiles[name]?.name ?? name
            try change([.remove(profile: name)], in: session)
            return .profileRemoved(made)
        case .change(let changes):
            let resolved = try changes.map { change throws(CommandError) in try resolve(change, on: session.kiosk.menu) }
            try change(resolved, in: session)
            guard let name = resolved.first?.profile, let profile = session.kiosk.profiles[name] else { return .none }
            return .profile(profile, menu: session.kiosk.menu)
        }
    }

    /// A rating names an item of this menu, by name, alias or slug: it keeps the item's
    /// name, so the rating means the same item whatever was typed.
    private static func resolve(_ change: ProfileChange, on menu: Menu) throws(CommandError) -> ProfileChange {
        guard case .rate(let profile, let item, let score) = change else { return change }
        guard let index = menu.itemIndex(named: item) else {
            let names = menu.items.flatMap { [$0.name, $0.slug] + $0.aliases }
            throw .unknownItem(item, suggestion: Suggestions.closest(to: item, among: names))
        }
        return .rate(profile: profile, item: menu.items[index].name, score: score)
    }

    /// Makes the changes on the session's kiosk and records each as a fact.
    private static func change(_ changes: [ProfileChange], in session: Session) throws(CommandError) {
        do {
            try session.kiosk.changeProfiles(changes)
        } catch {
            throw .profile(error)
        }
        session.facts += changes.map(JournalEntry.profileChanged)
    }
}
