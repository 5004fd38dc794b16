/// What a property's values must look like. The parser only needs property names; the
/// binder checks every value against its shape.
public enum ValueShape: Sendable, Hashable {
    /// A name: a word or a string.
    case name
    /// A string or a word.
    case text
    /// Text naming a file, resolved against the directory of the file that declares it.
    case path
    /// An `http://` or `https://` URL.
    case url
    /// A server's address with one of these (lower-case) schemes: `mqtt://broker:1883`.
    case serverURL(schemes: [String])
    /// An MQTT topic to publish to, with these placeholders: `kiosk/{kiosk}/events/{type}`.
    case topic(placeholders: [String])
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// An exact amount with at most two decimals, `0...1_000_000_000`.
    case amount
    /// `500ms`, `5s`, `2m`, `1h`.
    case duration
    /// An event type: `order.failed`.
    case eventType
    /// One of a few words.
    case choice([String])
    /// A language kiosk has a catalog for, by its code: `ko`. Checked by finding its
    /// catalog; the catalogs are listed only to say what a wrong one could have been.
    case language
    /// One of a few words, one of which takes a duration: `sync interval 1s`.
    case choiceWithDuration([String], durationAfter: String)
    /// A name and a quantity of at least 1: `needs mango 3`.
    case nameAndQuantity
    /// A header name and its value: `header Authorization "Bearer …"`.
    case header
    /// Text that must also pass a rule: `secret "whsec_…"`, `source "/kiosk/7"`.
    case checkedText(TextRule)
    /// A word alone, with no value: `board auto`.
    case flag
    /// A rate of customers, after a time of day in a profile: `60/h`, `07:00 180/h`.
    case arrival
    /// An amount that may be signed, what an option adds to a price: `+500`, `-200`, `0`.
    case signedAmount
    /// How many a selection takes: `1`, `0..3`, `1..` (as many as there are).
    case limits
    /// An ingredient, `with`, and the ingredient that takes its place: `milk with oat-milk`.
    case substitution
    /// An ingredient and, if given, a quantity: `sugar`, `sugar 5`.
    case nameAndOptionalQuantity
    /// A percentage and a size's or option's name: `70% large`, `30% Oat`.
    case share
    /// What a tax or discount applies to: `order`, `tag drinks`, or another tag after a
    /// comma: `on tag food, drinks`.
    case pricingTarget
    /// A time of day's window and, if given, days of the week: `15:00-17:00 mon-fri`.
    case window
    /// A given word and a whole number in the range: `cash rounding 5`.
    case wordAndInteger(String, ClosedRange<Int>)

    /// How many values one element of this shape takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .nameAndQuantity, .header, .share, .wordAndInteger: 2...2
        case .choiceWithDuration, .arrival, .nameAndOptionalQuantity, .pricingTarget, .window: 1...2
        case .substitution: 3...3
        case .flag: 0...0
        default: 1...1
        }
    }
}

/// One property a statement (or a sink kind) accepts.
public struct PropertySpec: Sendable, Hashable {
    public let name: String
    public let shape: ValueShape
    /// Takes several comma-separated values: `alias latte, 라떼`.
    public let isList: Bool
    /// May be given more than once: `header`.
    public let isRepeatable: Bool
    public let isRequired: Bool

    public init(_ name: String, _ shape: ValueShape, list: Bool = false, repeatable: Bool = false, required: Bool = false) {
        self.name = name
        self.shape = shape
        self.isList = list
        self.isRepeatable = repeatable
        self.isRequired = required
    }
}

/// The options a kind of sink accepts. Each sink kind declares its own, so the menu
/// language catches a misspelt option when the menu is read.
public struct SinkSchema: Sendable, Hashable {
    /// Options every sink takes: `on` (which events it receives), `queue` (how many events
    /// it reads ahead of delivery), `name` (its name in the journal: its cursor and failed
    /// events) and `from` (where a new sink starts reading: `end` or `start`).
    public static let commonOptions: [PropertySpec] = [
        PropertySpec("on", .eventType, list: true),
        PropertySpec("queue", .integer(1...1_000_000)),
        PropertySpec("name", .text),
        PropertySpec("from", .choice(["end", "start"])),
    ]

    public let kind: String
    public let options: [PropertySpec]

    /// Options kiosk reads from a `reader` statement itself: `wait`, how long it waits
    /// for the reader to finish a payment.
    public static let readerOptions: [PropertySpec] = [PropertySpec("wait", .duration)]

    public init(kind: String, options: [PropertySpec]) {
        self.init(kind: kind, options: options, common: SinkSchema.commonOptions)
    }

    /// A schema with `common` in place of the sinks' common options.
    public init(kind: String, options: [PropertySpec], common: [PropertySpec]) {
        self.kind = kind
        self.options = common + options
    }

    public func option(named name: String) -> PropertySpec? {
        options.first { $0.name == name }
    }
}
