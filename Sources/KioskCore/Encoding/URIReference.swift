import KioskText

/// URI references as RFC 3986 §4.1 defines them: an absolute URI (`https://host/path`,
/// `urn:uuid:…`) or a relative reference (`/kiosk/juice-maker`, `kiosks/7?x=1#top`).
///
/// CloudEvents requires an event's `source` to be one; the menu checks a declared
/// `source` with `isValid` and makes the default one with `encodingPathSegment`.
public enum URIReference {
    /// Whether `text` is a URI reference. Only ASCII can be: other characters must be
    /// percent-encoded, and so must spaces.
    public static func isValid(_ text: String) -> Bool {
        // Every character of a URI is printable ASCII other than space, so from here on
        // a Character is one byte.
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        var reference = Substring(text)
        if let hash = reference.firstIndex(of: "#") {
            guard allSatisfy(reference[reference.index(after: hash)...], isQueryOrFragment) else { return false }
            reference = reference[..<hash]
        }
        if let question = reference.firstIndex(of: "?") {
            guard allSatisfy(reference[reference.index(after: question)...], isQueryOrFragment) else { return false }
            reference = reference[..<question]
        }
        // A scheme is what comes before the first ':', if no '/' comes before that colon.
        if let colon = reference.firstIndex(of: ":"), !reference[..<colon].contains("/") {
            guard isScheme(reference[..<colon]) else { return false }
            reference = reference[reference.index(after: colon)...]
        }
        // A relative path whose first segment has a colon is ruled out above: that colon
        // made its prefix a scheme, which then had to be valid.
        if reference.hasPrefix("//") {
            let authorityEnd = reference.dropFirst(2).firstIndex(of: "/") ?? reference.endIndex
            guard isAuthority(reference[reference.index(reference.startIndex, offsetBy: 2)..<authorityEnd]) else { return false }
            reference = reference[authorityEnd...]
        }
        return allSatisfy(reference) { isPathCharacter($0) || $0 == UInt8(ascii: "/") }
    }

    /// `text` as one path segment: every byte but the unreserved ones (letters, digits,
    /// `-._~`) percent-encoded as `%XX`, UTF-8 byte by byte.
    public static func encodingPathSegment(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    // MARK: Parts

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isAlpha(first) else { return false }
        return text.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`.
    private static func isAuthority(_ text: Substring) -> Bool {
        var hostAndPort = text
        if let at = text.firstIndex(of: "@") {
            let userinfo = text[..<at]
            guard allSatisfy(userinfo, { isUnreservedOrSubDelimiter($0) || $0 == UInt8(ascii: ":") }) else { return false }
            hostAndPort = text[text.index(after: at)...]
        }
        var port: Substring = ""
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]"), isIPLiteral(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]) else {
                return false
            }
            let rest = hostAndPort[hostAndPort.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
        } else {
            var host = hostAndPort
            if let colon = hostAndPort.firstIndex(of: ":") {
                host = hostAndPort[..<colon]
                port = hostAndPort[hostAndPort.index(after: colon)...]
            }
            // `reg-name`, which also covers every IPv4 address.
            guard allSatisfy(host, isUnreservedOrSubDelimiter) else { return false }
        }
        return port.utf8.allSatisfy(isDigit)
    }

    /// What goes between `[` and `]`: an IPv6 address or `v` HEX `.` something (IPvFuture).
    private static func isIPLiteral(_ text: Substring) -> Bool {
        if let first = text.first, first == "v" || first == "V" {
            guard let dot = text.firstIndex(of: "."), dot > text.index(after: text.startIndex) else { return false }
            let version = text[text.index(after: text.startIndex)..<dot]
            let rest = text[text.index(after: dot)...]
            return version.utf8.allSatisfy(isHexDigit) && !rest.isEmpty
                && rest.utf8.allSatisfy { isUnreservedOrSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        return isIPv6(text)
    }

    /// Eight 16-bit groups, the last two of which may be an IPv4 address, with one `::`
    /// standing for one or more groups of zeros.
    private static func isIPv6(_ text: Substring) -> Bool {
        let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLastOfAddress = index == halves.count - 1 && position == parts.count - 1
                if isLastOfAddress, part.contains(".") {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// Four decimal octets, 0 to 255, without leading zeros.
    private static func isIPv4(_ text: Substring) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            guard (1...3).contains(octet.utf8.count), octet.utf8.allSatisfy(isDigit), let value = Int(octet) else { return false }
            return value <= 255 && (octet.utf8.count == 1 || octet.utf8.first != UInt8(ascii: "0"))
        }
    }

    // MARK: Characters

    /// Every byte passes `test`, where each `%` starts a `%XX` escape that counts as one
    /// allowed character.
    private static func allSatisfy(_ text: Substring, _ test: (UInt8) -> Bool) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
            } else {
                guard test(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `pchar` less `pct-encoded`: unreserved, sub-delims, `:` and `@`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreservedOrSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    private static func isQueryOrFragment(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    private static func isUnreservedOrSubDelimiter(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || "!$&'()*+,;=".utf8.contains(byte)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        Hex.value(of: byte) != nil
    }
}
