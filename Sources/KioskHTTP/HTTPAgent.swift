import KioskSinks
import KioskSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `kiosk-http` helper: reads requests from standard input, one JSON line each, sends
/// them with URLSession, and writes each answer as a line to standard output, in the
/// order they come back. Exits when kiosk closes its input.
public enum HTTPAgent {
    public static func run() -> Int32 {
        let transport = URLSessionTransport()
        let output = Mutex(())
        while let line = readLine(strippingNewline: true) {
            guard let (id, request) = AgentWire.decodeRequest(Array(line.utf8)) else {
                FileOutput.standardError.write("kiosk-http: ignoring a line that is not a request\n")
                FileOutput.standardError.flush()
                continue
            }
            transport.post(request) { outcome in
                let answer = AgentWire.encode(id: id, outcome)
                output.withLock { _ in _ = try? FileSystem.writeAll(STDOUT_FILENO, answer) }
            }
        }
        return 0
    }
}
