import Foundation

/// The repository the tests run from, found from this source file: its menus, its README, its docs and man pages.
public enum Repository {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `menus/`.
    public static var menus: String { root.appendingPathComponent("menus").path }

    /// The text of a file, by its path from the root.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// `menus/juice.kiosk`, the Juice Maker, as text.
public let juiceMakerSource: String = (try? Repository.text("menus/juice.kiosk")) ?? ""
