import KioskMenu
import KioskText

extension SimulateFailure {
    /// The failure as diagnostic objects (`DiagnosticJSON`), for standard error under
    /// `--json`, as a start of `kiosk` that fails: every diagnostic of a menu that did not
    /// compile, else one object with a start-up code.
    func json() -> [UInt8] {
        switch self {
        case .invalidMenu(let failure), .invalidCommandLineSink(let failure):
            return DiagnosticJSON.lines(failure.compilation.diagnostics, in: failure.compilation.sources)
        case .usage(let error):
            return DiagnosticJSON.line(file: nil, code: "usage", message: error.message)
        case .unreadableMenu(let unreadable):
            return DiagnosticJSON.line(file: unreadable.path, code: "unreadable_file", message: tr("cannot read '{path}': {reason}", ["path": unreadable.path, "reason": unreadable.reason]))
        case .simulation(let error):
            return DiagnosticJSON.line(file: nil, code: "cannot_simulate", message: error.message)
        case .csv(let path, let error, let opening):
            return DiagnosticJSON.line(file: path, code: opening ? "cannot_create" : "io_error", message: tr("cannot write '{path}': {reason}", ["path": path, "reason": error.reason]))
        case .sinkSetup(let error, _):
            return DiagnosticJSON.line(file: nil, code: "sink_setup_failed", message: error.message)
        case .journal(let error):
            return DiagnosticJSON.line(file: nil, code: StartupError.code(of: error), message: tr("events for the sinks cannot be kept: {reason}", ["reason": error.message]))
        case .output:
            return DiagnosticJSON.line(file: nil, code: "io_error", message: tr("the report could not be written"))
        case .stateHasHistory(let path):
            return DiagnosticJSON.line(file: path, code: "state_has_history", message: SimulateFailure.history(of: path))
        }
    }
}
