/// A place where tickets are prepared (`blender`, `counter`), and how many tickets its
/// staff prepare at once.
public struct Station: Sendable, Hashable {
    /// The station of an item that names none.
    public static let defaultName = "counter"
    /// The most tickets one station may prepare at once.
    public static let maximumStaff = 1_000

    public let name: String
    /// How many tickets the station prepares at the same time, at least 1.
    public let staff: Int

    public init(name: String, staff: Int = 1) {
        self.name = name
        self.staff = staff
    }

    /// The one station of a menu that declares none.
    public static let counter = Station(name: defaultName)
}

/// How a menu's order board behaves: when a ticket is old enough to be marked, and
/// whether staff start and finish tickets by themselves.
public struct BoardSettings: Sendable, Hashable {
    public static let defaultWarn: Duration = .seconds(5 * 60)
    public static let defaultLate: Duration = .seconds(8 * 60)

    /// A ticket not ready at this age is marked `warn`.
    public let warn: Duration
    /// A ticket not ready at this age is marked `late`, and `ticket.late` goes out once.
    public let late: Duration
    /// `board auto`: each station starts the oldest waiting ticket as soon as it has a
    /// free hand, and finishes it after its prep time.
    public let auto: Bool

    public init(warn: Duration = defaultWarn, late: Duration = defaultLate, auto: Bool = false) {
        self.warn = warn
        self.late = late
        self.auto = auto
    }
}
