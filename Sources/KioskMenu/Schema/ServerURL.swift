import KioskText

/// A server's address as a sink option gives it: `scheme://[user[:password]@]host[:port]`.
///
/// The host is a name, an IPv4 address, or an IPv6 address in brackets (`[::1]`); a path
/// is not allowed (one `/` at the end is). The user and password are percent-decoded. Show
/// an address with `masked`, which hides any password in it.
public struct ServerURL: Sendable, Hashable {
    /// Lower-cased: `mqtt`.
    public let scheme: String
    /// Without brackets.
    public let host: String
    public let port: Int?
    public let user: String?
    public let password: String?

    /// What is wrong with an address.
    public enum Problem: Error, Sendable, Hashable {
        case scheme
        case host
        case port
        case path
        case userInfo
    }

    /// Reads `text`, whose scheme must be one of `schemes` (lower-case).
    public init(parsing text: String, schemes: [String]) throws(Problem) {
        guard let separator = ServerURL.schemeSeparator(in: text) else { throw .scheme }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard schemes.contains(scheme) else { throw .scheme }
        var rest = text[separator.upperBound...]
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { throw .path }
        guard !rest.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .host
        }
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let info = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let colon = info.firstIndex(of: ":")
            guard let decodedUser = ServerURL.percentDecoded(info[..<(colon ?? info.endIndex)]) else { throw .userInfo }
            user = decodedUser
            if let colon {
                guard let decoded = ServerURL.percentDecoded(info[info.index(after: colon)...]) else { throw .userInfo }
                password = decoded
            }
        }
        let (host, portText) = try ServerURL.split(rest)
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy({ $0 >= "0" && $0 <= "9" }),
                  portText.count <= 5, let number = Int(portText), (1...65_535).contains(number) else { throw .port }
            port = number
        }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// `text` with any password replaced by `****`: `mqtt://kiosk:****@broker:1883`.
    public static func masked(_ text: String) -> String {
        guard let separator = ServerURL.schemeSeparator(in: text) else { return text }
        let authorityEnd = text[separator.upperBound...].firstIndex(of: "/") ?? text.endIndex
        let authority = text[separator.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + "****" + String(text[at...])
    }

    /// Where `://` is.
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("://") { return index..<text.index(index, offsetBy: 3) }
            if rest.first == "/" { return nil }
            index = text.index(after: index)
        }
        return nil
    }

    /// The host, and the port text if there is a `:`.
    private static func split(_ hostPort: Substring) throws(Problem) -> (String, Substring?) {
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw .host }
            let host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            let after = hostPort[hostPort.index(after: close)...]
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .host }
            if after.isEmpty { return (String(host), nil) }
            guard after.hasPrefix(":") else { throw .host }
            return (String(host), after.dropFirst())
        }
        let colon = hostPort.firstIndex(of: ":")
        let host = hostPort[..<(colon ?? hostPort.endIndex)]
        guard !host.isEmpty, !host.contains("["), !host.contains("]") else { throw .host }
        guard let colon else { return (String(host), nil) }
        let port = hostPort[hostPort.index(after: colon)...]
        guard !port.contains(":") else { throw .host }
        return (String(host), port)
    }

    /// `%40` → `@`; `nil` for a `%` not followed by two hex digits or bytes that are not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(Hex.value), let low = utf8.next().flatMap(Hex.value) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
