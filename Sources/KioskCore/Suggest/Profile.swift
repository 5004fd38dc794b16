/// One person's tastes, as `suggest` reads them: what they avoid, like and dislike, and
/// the items they rated.
///
/// Everything is kept by name, not by index, so a profile outlives menu reloads: a name
/// the current menu does not know is kept and simply moves nothing. Names compare as
/// `NameKey` compares them (case and extra spaces aside).
public struct Profile: Sendable, Hashable {
    /// An item rating on the 1–10 scale.
    public struct Rating: Sendable, Hashable {
        public let item: String
        public let score: Int

        public init(item: String, score: Int) {
            self.item = item
            self.score = score
        }
    }

    /// The name as first given: `ana`, `민지`.
    public let name: String
    /// Allergens, ingredients, tags or items this person must not be offered: each vetoes
    /// every item that has it, for the whole group.
    public internal(set) var avoids: [String] = []
    /// Items (rated 10), or tags and ingredients (+1 to every item that has one).
    public internal(set) var likes: [String] = []
    /// Items (rated 1), or tags and ingredients (−1 to every item that has one).
    public internal(set) var dislikes: [String] = []
    /// Items with the person's own score, which replaces the neutral 5.
    public internal(set) var ratings: [Rating] = []

    public init(name: String, avoids: [String] = [], likes: [String] = [], dislikes: [String] = [], ratings: [Rating] = []) {
        self.name = name
        self.avoids = avoids
        self.likes = likes
        self.dislikes = dislikes
        self.ratings = ratings
    }

    /// The score a person has before they say anything about an item.
    public static let neutralScore = 5
    /// The scale of every score.
    public static let scale = 1...10
    /// The most entries one list of a profile may hold.
    public static let maximumEntries = 200
    /// The longest profile name, in characters.
    public static let maximumNameLength = 40

    /// Whether this profile's name is `name`, compared as names are.
    public func isNamed(_ name: String) -> Bool {
        NameKey.fold(self.name) == NameKey.fold(name)
    }

    /// Applies one change to this profile's lists; a like, a dislike and a rating of one
    /// name exclude each other, the last given wins.
    mutating func apply(_ change: ProfileChange) {
        switch change {
        case .add, .remove: break
        case .avoid(_, let what):
            if !avoids.containsName(what) { avoids.append(what) }
        case .unavoid(_, let what):
            avoids.removeName(what)
        case .like(_, let what):
            forget(what)
            likes.append(what)
        case .dislike(_, let what):
            forget(what)
            dislikes.append(what)
        case .rate(_, let item, let score):
            forget(item)
            ratings.append(Rating(item: item, score: score.clamped(to: Profile.scale)))
        case .forget(_, let what):
            forget(what)
        }
    }

    private mutating func forget(_ what: String) {
        likes.removeName(what)
        dislikes.removeName(what)
        let key = NameKey.fold(what)
        ratings.removeAll { NameKey.fold($0.item) == key }
    }

    /// Whether `what` is in the list a change would remove it from.
    func lists(_ what: String, for change: ProfileChange) -> Bool {
        switch change {
        case .unavoid: avoids.containsName(what)
        case .forget:
            likes.containsName(what) || dislikes.containsName(what) || ratings.contains { NameKey.fold($0.item) == NameKey.fold(what) }
        default: true
        }
    }

    /// Whether a change would grow its list: it adds to a list that does not hold its name.
    func grows(by change: ProfileChange) -> (grows: Bool, count: Int) {
        guard let what = change.subject else { return (false, 0) }
        switch change {
        case .avoid: return (!avoids.containsName(what), avoids.count)
        case .like: return (!likes.containsName(what), likes.count)
        case .dislike: return (!dislikes.containsName(what), dislikes.count)
        case .rate: return (!ratings.contains { NameKey.fold($0.item) == NameKey.fold(what) }, ratings.count)
        default: return (false, 0)
        }
    }
}

extension [String] {
    func containsName(_ name: String) -> Bool {
        let key = NameKey.fold(name)
        return contains { NameKey.fold($0) == key }
    }

    mutating func removeName(_ name: String) {
        let key = NameKey.fold(name)
        removeAll { NameKey.fold($0) == key }
    }
}
