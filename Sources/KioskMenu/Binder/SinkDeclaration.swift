import KioskCore

/// A checked `sink` statement: its kind, the events it wants, and its options by name.
///
/// The sink's factory reads its own options from here; every option was already checked
/// against the kind's `SinkSchema`, so a factory only needs to read, not to validate.
public struct SinkDeclaration: Sendable, Hashable {
    public let kind: String
    /// Which events the sink receives (`on`); all of them when not given.
    public let events: EventTypes
    /// The capacity of the sink's queue (`queue`), if given.
    public let queueCapacity: Int?
    /// Every option but `on` and `queue`, each with its values in order.
    public let options: [String: [OptionValue]]
    /// Where the statement is, for messages about it.
    public let origin: String
    /// Where the statement is in its sources, when it came from a menu.
    public let range: SourceRange?
    /// Where each option's name is: a plugin's refusal of an option is shown there.
    public let optionRanges: [String: SourceRange]
    /// The directory of the file that declares the sink: relative paths in it mean this.
    public let directory: String

    public init(
        kind: String, events: EventTypes = .all, queueCapacity: Int? = nil, options: [String: [OptionValue]] = [:],
        origin: String = "", range: SourceRange? = nil, optionRanges: [String: SourceRange] = [:], directory: String = "."
    ) {
        self.kind = kind
        self.events = events
        self.queueCapacity = queueCapacity
        self.options = options
        self.origin = origin
        self.range = range
        self.optionRanges = optionRanges
        self.directory = directory
    }

    public func text(_ name: String) -> ConfigText? {
        if case .text(let text)? = options[name]?.first { return text }
        return nil
    }

    public func texts(_ name: String) -> [ConfigText] {
        options[name, default: []].compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    public func integer(_ name: String) -> Int? {
        if case .integer(let value)? = options[name]?.first { return value }
        return nil
    }

    public func duration(_ name: String) -> Duration? {
        if case .duration(let value)? = options[name]?.first { return value }
        return nil
    }

    /// A word chosen from a list, with the duration some words take (`sync interval 1s`).
    public struct Choice: Sendable, Equatable {
        public let word: String
        public let duration: Duration?
    }

    public func choice(_ name: String) -> Choice? {
        if case .choice(let word, let duration)? = options[name]?.first { return Choice(word: word, duration: duration) }
        return nil
    }

    /// A header a sink sends: its name, and its value as written (`${…}` masked when shown).
    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: ConfigText
    }

    public func headers(_ name: String) -> [Header] {
        options[name, default: []].compactMap { if case .header(let n, let v) = $0 { Header(name: n, value: v) } else { nil } }
    }
}

/// One checked value of a property.
public enum OptionValue: Sendable, Hashable {
    case text(ConfigText)
    case integer(Int)
    case amount(Money)
    case duration(Duration)
    case eventType(EventType)
    case choice(String, Duration?)
    case nameAndQuantity(String, Int)
    case header(name: String, value: ConfigText)
    /// A property given alone: `auto`.
    case flag
    /// A rate of `simulate`'s arrivals, from a time of day (milliseconds since midnight)
    /// when one is written: `07:00 180/h`.
    case arrival(start: Int64?, rate: ArrivalRate)
    /// `choose 0..3`: at least and at most; `nil` for an open upper limit (`1..`).
    case limits(minimum: Int, maximum: Int?)
    /// `replaces milk with oat-milk`.
    case substitution(String, String)
    /// `light sugar`, `extra sugar 5`.
    case nameAndOptionalQuantity(String, Int?)
    /// `70% large`: a share in basis points (10,000 is 100%) of a size or an option.
    case share(basisPoints: Int, name: String)
    /// `on tag drinks`: a tag; `on order`: `nil`, the order as a whole.
    case target(tag: String?)
    /// `available 15:00-17:00 mon-fri`.
    case window(Availability.Window)
}
