import CPseudoTerminal
import Foundation
import Testing

/// The built `kiosk` — or another program, such as a shell — on a real pseudo-terminal:
/// what a person at a terminal types, and everything the program writes back, escape
/// sequences included.
final class PseudoTerminal {
    let pid: pid_t
    private let master: Int32
    private(set) var transcript: [UInt8] = []
    /// Where the next `expect` starts looking.
    private var mark = 0
    private var exitStatus: Int32?

    init(executable: String = KioskProcess.executable.path, arguments: [String] = [], environment: [String: String]) throws {
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var master: Int32 = -1
        let pid = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envpPointers in
                kiosk_spawn_in_pty(executable, argvPointers, envpPointers, 100, 30, &master)
            }
        }
        guard pid > 0 else { throw PseudoTerminalError.spawnFailed(errno) }
        self.pid = pid
        self.master = master
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until the output since the last `expect` contains `text`; returns that output.
    @discardableResult
    func expect(_ text: String, timeout: Duration = .seconds(15)) throws -> String {
        let wanted = Array(text.utf8)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let range = transcript[mark...].firstRange(of: wanted) {
                let seen = String(decoding: transcript[mark..<range.upperBound], as: UTF8.self)
                mark = range.upperBound
                return seen
            }
            guard ContinuousClock.now < deadline, readSome(until: deadline) else {
                throw PseudoTerminalError.notSeen(text, String(decoding: transcript[mark...], as: UTF8.self))
            }
        }
    }

    /// Reads what is available, waiting until `deadline`; `false` at end of output.
    private func readSome(until deadline: ContinuousClock.Instant) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let left = max(0, (deadline - ContinuousClock.now).milliseconds)
        guard poll(&poller, 1, Int32(min(left, 1000))) > 0 else { return ContinuousClock.now < deadline }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        transcript += buffer[0..<count]
        return true
    }

    /// Waits for the program to exit and returns its status, reading its last output.
    func waitForExit(timeout: Duration = .seconds(15)) throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status
                while readSome(until: ContinuousClock.now.advanced(by: .milliseconds(50))) {}
                guard status & 0x7F == 0 else { throw PseudoTerminalError.killedBySignal(status & 0x7F) }
                return (status >> 8) & 0xFF
            }
            _ = readSome(until: ContinuousClock.now.advanced(by: .milliseconds(20)))
        }
        throw PseudoTerminalError.stillRunning
    }

    var output: String { String(decoding: transcript, as: UTF8.self) }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }
}

enum PseudoTerminalError: Error, CustomStringConvertible {
    case spawnFailed(Int32)
    case notSeen(String, String)
    case stillRunning
    case killedBySignal(Int32)

    var description: String {
        switch self {
        case .spawnFailed(let code): "could not start kiosk on a pseudo-terminal: errno \(code)"
        case .notSeen(let text, let output): "never saw \(text.debugDescription); the output after the last match was \(output.debugDescription)"
        case .stillRunning: "kiosk did not exit"
        case .killedBySignal(let signal): "kiosk was killed by signal \(signal)"
        }
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
