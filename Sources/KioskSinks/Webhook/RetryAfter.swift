/// Reads a `Retry-After` header: delay-seconds (`120`) or an HTTP-date
/// (`Fri, 21 Nov 2026 15:08:30 GMT`), as RFC 9110 §10.2.3 allows.
enum RetryAfter {
    /// The longest wait a receiver may ask for; longer asks are cut to this.
    static let maximum = Duration.seconds(3600)

    /// How long to wait, from `now` (seconds since 1970), or `nil` if the header says nothing usable.
    static func parse(_ value: String?, now: Int64) -> Duration? {
        guard let value = value?.trimmingSpaces, !value.isEmpty else { return nil }
        if let seconds = Int64(value), seconds >= 0 {
            return min(.seconds(seconds), maximum)
        }
        guard let date = httpDate(value) else { return nil }
        return min(.seconds(max(0, date - now)), maximum)
    }

    /// IMF-fixdate, the only form a sender may generate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int64(parts[1]), let year = Int64(parts[3]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int64($0) }
        guard clock.count == 3 else { return nil }
        let month = Int64(monthIndex + 1)
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        return days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
