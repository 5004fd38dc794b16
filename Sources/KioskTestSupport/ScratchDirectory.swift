import Foundation

/// A directory of its own for one test, removed with everything in it when the value goes.
public final class ScratchDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// The path of `name` in the directory, without creating anything.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `contents` to `name` (making its directories) and returns its path.
    @discardableResult
    public func file(_ name: String, _ contents: String) throws -> String {
        try file(name, bytes: Array(contents.utf8))
    }

    @discardableResult
    public func file(_ name: String, bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: path)
        return path.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
