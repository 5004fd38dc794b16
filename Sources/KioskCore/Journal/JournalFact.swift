/// A fact that a layer above the domain keeps in the journal — a sink's failed delivery, a
/// request's answer — carried in records by the domain, which never reads it.
///
/// The layer that writes a kind of fact owns all of it: the value, its byte form and
/// code (`RecordedFact`, in KioskRecords), and its fold (`FactFold`). A new layer adds its
/// records without a change here.
public protocol JournalFact: Hashable, Sendable {}

/// A journal fact of any layer's kind.
public struct Fact: Hashable, Sendable {
    public let value: any JournalFact

    public init(_ value: some JournalFact) {
        self.value = value
    }

    /// The fact, when it is of `kind`.
    public func `as`<Kind: JournalFact>(_ kind: Kind.Type) -> Kind? {
        value as? Kind
    }

    public static func == (lhs: Fact, rhs: Fact) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(value))
    }
}

extension JournalRecord {
    /// The record's facts of `kind`, in order.
    public func facts<Kind: JournalFact>(_ kind: Kind.Type) -> [Kind] {
        entries.compactMap { if case .fact(let fact) = $0 { fact.as(kind) } else { nil } }
    }
}

/// What a layer keeps of its facts as the journal is folded, record by record: held beside
/// the kiosk, and written into snapshots so that a compaction keeps it.
public protocol FactFold: Hashable, Sendable {
    /// The fold of no record.
    init()
    mutating func apply(_ record: JournalRecord)
    var isEmpty: Bool { get }
}

/// Every layer's fold of its facts, by the fold's type.
public struct FactFolds: Hashable, Sendable {
    private var folds: [any FactFold]

    /// No folds: a fold asked for reads as empty, and records change nothing.
    public init() {
        folds = []
    }

    /// An empty fold of each of `kinds`, each applied to every record after.
    public init(_ kinds: [any FactFold.Type]) {
        folds = kinds.map { $0.init() }
    }

    /// The fold of `kind`; empty when it is not held.
    public subscript<Fold: FactFold>(_ kind: Fold.Type) -> Fold {
        get {
            for fold in folds { if let fold = fold as? Fold { return fold } }
            return Fold()
        }
        set {
            if let index = folds.firstIndex(where: { $0 is Fold }) { folds[index] = newValue } else { folds.append(newValue) }
        }
    }

    /// Applies `record` to every fold held, in place.
    public mutating func apply(_ record: JournalRecord) {
        for index in folds.indices { FactFolds.apply(record, to: &folds[index]) }
    }

    private static func apply<Fold: FactFold>(_ record: JournalRecord, to fold: inout Fold) {
        fold.apply(record)
    }

    public static func == (lhs: FactFolds, rhs: FactFolds) -> Bool {
        lhs.nonEmpty == rhs.nonEmpty
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nonEmpty)
    }

    /// The folds that hold something: an empty fold and a missing one are the same state.
    private var nonEmpty: Set<AnyHashable> {
        Set(folds.filter { !$0.isEmpty }.map { AnyHashable($0) })
    }
}
