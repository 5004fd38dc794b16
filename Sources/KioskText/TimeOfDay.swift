/// A time of day as a menu or a command line writes it: `07:00`, `9:30`.
public enum TimeOfDay {
    /// `HH:MM` (or `H:MM`) from 00:00 to 23:59, in milliseconds since midnight; `nil` for
    /// anything else.
    public static func milliseconds(parsing text: String) -> Int64? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
              fields.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let hour = Int64(fields[0]), let minute = Int64(fields[1]), hour < 24, minute < 60
        else { return nil }
        return (hour * 60 + minute) * 60_000
    }
}
