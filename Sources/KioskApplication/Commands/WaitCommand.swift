import KioskCore

/// `wait DURATION`: moves the virtual clock on, firing every change the board had
/// scheduled by then — auto starts and finishes, warn and late marks — in time order, each
/// at its exact time.
public enum WaitCommand: CommandHandler {
    /// The longest single wait.
    public static let maximumHours: Int64 = 24 * 366

    public struct Arguments: CommandArguments, Equatable {
        /// Milliseconds.
        public let milliseconds: Int64

        public init(milliseconds: Int64) {
            self.milliseconds = milliseconds
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard list.count == 1, let text = list.first else { throw words.usage }
        guard let milliseconds = duration(text) else { throw .invalidDuration(text) }
        return Arguments(milliseconds: milliseconds)
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        try TicketMove.requireBoard("wait", in: session)
        guard let now = session.time.advance(by: arguments.milliseconds) else { throw .needsVirtualClock }
        session.kiosk.advance(to: now, emitting: &session.events)
        return .waited(now)
    }

    /// `90s`, `2m`, `1h30m`, `500ms`, or a bare number of seconds; at most `maximumHours`.
    static func duration(_ text: String) -> Int64? {
        let units: [(String, Int64)] = [("ms", 1), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        guard !text.isEmpty else { return nil }
        var rest = Substring(text.lowercased())
        if rest.allSatisfy(\.isASCIIDigit) { rest += "s" }
        var total: Int64 = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, digits.count <= 12, let value = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let (suffix, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(suffix.count)
            total += value * scale
            guard total <= maximumHours * 3_600_000 else { return nil }
        }
        return total
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
