import KioskApplication
import KioskText

extension ErrorText {
    /// Why the history is not kept in its file.
    public func message(_ problem: HistoryFile.Problem) -> String {
        tr("cannot keep the history in '{path}': {reason}; history is not kept", [
            "path": TerminalText.visible(problem.path), "reason": problem.error.reason,
        ])
    }
}
