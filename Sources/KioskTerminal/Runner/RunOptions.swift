/// How a session's results are shown.
public struct RunOptions: Sendable {
    /// Stop at the first command that fails.
    public var bail = false
    /// One JSON object per command on standard output.
    public var json = false
    /// Only errors.
    public var quiet = false
    /// Colour on the terminal.
    public var colors = false

    public init(bail: Bool = false, json: Bool = false, quiet: Bool = false, colors: Bool = false) {
        self.bail = bail
        self.json = json
        self.quiet = quiet
        self.colors = colors
    }
}
