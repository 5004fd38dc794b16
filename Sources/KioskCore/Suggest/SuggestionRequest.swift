import KioskText

/// What `suggest` is asked: for whom, with which answers, by which rule.
public struct SuggestionRequest: Sendable, Hashable {
    /// Profile names, each once, at most `maximumProfiles`; empty for one anonymous customer.
    public var profiles: [String]
    /// In question order; fewer than the questions leaves the rest skipped.
    public var answers: [Answer]
    /// `nil` for the menu's rule.
    public var rule: GroupRule?
    /// Offers items whose allergens the menu does not declare even to someone who avoids an
    /// allergen, marked as such. Off, they are vetoed for such a person.
    public var lenient: Bool
    /// How many of each item must be makeable; `nil` for one per profile (at least one).
    public var partySize: Int?

    public init(profiles: [String] = [], answers: [Answer] = [], rule: GroupRule? = nil, lenient: Bool = false, partySize: Int? = nil) {
        self.profiles = profiles
        self.answers = answers
        self.rule = rule
        self.lenient = lenient
        self.partySize = partySize
    }

    /// The largest group one request suggests for.
    public static let maximumProfiles = 50
}

/// Why a suggestion request cannot be answered at all.
public enum SuggestionError: Error, Equatable, Sendable {
    case unknownProfile(String)
    case repeatedProfile(String)
    case tooManyAnswers(given: Int, questions: Int)
    case partySizeOutOfRange(Int)
    case tooManyProfiles(limit: Int)

    /// The text a person reads, in the operator's language.
    public var message: String {
        switch self {
        case .unknownProfile(let name): tr("no profile '{name}'", ["name": name])
        case .repeatedProfile(let name): tr("'{name}' is named twice", ["name": name])
        case .tooManyAnswers(let given, let questions):
            questions == 0
                ? tr("this menu asks no questions, so it takes no answers")
                : trn("{given} answers for {count} question", "{given} answers for {count} questions", questions, ["given": given, "count": questions])
        case .partySizeOutOfRange(let size): tr("a party of {size} is not one suggestions can be made for", ["size": size])
        case .tooManyProfiles(let limit): tr("suggestions are made for at most {limit} profiles at once", ["limit": limit])
        }
    }
}
