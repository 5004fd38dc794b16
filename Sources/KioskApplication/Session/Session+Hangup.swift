import KioskSystem

/// A SIGHUP asks for the menu to be read again: the runners ask before each command.
extension Session {
    /// Whether a SIGHUP came that `reloadIfHungUp` has not answered yet: one counter read.
    public var isHungUp: Bool { Signals.hangupCount != hangupsSeen }

    /// After a SIGHUP, reloads the menu and returns what that did; otherwise `nil`, and
    /// `nil` too when the files compiled to the same menu (a SIGHUP sent for log rotation
    /// says nothing). The runners call this before each command, so the next command sees
    /// the new menu.
    public func reloadIfHungUp() -> CommandResult? {
        let hangups = Signals.hangupCount
        guard hangups != hangupsSeen, let reload = commands.entry(named: "reload") else { return nil }
        hangupsSeen = hangups
        let result = execute(Command(entry: reload, arguments: NoArguments()))
        if case .reloaded(let summary) = result.output, !summary.menuChanged, result.error == nil { return nil }
        return result
    }
}
