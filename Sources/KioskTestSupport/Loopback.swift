import Foundation

/// 127.0.0.1 and a port as the socket calls take them, for the test servers, brokers and
/// clients that listen or connect on this machine only.
public enum Loopback {
    /// Runs `body` with 127.0.0.1:`port` as a `sockaddr` and its length: `bind`, `connect`.
    public static func withAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The port a bound socket has: the one the kernel chose when it was bound to port 0.
    public static func port(of socket: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return named == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Accepts connections on a listening socket until it is closed, handing each to `take`
    /// on this thread, in the order they came: a test server's accept loop.
    public static func acceptEach(on listener: Int32, _ take: (Int32) -> Void) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            take(connection)
        }
    }

    /// A port nobody listens on now: bound to 0, read, closed; `nil`, with `errno` set, when
    /// there is none to be had.
    public static func freePort() -> UInt16? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard withAddress(port: 0, { bind(descriptor, $0, $1) }) == 0 else { return nil }
        return port(of: descriptor)
    }
}
