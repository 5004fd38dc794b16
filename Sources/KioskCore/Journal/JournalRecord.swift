/// One record of the journal: everything one command did, as the events it made and the
/// facts the state needs besides them.
///
/// The journal is the kiosk's state: stock, sales, history and undelivered events are the
/// fold of its records (`Kiosk.apply(_:)`). A record is self-contained — names, not menu
/// indices — so any process with any menu can read it.
public struct JournalRecord: Sendable, Hashable {
    /// When the command ran.
    public var time: Timestamp
    /// The `source` of the kiosk that wrote it.
    public var source: String
    public var entries: [JournalEntry]

    public init(time: Timestamp, source: String, entries: [JournalEntry]) {
        self.time = time
        self.source = source
        self.entries = entries
    }

    /// The events of the record, in order.
    public var events: [Event] {
        entries.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }
}

/// One thing a record says.
public enum JournalEntry: Sendable, Hashable {
    /// Something that happened, as every sink receives it.
    case event(Event)
    /// An ingredient the state did not know yet, at the stock its menu declares.
    case stockDeclared(ingredient: String, count: Int)
    /// `profile`: one change to the profiles `suggest` reads.
    case profileChanged(ProfileChange)
    /// A fact of a layer above the domain, which the domain carries and never reads.
    case fact(Fact)
}
