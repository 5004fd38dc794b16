import KioskApplication
import KioskMenu

/// The sinks given with `--sink`, for `kiosk`, `kiosk serve` and `kiosk simulate` alike.
enum CommandLineSinks {
    /// Each text compiled as a menu's `sink` statement, named `--sink` in a diagnostic (or
    /// `--sink#2` when there are several); the first that does not compile is thrown as
    /// `failure` makes it.
    static func compile<Failure: Error>(
        _ texts: [String], with compiler: MenuCompiler, failure: (MenuFailure) -> Failure
    ) throws(Failure) -> [SinkDeclaration] {
        var sinks: [SinkDeclaration] = []
        for (index, text) in texts.enumerated() {
            let origin = texts.count == 1 ? "--sink" : "--sink#\(index + 1)"
            let compilation = compiler.compileSink(text, origin: origin)
            guard let declaration = compilation.menu?.sinks.first else { throw failure(MenuFailure(compilation)) }
            sinks.append(declaration)
        }
        return sinks
    }
}
