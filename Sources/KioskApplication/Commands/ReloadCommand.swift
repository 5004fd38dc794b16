import KioskCore
import KioskMenu

/// `reload`: reads the menu files again; on success the new menu takes over, keeping the
/// stock of the ingredients it shares with the old one. A file that compiles to the same
/// menu changes nothing and sends no `menu.reloaded`; files with errors change nothing and
/// send `menu.reload_failed`.
public enum ReloadCommand: CommandHandler {
    public static func run(_ arguments: NoArguments, in session: Session) throws(CommandError) -> CommandOutput {
        let compilation = session.menuSource.compile(settling: true)
        guard let compiled = compilation.menu else {
            // An outcome like any other: the sinks hear of it, not only who asked.
            let errors = max(1, compilation.diagnostics.filter { $0.severity == .error }.count + compilation.omittedDiagnostics)
            session.kiosk.reloadFailed(errors: errors, at: session.clock(), emitting: &session.events)
            throw .reloadFailed(MenuFailure(compilation))
        }
        let sinksChanged = compiled.sinks != session.sinkDeclarations || compiled.reader != session.readerDeclaration
        if compiled.menu.isSame(as: session.kiosk.menu) {
            // Nothing to swap and nothing to tell the sinks: no `menu.reloaded`.
            let same = MenuDifference(from: session.kiosk.menu, to: session.kiosk.menu)
            return .reloaded(ReloadSummary(difference: same, sinksChanged: sinksChanged, menuChanged: false))
        }
        let swap = session.kiosk.replaceMenu(with: compiled.menu, at: session.clock(), emitting: &session.events)
        if session.store?.mode == .state {
            session.facts = swap.declared.map { .stockDeclared(ingredient: $0.ingredient, count: $0.count) }
        }
        session.menuVersion += 1
        return .reloaded(ReloadSummary(difference: swap.difference, sinksChanged: sinksChanged))
    }
}
