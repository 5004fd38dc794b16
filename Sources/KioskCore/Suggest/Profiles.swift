/// Every profile, in the order they were made: the fold of `ProfileChange`s.
///
/// Profiles are state kept as a journal of changes; replaying the changes with `apply(_:)`
/// gives the same profiles every time. `apply` never fails: a change is checked with
/// `check(_:)` before it is recorded, and `apply` repairs what a hand-edited journal might
/// hold (a score out of range is clamped, a change to a missing profile makes it).
public struct Profiles: Sendable, Hashable {
    public private(set) var all: [Profile] = []

    public init() {}

    /// The profiles a sequence of changes leaves, in order.
    public init(replaying changes: some Sequence<ProfileChange>) {
        for change in changes { apply(change) }
    }

    public var isEmpty: Bool { all.isEmpty }

    /// The changes that make these profiles from none, in order: how a snapshot keeps them.
    /// Replaying them gives profiles equal to these.
    public var changes: [ProfileChange] {
        all.flatMap { profile in
            [ProfileChange.add(profile: profile.name)]
                + profile.avoids.map { ProfileChange.avoid(profile: profile.name, $0) }
                + profile.likes.map { ProfileChange.like(profile: profile.name, $0) }
                + profile.dislikes.map { ProfileChange.dislike(profile: profile.name, $0) }
                + profile.ratings.map { ProfileChange.rate(profile: profile.name, item: $0.item, score: $0.score) }
        }
    }

    /// The profile called `name`, in any case.
    public subscript(name: String) -> Profile? {
        index(of: name).map { all[$0] }
    }

    /// Applies one change.
    public mutating func apply(_ change: ProfileChange) {
        let existing = index(of: change.profile)
        switch change {
        case .add(let name):
            if existing == nil { all.append(Profile(name: name)) }
        case .remove:
            if let existing { all.remove(at: existing) }
        default:
            let position = existing ?? {
                all.append(Profile(name: change.profile))
                return all.count - 1
            }()
            all[position].apply(change)
        }
    }

    /// Whether `change` may be made: a valid name and subject, a score on the scale, a
    /// profile that exists where one must (remove, unavoid, forget) and does not where it
    /// must not (add), and room in the list. Avoiding, liking or rating for a new name
    /// makes its profile.
    public func check(_ change: ProfileChange) throws(ProfileError) {
        let name = change.profile
        if let problem = Profiles.nameProblem(name) { throw .invalidName(name, problem) }
        if let what = change.subject, let problem = Profiles.subjectProblem(what) { throw .invalidSubject(what, problem) }
        let profile = self[name]
        switch change {
        case .add:
            if let profile { throw .profileExists(profile.name) }
        case .remove:
            if profile == nil { throw .unknownProfile(name) }
        case .unavoid(_, let what), .forget(_, let what):
            guard let profile else { throw .unknownProfile(name) }
            guard profile.lists(what, for: change) else { throw .notListed(profile: profile.name, what) }
        case .rate(_, _, let score):
            guard Profile.scale.contains(score) else { throw .scoreOutOfRange(score) }
            try Profiles.checkRoom(in: profile, for: change)
        case .avoid, .like, .dislike:
            try Profiles.checkRoom(in: profile, for: change)
        }
    }

    private static func checkRoom(in profile: Profile?, for change: ProfileChange) throws(ProfileError) {
        guard let profile else { return }
        let (grows, count) = profile.grows(by: change)
        if grows, count >= Profile.maximumEntries {
            throw .tooManyEntries(profile: profile.name, limit: Profile.maximumEntries)
        }
    }

    private func index(of name: String) -> Int? {
        let key = NameKey.fold(name)
        return all.firstIndex { NameKey.fold($0.name) == key }
    }

    static func nameProblem(_ name: String) -> ProfileError.NameProblem? {
        if name.isEmpty { return .empty }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if name.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "," }) { return .separator }
        if name.count > Profile.maximumNameLength { return .tooLong(limit: Profile.maximumNameLength) }
        return nil
    }

    static func subjectProblem(_ what: String) -> ProfileError.NameProblem? {
        if NameKey.fold(what).isEmpty { return .empty }
        if what.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if what.count > 100 { return .tooLong(limit: 100) }
        return nil
    }
}
