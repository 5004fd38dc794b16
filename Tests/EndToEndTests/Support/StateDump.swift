import Foundation
import KioskText
import Testing

/// What a state directory holds, read back through `kiosk state` as a person would.
enum StateDump {
    /// Every event id in the state, in journal order, from `kiosk state dump`.
    static func eventIds(_ state: String) throws -> [String] {
        let dump = try KioskProcess("state", "dump", state).run()
        return dump.stdout.split(separator: "\n").flatMap { JSONValue(parsing: Array($0.utf8))?["events"]?.array ?? [] }
            .compactMap { $0["id"]?.string }
    }

    /// The journal's end, from `kiosk state verify --json`.
    static func journalEnd(_ state: String) throws -> UInt64 {
        let verify = try KioskProcess("state", "verify", "--json", state).run()
        return UInt64(try #require(JSONValue(parsing: Array(verify.stdout.utf8))?["end"]?.int))
    }

    /// The positions of the records, from `kiosk state dump`.
    static func recordPositions(_ state: String) throws -> [UInt64] {
        let dump = try KioskProcess("state", "dump", state).run()
        return dump.stdout.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8))?["position"]?.int }.map(UInt64.init)
    }

    /// Stock by ingredient, folded by hand from `kiosk state dump`: the snapshot's, then
    /// every record after it.
    static func fold(_ dump: String) throws -> [String: Int] {
        var stock: [String: Int] = [:]
        var from = 0
        for line in dump.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let snapshot = object["snapshot"] as? [String: Any] {
                stock = snapshot["stock"] as? [String: Int] ?? [:]
                from = snapshot["position"] as? Int ?? 0
                continue
            }
            guard let position = object["position"] as? Int, position >= from else { continue }
            for fact in object["facts"] as? [[String: Any]] ?? [] where fact["fact"] as? String == "stock.declared" {
                stock[fact["ingredient"] as? String ?? ""] = fact["count"] as? Int
            }
            for event in object["events"] as? [[String: Any]] ?? [] {
                let data = event["data"] as? [String: Any] ?? [:]
                switch event["type"] as? String {
                case "order.succeeded":
                    for (name, count) in data["stock"] as? [String: Int] ?? [:] { stock[name] = count }
                case "stock.changed":
                    stock[data["ingredient"] as? String ?? ""] = data["to"] as? Int
                default: break
                }
            }
        }
        return stock
    }

    /// How many commit groups wrote the journal: the distinct group positions in the
    /// records' headers (bytes 8 ..< 16 of each, docs/STATE.md), read from the segment files
    /// as another program would. One group is one `write` and one `fdatasync`.
    static func commitGroups(_ state: String) throws -> Int {
        let segments = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasSuffix(".journal") }.sorted()
        var groups = Set<UInt64>()
        for segment in segments {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: state + "/" + segment)))
            var offset = 0
            while offset + 16 <= bytes.count {
                let length = bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
                guard length > 0 else { break }
                groups.insert(bytes[offset + 8..<offset + 16].reversed().reduce(0) { $0 << 8 | UInt64($1) })
                offset += 16 + length
            }
        }
        return groups.count
    }
}
