import KioskApplication
import KioskText

extension ErrorText {
    /// Why the history is not kept in its file.
    public func message(_ problem: HistoryFile.Problem) -> String {
        "cannot keep the history in '\(TerminalText.visible(problem.path))': \(problem.error.reason); history is not kept"
    }
}
