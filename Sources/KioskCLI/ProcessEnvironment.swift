
/// What the environment says about how kiosk should behave.
enum ProcessEnvironment {
    /// Colour only on a terminal, never with `NO_COLOR` set (https://no-color.org),
    /// `TERM=dumb` or `--no-color`.
    static func wantsColor(isTerminal: Bool, noColorFlag: Bool, environment: [String: String]) -> Bool {
        isTerminal && !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
