import KioskCore
import KioskText

/// The order board's data as JSON fields: for `board`, `board public`, `board all-day`
/// and the board part of `report`, under `--json` and over HTTP alike.
public enum BoardJSON {

    /// `board --json`'s fields: the counts, then each column's tickets.
    public static func write(_ listing: BoardListing, to writer: inout JSONWriter) {
        writer.key("counts")
        writer.beginObject()
        writer.field("queued", listing.queued.count)
        writer.field("preparing", listing.preparing.count)
        writer.field("ready", listing.ready.count)
        writer.endObject()
        for (key, rows) in [("queued", listing.queued), ("preparing", listing.preparing), ("ready", listing.ready)] as [(StaticString, [BoardListing.Row])] {
            writer.key(key)
            writer.beginArray()
            for row in rows { write(row, to: &writer) }
            writer.endArray()
        }
    }

    private static func write(_ row: BoardListing.Row, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("ticket", row.number)
        writer.array("lines", lines: row.items)
        writer.array("stations", strings: row.stations)
        writer.key("ordered")
        writer.timestamp(row.ordered)
        writer.key("promised")
        writer.timestamp(row.promised)
        writer.field("ageMs", row.age)
        writer.key("mark")
        if let mark = row.mark { writer.string(mark.rawValue) } else { writer.null() }
        writer.endObject()
    }

    /// `board public --json`'s fields.
    public static func write(_ board: PublicBoard, to writer: inout JSONWriter) {
        for (key, numbers) in [("preparing", board.preparing), ("ready", board.ready)] as [(StaticString, [Int])] {
            writer.key(key)
            writer.beginArray()
            for number in numbers { writer.number(number) }
            writer.endArray()
        }
    }

    /// `board all-day --json`'s fields.
    public static func write(_ counts: [AllDayCount], to writer: inout JSONWriter) {
        writer.array("items", objects: counts) { writer, count in
            writer.field("item", count.item)
            writer.field("queued", count.queued)
            writer.field("preparing", count.preparing)
            writer.field("total", count.total)
        }
    }

    /// The board report's fields; times in milliseconds.
    public static func write(_ report: BoardReport, to writer: inout JSONWriter) {
        writer.array("stations", objects: report.stations) { writer, station in
            writer.field("station", station.name)
            writer.field("staff", station.staff)
            for (key, times) in [("orderToReady", station.orderToReady), ("orderToPickup", station.orderToPickup)] as [(StaticString, BoardReport.Times?)] {
                writer.key(key)
                guard let times else {
                    writer.null()
                    continue
                }
                writer.beginObject()
                writer.field("count", times.count)
                writer.field("meanMs", times.mean)
                writer.field("medianMs", times.median)
                writer.field("p90Ms", times.p90)
                writer.endObject()
            }
            writer.field("late", station.late)
        }
        writer.field("late", report.late)
        writer.field("cancelled", report.cancelled)
        writer.object("waste", counts: report.waste)
    }

    /// One of the `write` functions' fields as a whole JSON object.
    public static func object(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return writer.bytes
    }
}
