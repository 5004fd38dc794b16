import KioskApplication
import KioskMenu
import KioskSinks

/// The sinks given with `--sink`, for `kiosk`, `kiosk serve` and `kiosk simulate` alike.
enum CommandLineSinks {
    /// Each text compiled as a menu's `sink` statement, named `--sink` in a diagnostic (or
    /// `--sink#2` when there are several), a plugin sink found in `catalog` as a menu's is;
    /// the first that does not compile is thrown as `failure` makes it. Returns the sinks
    /// and `registry` with the plugins they use.
    static func compile<Failure: Error>(
        _ texts: [String], with compiler: MenuCompiler, catalog: PluginCatalog, registry: SinkRegistry, failure: (MenuFailure) -> Failure
    ) throws(Failure) -> (sinks: [SinkDeclaration], registry: SinkRegistry) {
        var sinks: [SinkDeclaration] = []
        var registry = registry
        for (index, text) in texts.enumerated() {
            let origin = texts.count == 1 ? "--sink" : "--sink#\(index + 1)"
            let compilation: MenuCompilation
            (compilation, registry) = catalog.compile(base: registry) { registry in
                var compiler = compiler
                compiler.sinkSchemas = registry.schemas
                return compiler.compileSink(text, origin: origin)
            }
            guard let declaration = compilation.menu?.sinks.first else { throw failure(MenuFailure(compilation)) }
            sinks.append(declaration)
        }
        return (sinks, registry)
    }
}
