/// A count that changes over simulated time — customers in the system, customers waiting —
/// with the area under it, for its time average, and the area and peak of each hour.
///
/// The area is in count × milliseconds, summed in a double: exact up to 2^53, far beyond
/// any day's worth. The current hour is kept in scalars and moved to `hours` when it ends,
/// so a change costs no array access.
public struct TimeWeightedCount: Sendable, Equatable {
    /// One hour of the run: `area / 3,600,000` is its average.
    public struct Hour: Sendable, Equatable {
        public fileprivate(set) var area: Double = 0
        public fileprivate(set) var peak = 0
    }

    public static let hour: Int64 = 3_600_000
    /// Hours kept apart; the last one takes everything after it, so a pathological run (a
    /// queue that takes years to clear) cannot fill memory with hours.
    public static let maximumHours = 10_000

    public private(set) var level = 0
    public private(set) var peak = 0
    public private(set) var area: Double = 0
    private var since: Int64 = 0
    private let byHour: Bool
    /// The hours before the current one.
    private var pastHours: [Hour] = []
    private var current = Hour()
    /// When the current hour ends.
    private var hourEnd = TimeWeightedCount.hour

    public init(byHour: Bool = false) {
        self.byHour = byHour
    }

    /// Hour by hour from the start, up to the last change or `advance`, when asked for.
    public var hours: [Hour] {
        byHour ? pastHours + [current] : []
    }

    /// Moves the level by `delta` at `time` (never earlier than the last change).
    public mutating func change(by delta: Int, at time: Int64) {
        advance(to: time)
        level += delta
        peak = max(peak, level)
        current.peak = max(current.peak, level)
    }

    /// Adds the area up to `time` at the current level.
    public mutating func advance(to time: Int64) {
        guard time > since else { return }
        let slice = Double(level) * Double(time - since)
        area += slice
        guard byHour else {
            since = time
            return
        }
        if time < hourEnd {
            current.area += slice
            since = time
            return
        }
        advanceAcrossHours(to: time)
    }

    /// The slow path: the change is in a later hour than the last.
    private mutating func advanceAcrossHours(to time: Int64) {
        while since < time {
            let end = min(time, hourEnd)
            current.area += Double(level) * Double(end - since)
            since = end
            if since == hourEnd {
                pastHours.append(current)
                current = Hour(area: 0, peak: level)
                hourEnd = pastHours.count + 1 < TimeWeightedCount.maximumHours ? hourEnd + TimeWeightedCount.hour : .max
            }
        }
    }

    /// The time average over `0..<duration`.
    public func average(over duration: Int64) -> Double {
        duration > 0 ? area / Double(duration) : 0
    }
}
