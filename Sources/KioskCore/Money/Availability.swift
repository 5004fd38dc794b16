/// When something is sold or given: one or more windows of the day, each on some days of
/// the week, in the kiosk's local time.
public struct Availability: Sendable, Hashable, CustomStringConvertible {
    /// `15:00-17:00 mon-fri`: from `start` up to `end`, in minutes after midnight. An `end`
    /// at or before `start` runs past midnight (`22:00-02:00`): the hours after midnight
    /// belong to the day the window opened.
    public struct Window: Sendable, Hashable, CustomStringConvertible {
        public let start: Int
        public let end: Int
        /// Days of the week, bit 0 Monday through bit 6 Sunday.
        public let days: UInt8

        public static let everyDay: UInt8 = 0x7F
        static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

        /// - Precondition: `start` and `end` in `0..<1440`, `days` not empty.
        public init(start: Int, end: Int, days: UInt8 = Window.everyDay) {
            precondition((0..<1440).contains(start) && (0..<1440).contains(end) && days & Window.everyDay != 0)
            self.start = start
            self.end = end
            self.days = days & Window.everyDay
        }

        /// Reads `07:00-11:00` and, if given, `mon-fri`, `sat` or `fri-mon`; `nil` for
        /// anything else.
        public init?(times: some StringProtocol, days: String?) {
            let parts = times.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let start = Window.minutes(parts[0]), let end = Window.minutes(parts[1]), start != end else { return nil }
            var mask = Window.everyDay
            if let days {
                guard let read = Window.days(days) else { return nil }
                mask = read
            }
            self.init(start: start, end: end, days: mask)
        }

        /// `07:30` as 450; `nil` for anything but `HH:MM` on a 24-hour clock.
        static func minutes(_ text: some StringProtocol) -> Int? {
            let bytes = Array(text.utf8)
            guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
            var digits: [Int] = []
            for index in [0, 1, 3, 4] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                digits.append(Int(bytes[index] - UInt8(ascii: "0")))
            }
            let hour = digits[0] * 10 + digits[1]
            let minute = digits[2] * 10 + digits[3]
            guard hour < 24, minute < 60 else { return nil }
            return hour * 60 + minute
        }

        /// `mon-fri` (a range, which may wrap past Sunday) or one day, as a mask.
        static func days(_ text: some StringProtocol) -> UInt8? {
            let parts = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else { return nil }
            guard let first = dayNames.firstIndex(of: String(parts[0])) else { return nil }
            guard parts.count == 2 else { return 1 << first }
            guard let last = dayNames.firstIndex(of: String(parts[1])) else { return nil }
            var mask: UInt8 = 0
            var day = first
            while true {
                mask |= 1 << day
                if day == last { break }
                day = (day + 1) % 7
            }
            return mask
        }

        /// Whether the window is open at `minute` of a day whose weekday is `weekday`
        /// (Monday 0).
        func isOpen(minute: Int, weekday: Int) -> Bool {
            let today = days & (1 << weekday) != 0
            if start < end { return today && start <= minute && minute < end }
            if minute >= start { return today }
            return minute < end && days & (1 << ((weekday + 6) % 7)) != 0
        }

        /// `15:00-17:00 mon-fri`; the days left out when they are every day.
        public var description: String {
            let times = Window.clock(start) + "-" + Window.clock(end)
            return days == Window.everyDay ? times : times + " " + Window.daysText(days)
        }

        static func clock(_ minutes: Int) -> String {
            let hour = minutes / 60
            let minute = minutes % 60
            return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
        }

        /// The days as ranges: `mon-fri`, `sat`, `mon,wed`.
        static func daysText(_ days: UInt8) -> String {
            var runs: [String] = []
            var day = 0
            while day < 7 {
                guard days & (1 << day) != 0 else {
                    day += 1
                    continue
                }
                var last = day
                while last + 1 < 7, days & (1 << (last + 1)) != 0 { last += 1 }
                runs.append(last == day ? dayNames[day] : dayNames[day] + "-" + dayNames[last])
                day = last + 1
            }
            return runs.joined(separator: ",")
        }
    }

    public let windows: [Window]

    /// - Precondition: `windows` is not empty.
    public init(_ windows: [Window]) {
        precondition(!windows.isEmpty)
        self.windows = windows
    }

    /// Whether one of the windows is open at `time`, read in a zone `offsetSeconds` from UTC.
    public func isOpen(at time: Timestamp, offsetSeconds: Int) -> Bool {
        let (day, millisecond) = time.localDay(offsetSeconds: offsetSeconds)
        let minute = Int(millisecond / 60_000)
        // 1970-01-01 was a Thursday: weekday 3, counting from Monday.
        let weekday = Int(((day + 3) % 7 + 7) % 7)
        return windows.contains { $0.isOpen(minute: minute, weekday: weekday) }
    }

    /// `07:00-11:00, 15:00-17:00 sat-sun`.
    public var description: String { windows.map(\.description).joined(separator: ", ") }
}
