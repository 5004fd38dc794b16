import KioskText

/// One change to the profiles: what the `profile` command records, and what a journal
/// replays. `Profiles` is the fold of these changes.
///
/// Each change has a compact, stable form for a journal, `fields`: an array of strings,
/// the operation first, then the profile's name, then its arguments:
///
/// | change | fields |
/// |---|---|
/// | add a profile | `["add", NAME]` |
/// | remove it | `["remove", NAME]` |
/// | avoid an allergen, ingredient, tag or item | `["avoid", NAME, WHAT]` |
/// | stop avoiding it | `["unavoid", NAME, WHAT]` |
/// | like an item (10), a tag or an ingredient (+1) | `["like", NAME, WHAT]` |
/// | dislike an item (1), a tag or an ingredient (−1) | `["dislike", NAME, WHAT]` |
/// | rate an item 1–10 | `["rate", NAME, ITEM, "8"]` |
/// | forget a like, dislike or rating | `["forget", NAME, WHAT]` |
///
/// The words and their order will not change; a reader skips operations it does not know.
public enum ProfileChange: Sendable, Hashable {
    case add(profile: String)
    case remove(profile: String)
    case avoid(profile: String, String)
    case unavoid(profile: String, String)
    case like(profile: String, String)
    case dislike(profile: String, String)
    case rate(profile: String, item: String, score: Int)
    case forget(profile: String, String)

    /// The profile the change is about.
    public var profile: String {
        switch self {
        case .add(let name), .remove(let name), .avoid(let name, _), .unavoid(let name, _), .like(let name, _),
             .dislike(let name, _), .rate(let name, _, _), .forget(let name, _):
            name
        }
    }

    /// The allergen, ingredient, tag or item the change names, if it names one.
    public var subject: String? {
        switch self {
        case .add, .remove: nil
        case .avoid(_, let what), .unavoid(_, let what), .like(_, let what), .dislike(_, let what), .forget(_, let what): what
        case .rate(_, let item, _): item
        }
    }

    /// The operation's word: `add`, `avoid`, `rate`, ….
    public var operation: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .avoid: "avoid"
        case .unavoid: "unavoid"
        case .like: "like"
        case .dislike: "dislike"
        case .rate: "rate"
        case .forget: "forget"
        }
    }

    /// The compact form: see the table above.
    public var fields: [String] {
        switch self {
        case .add(let name), .remove(let name): [operation, name]
        case .rate(let name, let item, let score): [operation, name, item, String(score)]
        case .avoid(let name, let what), .unavoid(let name, let what), .like(let name, let what),
             .dislike(let name, let what), .forget(let name, let what):
            [operation, name, what]
        }
    }

    /// A change from its compact form; `nil` for an unknown operation or the wrong number
    /// of fields.
    public init?(fields: [String]) {
        guard let operation = fields.first, fields.count >= 2 else { return nil }
        let name = fields[1]
        switch (operation, fields.count) {
        case ("add", 2): self = .add(profile: name)
        case ("remove", 2): self = .remove(profile: name)
        case ("avoid", 3): self = .avoid(profile: name, fields[2])
        case ("unavoid", 3): self = .unavoid(profile: name, fields[2])
        case ("like", 3): self = .like(profile: name, fields[2])
        case ("dislike", 3): self = .dislike(profile: name, fields[2])
        case ("forget", 3): self = .forget(profile: name, fields[2])
        case ("rate", 4):
            guard let score = Int(fields[3]) else { return nil }
            self = .rate(profile: name, item: fields[2], score: score)
        default: return nil
        }
    }

    /// `["avoid","ana","milk"]`.
    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for field in fields { writer.string(field) }
        writer.endArray()
    }

    /// A change from the JSON `write(to:)` wrote.
    public init?(json: JSONValue) {
        guard let values = json.array else { return nil }
        var fields: [String] = []
        for value in values {
            guard let text = value.string else { return nil }
            fields.append(text)
        }
        self.init(fields: fields)
    }
}
