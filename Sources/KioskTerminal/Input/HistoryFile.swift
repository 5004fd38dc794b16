import KioskSystem

/// Where the REPL keeps its history: `$KIOSK_HISTFILE`, else
/// `$XDG_STATE_HOME/kiosk/history`, else `~/.kiosk_history`.
public enum HistoryFile {
    public static func path(environment: [String: String]) -> String? {
        if let file = environment["KIOSK_HISTFILE"], !file.isEmpty { return file }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/kiosk/history" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.kiosk_history" }
        return nil
    }

    /// Why the history cannot be kept in a file: refused at start, or failed at a write.
    public struct Problem: Error, Sendable, Equatable {
        public let path: String
        public let error: SystemError

        public init(path: String, error: SystemError) {
            self.path = path
            self.error = error
        }
    }

    /// Whether `path` can hold the history: nothing there yet (it is made at the first
    /// write), or a regular file. A FIFO, a device or a directory is refused before
    /// readline opens it, so a FIFO nobody writes never holds the start up.
    public static func check(_ path: String) -> Problem? {
        do throws(SystemError) {
            let status = try FileSystem.status(of: path)
            return status.kind == .regular ? nil : Problem(path: path, error: .notARegularFile(status.kind, path: path))
        } catch {
            return error.isNotFound ? nil : Problem(path: path, error: error)
        }
    }
}
