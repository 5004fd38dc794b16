import KioskText

/// The state file of format 1, read once to migrate it into a journal (`StateMigration`):
/// a format tag and version, then the snapshot. Nothing writes this format any more.
///
/// ```json
/// {"format":"kiosk-state","version":1,"menu":"Juice Maker","seq":12,
///  "stock":{"strawberry":10,…},"ledger":{"made":3,"refused":1,"revenue":"0",
///  "sales":[{"item":"Mango Juice","quantity":3,"revenue":"0"}],"usage":[{"ingredient":"mango","used":9}],
///  "history":[{"seq":1,"time":1795262400000,"lines":[{"item":"Mango Juice","quantity":1}],"made":true}]}}
/// ```
extension KioskSnapshot {
    public static let format = "kiosk-state"
    public static let version = 1

    /// Reads a state file's bytes.
    ///
    /// - Throws: `SnapshotError` saying what is wrong, for a message that names the file.
    public init(json bytes: [UInt8]) throws(SnapshotError) {
        guard let root = JSONValue(parsing: bytes) else { throw .notJSON }
        guard root["format"]?.string == KioskSnapshot.format else { throw .notAState }
        guard let version = root["version"]?.int, version == KioskSnapshot.version else {
            throw .unsupportedVersion(root["version"]?.int ?? -1)
        }
        guard let menu = root["menu"]?.string else { throw .missing("menu") }
        guard let sequence = root["seq"]?.int.flatMap(UInt64.init(exactly:)) else { throw .missing("seq") }
        guard let stockFields = root["stock"]?.fields else { throw .missing("stock") }
        var stock: [IngredientCount] = []
        for field in stockFields {
            guard let count = field.value.int, (0...Menu.maximumQuantity).contains(count) else { throw .invalid("stock of \(field.key)") }
            stock.append(IngredientCount(ingredient: field.key, count: count))
        }
        guard let ledger = root["ledger"] else { throw .missing("ledger") }
        self.init(menuName: menu, sequence: sequence, stock: stock, ledger: try KioskSnapshot.ledger(from: ledger))
    }

    private static func ledger(from value: JSONValue) throws(SnapshotError) -> LedgerSnapshot {
        guard let made = value["made"]?.int, let refused = value["refused"]?.int else { throw .missing("ledger counts") }
        guard let revenue = value["revenue"]?.string.flatMap(Money.init) else { throw .invalid("revenue") }
        var snapshot = LedgerSnapshot(revenue: revenue, madeOrders: made, refusedOrders: refused)
        for entry in value["sales"]?.array ?? [] {
            guard let item = entry["item"]?.string, let quantity = entry["quantity"]?.int,
                  let revenue = entry["revenue"]?.string.flatMap(Money.init) else { throw .invalid("sales") }
            snapshot.sales.append(Ledger.Sales(item: item, quantity: quantity, revenue: revenue))
        }
        for entry in value["usage"]?.array ?? [] {
            guard let ingredient = entry["ingredient"]?.string, let used = entry["used"]?.int else { throw .invalid("usage") }
            snapshot.usage.append(Ledger.Usage(ingredient: ingredient, used: used))
        }
        for entry in value["history"]?.array ?? [] {
            snapshot.history.append(try record(from: entry))
        }
        return snapshot
    }

    private static func record(from entry: JSONValue) throws(SnapshotError) -> OrderRecord {
        guard let sequence = entry["seq"]?.int.flatMap(UInt64.init(exactly:)), let time = entry["time"]?.int,
              let made = entry["made"], let lineValues = entry["lines"]?.array else { throw .invalid("history") }
        var lines: [ItemQuantity] = []
        for line in lineValues {
            guard let item = line["item"]?.string, let quantity = line["quantity"]?.int else { throw .invalid("history") }
            lines.append(ItemQuantity(item: item, quantity: quantity))
        }
        let result: OrderRecord.Result
        if made == .bool(true) {
            result = .made(total: entry["total"]?.string.flatMap(Money.init))
        } else {
            var missing: [Missing] = []
            for value in entry["missing"]?.array ?? [] {
                guard let ingredient = value["ingredient"]?.string, let needed = value["needed"]?.int,
                      let available = value["available"]?.int else { throw .invalid("history") }
                missing.append(Missing(ingredient: ingredient, needed: needed, available: available))
            }
            result = .refused(missing: missing)
        }
        return OrderRecord(sequence: sequence, time: Timestamp(millisecondsSince1970: Int64(time)), lines: lines, result: result)
    }
}

/// What is wrong with a state file.
public enum SnapshotError: Error, Sendable, Equatable {
    case notJSON
    case notAState
    case unsupportedVersion(Int)
    case missing(String)
    case invalid(String)

    public var message: String {
        switch self {
        case .notJSON: tr("it is not valid JSON")
        case .notAState: tr("it is not a kiosk state file")
        case .unsupportedVersion(let version):
            tr("its format version {version} is not one this kiosk reads ({supported})", ["version": version, "supported": KioskSnapshot.version])
        case .missing(let field): tr("it has no '{field}'", ["field": field])
        case .invalid(let field): tr("its {field} is malformed", ["field": field])
        }
    }
}
