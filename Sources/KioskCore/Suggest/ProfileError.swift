/// Why a profile change cannot be made. `Profiles.check(_:)` finds these before a change
/// is recorded; `apply(_:)` itself never fails.
public enum ProfileError: Error, Equatable, Sendable {
    public enum NameProblem: Sendable, Equatable {
        case empty
        case tooLong(limit: Int)
        /// Profile names are one word: commas separate them and spaces end them in commands.
        case separator
        case controlCharacter
    }

    case invalidName(String, NameProblem)
    case invalidSubject(String, NameProblem)
    case unknownProfile(String)
    case profileExists(String)
    case scoreOutOfRange(Int)
    case notListed(profile: String, String)
    case tooManyEntries(profile: String, limit: Int)

    /// The text a person reads.
    public var message: String {
        switch self {
        case .invalidName(let name, let problem): "'\(name)' cannot name a profile: " + ProfileError.describe(problem)
        case .invalidSubject(let what, let problem): "'\(what)' cannot be avoided, liked or rated: " + ProfileError.describe(problem)
        case .unknownProfile(let name): "no profile '\(name)'"
        case .profileExists(let name): "profile '\(name)' exists already"
        case .scoreOutOfRange(let score): "a score is from 1 to 10, not \(score)"
        case .notListed(let profile, let what): "'\(what)' is not in profile '\(profile)'"
        case .tooManyEntries(let profile, let limit): "profile '\(profile)' has \(limit) entries of that kind already"
        }
    }

    private static func describe(_ problem: NameProblem) -> String {
        switch problem {
        case .empty: "it is empty"
        case .tooLong(let limit): "it is longer than \(limit) characters"
        case .separator: "a profile name is one word, without spaces or commas"
        case .controlCharacter: "it contains a control character"
        }
    }
}
