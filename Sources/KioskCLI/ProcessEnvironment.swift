#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's environment variables, read once.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return variables
    }

    /// Colour only on a terminal, never with `NO_COLOR` set (https://no-color.org),
    /// `TERM=dumb` or `--no-color`.
    static func wantsColor(isTerminal: Bool, noColorFlag: Bool, environment: [String: String]) -> Bool {
        isTerminal && !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
