import KioskCore

/// `--csv`: one line per customer, written by the caller as records arrive.
///
///     customer,arrival,start,ready,left,station,item,outcome
///     1,08:00:41.512,08:00:41.512,08:01:41.512,,counter,Mango Juice,served
///
/// Times are times of day with milliseconds. With replications, a `replication` column
/// (from 1) comes first.
public struct CustomerCSV: Sendable {
    private let items: [String]
    private let stations: [String]
    private let opening: Int64
    private let withReplication: Bool

    public init(menu: Menu, configuration: SimulationConfiguration, replications: Int) {
        items = menu.items.map(\.name)
        stations = configuration.stations.map(\.name)
        opening = configuration.opening
        withReplication = replications > 1
    }

    /// The header line, with its newline.
    public var header: String {
        (withReplication ? "replication," : "") + "customer,arrival,start,ready,left,station,item,outcome\n"
    }

    /// The record's line, with its newline.
    public func line(_ record: CustomerRecord) -> String {
        var fields: [String] = []
        if withReplication { fields.append(String(record.replication + 1)) }
        fields.append(String(record.customer))
        fields.append(time(record.arrival))
        fields.append(record.start.map(time) ?? "")
        fields.append(record.outcome == .served ? record.end.map(time) ?? "" : "")
        fields.append(record.outcome == .left ? record.end.map(time) ?? "" : "")
        fields.append(CustomerCSV.escape(stations[record.station]))
        fields.append(CustomerCSV.escape(items[record.item]))
        fields.append(record.outcome.rawValue)
        return fields.joined(separator: ",") + "\n"
    }

    private func time(_ milliseconds: Int64) -> String {
        TextFormat.preciseClock(opening + milliseconds)
    }

    /// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
