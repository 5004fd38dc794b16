import KioskCore

/// `reload`: reads the menu files again; on success the new menu takes over, keeping the
/// stock of the ingredients it shares with the old one.
public enum ReloadCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        let compilation = session.menuSource.compile()
        guard let compiled = compilation.menu else { throw .reloadFailed(MenuFailure(compilation)) }
        let swap = session.kiosk.replaceMenu(with: compiled.menu, at: session.clock(), emitting: &session.events)
        if session.store?.mode == .state {
            session.facts = swap.declared.map { .stockDeclared(ingredient: $0.ingredient, count: $0.count) }
        }
        session.menuVersion += 1
        return .reloaded(ReloadSummary(difference: swap.difference, sinksChanged: compiled.sinks != session.sinkDeclarations))
    }
}
