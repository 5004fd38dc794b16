import KioskText

/// Durations as people write them: `500ms`, `90s`, `5m` (or `5min`), `1.5h`.
public enum DurationText {
    /// Milliseconds, or `nil` when `text` is not a number (up to three decimals) and a
    /// unit, is not a whole number of milliseconds, or passes a year.
    public static func parse(_ text: String) -> Int64? {
        let text = text.trimmingWhitespace()
        for (suffix, unit) in units where text.hasSuffix(suffix) {
            guard let number = DecimalNumber(String(text.dropLast(suffix.count)), maximumDecimals: 3) else { continue }
            let (product, overflow) = number.units.multipliedReportingOverflow(by: unit)
            guard !overflow, product % number.scale == 0 else { return nil }
            let milliseconds = product / number.scale
            return milliseconds <= 366 * 86_400_000 ? milliseconds : nil
        }
        return nil
    }

    /// The shortest way to write `milliseconds` in one unit: `2h`, `90m`, `45s`, `1500ms`.
    public static func format(_ milliseconds: Int64) -> String {
        if milliseconds > 0, milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds > 0, milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }

    /// Longer suffixes first, so `ms` is not read as `s` and `min` not as `n`.
    private static let units: [(String, Int64)] = [("ms", 1), ("min", 60_000), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
}
