/// A non-negative decimal number held exactly as `units / scale`: `2.75` is 275 / 100.
public struct DecimalNumber: Sendable, Equatable {
    public let units: Int64
    public let scale: Int64

    /// Digits with at most one `.` and at most `maximumDecimals` after it; at most 12
    /// digits before it.
    public init?(_ text: String, maximumDecimals: Int) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let whole = pieces.first, (1...12).contains(whole.count) else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard pieces.count == 1 || (1...maximumDecimals).contains(fraction.count) else { return nil }
        var units: Int64 = 0
        for character in Array(whole.utf8) + Array(fraction.utf8) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
            units = units * 10 + Int64(character - UInt8(ascii: "0"))
        }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        self.units = units
        self.scale = scale
    }
}
