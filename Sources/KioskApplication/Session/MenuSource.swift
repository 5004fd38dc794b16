import KioskMenu

/// Where the menu comes from, so `reload` can read it again: a file, or the bundled Juice
/// Maker; plus the sinks given on the command line.
public struct MenuSource: Sendable {
    /// `nil` for the bundled menu.
    public let path: String?
    public let compiler: MenuCompiler

    public init(path: String?, compiler: MenuCompiler) {
        self.path = path
        self.compiler = compiler
    }

    public func compile() -> MenuCompilation {
        guard let path else { return BundledMenu.compilation }
        return compiler.compile(path: path)
    }
}
