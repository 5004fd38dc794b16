/// Where the REPL keeps its history: `$KIOSK_HISTFILE`, else
/// `$XDG_STATE_HOME/kiosk/history`, else `~/.kiosk_history`.
public enum HistoryFile {
    public static func path(environment: [String: String]) -> String? {
        if let file = environment["KIOSK_HISTFILE"], !file.isEmpty { return file }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/kiosk/history" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.kiosk_history" }
        return nil
    }
}
