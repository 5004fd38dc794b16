import KioskCore

/// The menu kiosk runs when no `--menu` is given: the Juice Maker, compiled into the
/// binary so `kiosk` works from any directory.
public enum BundledMenu {
    /// The name messages and `reload` use for the bundled menu.
    public static let path = "juice.kiosk (bundled)"

    public static var compilation: MenuCompilation {
        MenuCompilation(menu: CompiledMenu(menu: .juiceMaker, sinks: [], files: []), diagnostics: [], sources: SourceMap(), unreadable: nil)
    }
}
