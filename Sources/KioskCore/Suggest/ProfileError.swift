import KioskText

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

    /// The text a person reads, in the operator's language.
    public var message: String {
        switch self {
        case .invalidName(let name, let problem): tr("'{name}' cannot name a profile: {reason}", ["name": name, "reason": ProfileError.describe(problem)])
        case .invalidSubject(let what, let problem):
            tr("'{name}' cannot be avoided, liked or rated: {reason}", ["name": what, "reason": ProfileError.describe(problem)])
        case .unknownProfile(let name): tr("no profile '{name}'", ["name": name])
        case .profileExists(let name): tr("profile '{name}' exists already", ["name": name])
        case .scoreOutOfRange(let score): tr("a score is from 1 to 10, not {score}", ["score": score])
        case .notListed(let profile, let what): tr("'{name}' is not in profile '{profile}'", ["name": what, "profile": profile])
        case .tooManyEntries(let profile, let limit): tr("profile '{profile}' has {limit} entries of that kind already", ["profile": profile, "limit": limit])
        }
    }

    private static func describe(_ problem: NameProblem) -> String {
        switch problem {
        case .empty: tr("it is empty")
        case .tooLong(let limit): tr("it is longer than {limit} characters", ["limit": limit])
        case .separator: tr("a profile name is one word, without spaces or commas")
        case .controlCharacter: tr("it contains a control character")
        }
    }
}
