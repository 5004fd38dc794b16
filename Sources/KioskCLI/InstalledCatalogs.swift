import KioskSystem
import KioskText

/// The catalogs installed beside kiosk, as gettext lays them out: `LANG/LC_MESSAGES/kiosk.po`
/// under `$KIOSK_LOCALEDIR` when it is set, else under `share/locale` of the prefix kiosk is
/// installed in (`/usr/local/bin/kiosk` reads `/usr/local/share/locale`). A language is
/// added by adding its file: `ja/LC_MESSAGES/kiosk.po` makes `--lang ja`, `LANG=ja_JP.UTF-8`
/// and a menu's `language ja` speak Japanese, no build needed.
enum InstalledCatalogs {
    static let fileName = "kiosk.po"

    /// The directory whose `LANG/LC_MESSAGES/` hold the catalogs; `nil` when kiosk cannot
    /// tell where it is installed and nothing names one.
    static func directory(environment: [String: String]) -> String? {
        if let named = environment["KIOSK_LOCALEDIR"], !named.isEmpty { return named }
        guard let executable = CurrentProcess.executablePath() else { return nil }
        let bin = FileSystem.directory(of: executable)
        return FileSystem.directory(of: bin) + "/share/locale"
    }

    /// The shelf `Localization` reads a language's catalog from; a file that cannot be
    /// read is no catalog. The files are read when a language is asked for, not at every
    /// start.
    static func shelf(environment: [String: String]) -> CatalogShelf? {
        guard let directory = directory(environment: environment) else { return nil }
        return CatalogShelf(
            catalog: { code in
                guard !code.contains("/"), let bytes = try? FileSystem.read(path(of: code, in: directory), limit: 16 << 20) else { return nil }
                return String(validating: bytes, as: UTF8.self)
            },
            codes: {
                ((try? FileSystem.contents(of: directory)) ?? []).filter { FileSystem.exists(path(of: $0, in: directory)) }
            }
        )
    }

    private static func path(of code: String, in directory: String) -> String {
        "\(directory)/\(code)/LC_MESSAGES/\(fileName)"
    }
}
