import KioskCore
import KioskText

/// `suggest [for NAME, …] [answers y,n,-] [rule RULE] [lenient]` and `suggest next`: the
/// best items the stock can make now, for one customer or a group, a page at a time.
public enum SuggestCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        /// A new suggestion. Without `answers`, a person at a terminal is asked the menu's
        /// questions first.
        case suggest(SuggestionRequest, answered: Bool)
        /// The next page of the last suggestion.
        case next

        public var conversation: Conversation {
            if case .suggest(_, answered: false) = self { .askQuestions } else { .none }
        }

        /// These arguments with `answers` given, as a person answered the questions.
        public func answering(_ answers: [Answer]) -> Arguments {
            guard case .suggest(var request, _) = self else { return self }
            request.answers = answers
            return .suggest(request, answered: true)
        }
    }

    /// The words that start a part of the request.
    public static let keywords = ["for", "answers", "rule", "lenient"]

    /// The last suggestion, for `suggest next`: its pages, and the state they were made on.
    struct Paging {
        var pages: SuggestionPages
        /// The kiosk's event sequence after the suggestion's event: any later event —
        /// an order, a restock, a reload, here or in another process — ends the paging.
        var sequence: UInt64
        var profiles: Profiles
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        if list.count == 1, list[0].lowercased() == "next" { return .next }
        var request = SuggestionRequest()
        var answered = false
        var seen = Set<String>()
        var index = list.startIndex
        while index < list.endIndex {
            let keyword = list[index].lowercased()
            guard keywords.contains(keyword) else {
                let candidates = keywords + (index == list.startIndex ? ["next"] : [])
                throw .unknownSubcommand(
                    list[index], command: words.entry.name, suggestion: Suggestions.closest(to: keyword, among: candidates), synopsis: words.entry.synopsis
                )
            }
            guard seen.insert(keyword).inserted else { throw words.usage }
            let end = list[(index + 1)...].firstIndex { keywords.contains($0.lowercased()) } ?? list.endIndex
            let values = Array(list[(index + 1)..<end])
            index = end
            switch keyword {
            case "for": request.profiles = try names(values, words: words)
            case "answers":
                request.answers = try answers(values, words: words)
                answered = true
            case "rule": request.rule = try rule(values, words: words)
            default:
                guard values.isEmpty else { throw words.usage }
                request.lenient = true
            }
        }
        return .suggest(request, answered: answered)
    }

    /// A suggestion asked for by a program (`kiosk serve`): profile names, answers as words
    /// (`y`, `no`, `-`), a rule's name, and `lenient` — each checked as typed ones are.
    public static func arguments(profiles: [String], answers: [String], rule: String?, lenient: Bool) throws(CommandError) -> Arguments {
        var request = SuggestionRequest(profiles: profiles, lenient: lenient)
        for word in answers {
            guard let answer = Answer(word: word) else { throw .notAnAnswer(word) }
            request.answers.append(answer)
        }
        if let rule { request.rule = try self.rule(named: rule) }
        return .suggest(request, answered: true)
    }

    /// `ana, ben`: profile names, split at commas and spaces.
    private static func names(_ values: [String], words: CommandWords) throws(CommandError) -> [String] {
        let names = values.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw words.usage }
        return names
    }

    /// `y,n,-`, or `yes, no, skip`.
    private static func answers(_ values: [String], words: CommandWords) throws(CommandError) -> [Answer] {
        let parts = values.joined().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !values.isEmpty else { throw words.usage }
        var answers: [Answer] = []
        for part in parts {
            guard let answer = Answer(word: part) else { throw .notAnAnswer(part) }
            answers.append(answer)
        }
        return answers
    }

    /// `least-misery`, or `least misery`.
    private static func rule(_ values: [String], words: CommandWords) throws(CommandError) -> GroupRule {
        guard !values.isEmpty else { throw words.usage }
        return try rule(named: values.joined(separator: " "))
    }

    /// A group rule by its name, its words joined by spaces or dashes, in any case.
    private static func rule(named text: String) throws(CommandError) -> GroupRule {
        let word = text.split(separator: " ").joined(separator: "-").lowercased()
        guard let rule = GroupRule(rawValue: word) else {
            throw .unknownRule(text, suggestion: Suggestions.closest(to: word, among: GroupRule.allCases.map(\.rawValue)))
        }
        return rule
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        switch arguments {
        case .suggest(let request, _): try suggest(request, in: session)
        case .next: try next(in: session)
        }
    }

    private static func suggest(_ request: SuggestionRequest, in session: Session) throws(CommandError) -> CommandOutput {
        let outcome: SuggestionOutcome
        do {
            outcome = try session.kiosk.suggest(request)
        } catch {
            throw .suggestion(error)
        }
        session.suggestionPaging = nil
        if let pages = outcome.pages {
            session.kiosk.recordSuggestion(pages.event, at: session.clock(), emitting: &session.events)
            session.suggestionPaging = Paging(pages: pages, sequence: session.kiosk.sequence, profiles: session.kiosk.profiles)
        }
        return .suggestions(outcome)
    }

    private static func next(in session: Session) throws(CommandError) -> CommandOutput {
        guard var paging = session.suggestionPaging else { throw .noSuggestionToPage }
        guard paging.sequence == session.kiosk.sequence, paging.profiles == session.kiosk.profiles else {
            session.suggestionPaging = nil
            throw .suggestionOutdated
        }
        do {
            try paging.pages.next(menu: session.kiosk.menu, inventory: session.kiosk.inventory)
        } catch {
            return .noMoreSuggestions(error)
        }
        session.kiosk.recordSuggestion(paging.pages.event, at: session.clock(), emitting: &session.events)
        paging.sequence = session.kiosk.sequence
        session.suggestionPaging = paging
        return .suggestions(.suggestions(paging.pages))
    }
}
