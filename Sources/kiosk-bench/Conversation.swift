import Foundation

/// A kiosk driven as a person or a till would: one command, wait for its answer line, the
/// next. Raw pipes, so what is timed is kiosk and its disk, not the benchmark.
final class Conversation {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    init(_ argv: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends a line and waits for `lines` lines of answer: an order on a menu with taxes or
    /// discounts answers with its price under it.
    func ask(_ line: String, lines: Int = 1) throws {
        let bytes = Array((line + "\n").utf8)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw BenchError.failed("kiosk stopped reading")
        }
        var left = lines
        while true {
            while left > 0, let newline = pending.firstIndex(of: 10) {
                pending.removeSubrange(...newline)
                left -= 1
            }
            if left == 0 { return }
            let count = chunk.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchError.failed("kiosk stopped answering") }
            pending += chunk[0..<count]
        }
    }

    /// Ends the input and waits for kiosk to exit.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
