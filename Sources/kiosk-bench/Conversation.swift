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

    /// Sends a line and waits for one line of answer.
    func ask(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw BenchError.failed("kiosk stopped reading")
        }
        while true {
            if let newline = pending.firstIndex(of: 10) {
                pending.removeSubrange(...newline)
                return
            }
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
