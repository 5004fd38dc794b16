import Foundation
import KioskSystem

/// A `FileOutput` into a file of its own, to read back what was written: standard output
/// or error, captured.
public final class CapturedOutput {
    public let output: FileOutput
    private let scratch: ScratchDirectory
    private let path: String
    private let descriptor: Int32

    public init() throws {
        scratch = try ScratchDirectory()
        path = scratch.path("captured")
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        output = FileOutput(descriptor: descriptor)
    }

    /// Everything written so far.
    public var text: String {
        output.flush()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    deinit {
        close(descriptor)
    }
}
