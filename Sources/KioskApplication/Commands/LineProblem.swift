/// A line that cannot be a command, whatever it says.
public enum LineProblem: Sendable, Equatable, Error {
    /// Longer than the reader's limit (64 KiB), in bytes.
    case tooLong(bytes: Int, limit: Int)
    case invalidUTF8
}
