/// A count that changes over simulated time — customers in the system, customers waiting —
/// with the area under it, for its time average, and the area and peak of each hour.
///
/// The area is in count × milliseconds, summed in a double: exact up to 2^53, far beyond
/// any day's worth.
public struct TimeWeightedCount: Sendable, Equatable {
    /// One hour of the run: `area / 3,600,000` is its average.
    public struct Hour: Sendable, Equatable {
        public fileprivate(set) var area: Double = 0
        public fileprivate(set) var peak = 0
    }

    public static let hour: Int64 = 3_600_000

    public private(set) var level = 0
    public private(set) var peak = 0
    public private(set) var area: Double = 0
    /// Hour by hour from the start, when asked for.
    public private(set) var hours: [Hour] = []
    private var since: Int64 = 0
    private let byHour: Bool

    public init(byHour: Bool = false) {
        self.byHour = byHour
    }

    /// Moves the level by `delta` at `time` (never earlier than the last change).
    public mutating func change(by delta: Int, at time: Int64) {
        advance(to: time)
        level += delta
        peak = max(peak, level)
        if byHour { hours[hours.count - 1].peak = max(hours[hours.count - 1].peak, level) }
    }

    /// Adds the area up to `time` at the current level.
    public mutating func advance(to time: Int64) {
        guard byHour else {
            area += Double(level) * Double(time - since)
            since = max(since, time)
            return
        }
        if hours.isEmpty { hours.append(Hour(area: 0, peak: level)) }
        while since < time {
            let hourEnd = Int64(hours.count) * TimeWeightedCount.hour
            let end = min(time, hourEnd)
            let slice = Double(level) * Double(end - since)
            area += slice
            hours[hours.count - 1].area += slice
            since = end
            if since == hourEnd { hours.append(Hour(area: 0, peak: level)) }
        }
    }

    /// The time average over `0..<duration`.
    public func average(over duration: Int64) -> Double {
        duration > 0 ? area / Double(duration) : 0
    }
}
