/// What a suggestion request found: pages of suggestions, or why there are none.
public enum SuggestionOutcome: Sendable {
    case suggestions(SuggestionPages)
    case nothing(NoSuggestion, SuggestionContext)

    public var context: SuggestionContext {
        switch self {
        case .suggestions(let pages): pages.context
        case .nothing(_, let context): context
        }
    }

    /// The pages, when there are suggestions.
    public var pages: SuggestionPages? {
        if case .suggestions(let pages) = self { pages } else { nil }
    }

    /// Why there are none, when there are none.
    public var noSuggestion: NoSuggestion? {
        if case .nothing(let reason, _) = self { reason } else { nil }
    }
}

/// Why nothing can be suggested.
public enum NoSuggestion: Sendable, Hashable {
    /// No item can be made `partySize` times with the stock there is.
    case outOfStock(partySize: Int)
    /// Every item that can be made has something a member avoids. `undeclared` of them were
    /// vetoed only because the menu does not declare their allergens (`lenient` shows them).
    case allVetoed(vetoed: Int, undeclared: Int)
    /// Under `average-without-misery`, every item left would score below the threshold for
    /// someone.
    case allMiserable(threshold: Int)
}
