import Glibc

/// A TCP socket bound to a numeric address and listening: what `kiosk serve` hands its HTTP
/// library, so that a port in use or an address not on this machine is a `SystemError`
/// with its `errno`, said in kiosk's words, rather than a library's log line.
public struct ListeningSocket: Sendable {
    /// The socket's descriptor; whoever takes it closes it.
    public let descriptor: Int32
    /// The port it listens on: the one asked for, or the one the system chose for port 0.
    public let port: UInt16
    /// Whether it is an IPv6 socket.
    public let isIPv6: Bool

    /// Binds `host` (numeric: `127.0.0.1`, `::1`) and `port`, and listens with `backlog`.
    /// `SO_REUSEADDR` lets a restarted server take its port back at once, as servers do;
    /// an IPv6 socket accepts IPv6 alone. Fails with `EADDRINUSE`, `EADDRNOTAVAIL`,
    /// `EACCES` (a port below 1024), or `EINVAL` for a host that is no numeric address.
    public static func open(host: String, port: UInt16, backlog: Int32 = 511) throws(SystemError) -> ListeningSocket {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isIPv6: Bool
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            isIPv6 = false
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            isIPv6 = true
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw SystemError(code: EINVAL)
        }
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .current() }
        do throws(SystemError) {
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if isIPv6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size)) }
            let bound = isIPv6
                ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
                : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0 else { throw .current() }
            guard listen(descriptor, backlog) == 0 else { throw .current() }
            return ListeningSocket(descriptor: descriptor, port: try boundPort(descriptor, isIPv6: isIPv6), isIPv6: isIPv6)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// The port the socket is bound to.
    private static func boundPort(_ descriptor: Int32, isIPv6: Bool) throws(SystemError) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw .current() }
        return withUnsafePointer(to: &storage) { pointer in
            isIPv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    /// The numeric text of a socket address (`127.0.0.1`, `::1`), or `nil` for an address
    /// of another family. For the address of a connected client.
    public static func numericHost(_ address: UnsafeRawPointer) -> String? {
        let family = address.load(as: sockaddr.self).sa_family
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(family) {
        case AF_INET:
            var inAddress = address.load(as: sockaddr_in.self).sin_addr
            guard inet_ntop(AF_INET, &inAddress, &text, socklen_t(text.count)) != nil else { return nil }
        case AF_INET6:
            var in6Address = address.load(as: sockaddr_in6.self).sin6_addr
            guard inet_ntop(AF_INET6, &in6Address, &text, socklen_t(text.count)) != nil else { return nil }
        default:
            return nil
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Closes the socket: for one nobody took over.
    public func close() {
        FileSystem.close(descriptor)
    }
}
