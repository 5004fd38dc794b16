/// Numbers, times and durations as text, the same on every machine: built from integers
/// and correctly rounded operations only, never the C library's `printf`.
enum TextFormat {
    /// `value` with `places` decimals, rounded half away from zero; `nan` for a NaN and
    /// `inf`/`-inf` for infinities.
    static func fixed(_ value: Double, _ places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 0x1p62 else { return value.description }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        let whole = String(units / divisor)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(units % divisor)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `12,345`.
    static func grouped(_ value: Int) -> String {
        value.grouped
    }

    /// `08:05` for milliseconds since midnight; hours go past 23 after midnight.
    static func clock(_ milliseconds: Int64) -> String {
        let minutes = max(0, milliseconds) / 60_000
        return pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    /// `08:05:03`.
    static func time(_ milliseconds: Int64) -> String {
        clock(milliseconds) + ":" + pad(max(0, milliseconds) / 1000 % 60)
    }

    /// `08:05:03.120`.
    static func preciseClock(_ milliseconds: Int64) -> String {
        let value = max(0, milliseconds)
        let seconds = value / 1000
        let fraction = String(value % 1000)
        return clock(value) + ":" + pad(seconds % 60) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A span of milliseconds for people: `850ms`, `42.3s`, `4m05s`, `1h02m`.
    static func duration(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite else { return "—" }
        let value = milliseconds.magnitude
        let sign = milliseconds < 0 ? "-" : ""
        if value < 1000 { return sign + fixed(value, 0) + "ms" }
        if value < 59_950 { return sign + fixed(value / 1000, 1) + "s" }
        let seconds = Int64((value / 1000).rounded())
        if seconds < 3600 { return sign + "\(seconds / 60)m" + pad(seconds % 60) + "s" }
        let minutes = Int64((value / 60_000).rounded())
        return sign + "\(minutes / 60)h" + pad(minutes % 60) + "m"
    }

    /// `81.2 %`.
    static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, 1) + " %"
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
