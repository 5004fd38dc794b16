/// How text from outside — a menu file, a command line, a receiver's answer — is shown on
/// a terminal: how wide it is, and how control characters, escape sequences and bidi
/// overrides are made visible, so a hostile text cannot drive the terminal.
public enum TerminalText {
    /// Columns the scalar takes on a terminal: 0 for combining marks, 2 for East Asian wide
    /// and full-width characters, 1 otherwise.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(v) ? 2 : 1
    }

    // Concrete overloads, not `some StringProtocol`: other modules call these for every
    // line they print, and a generic across modules runs unspecialized.

    public static func width(of text: String) -> Int {
        if text.isPrintableASCII { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of text: Substring) -> Int {
        width(of: String(text))
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The scalar as it may be printed: control characters become their Unicode control
    /// pictures (`␛` for escape), other unprintables `�`.
    public static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: scalar
        }
    }

    /// `text` with every control character made visible. Printable ASCII, nearly every
    /// line, is returned as it is.
    public static func visible(_ text: String) -> String {
        if text.isPrintableASCII { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { out.unicodeScalars.append(visible(scalar)) }
        return out
    }

    /// Appends `text` to `bytes` as UTF-8, every control character made visible as
    /// `visible(_:)` makes it: a line written piece by piece into an output's buffer, with no
    /// `String` made for the whole of it. Printable ASCII is copied as it is, checked and
    /// copied in one pass over the text's bytes (`isPrintableASCII` and a copy would read
    /// them twice: this runs for every printed event).
    public static func appendVisible(_ text: String, to bytes: inout [UInt8]) {
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        guard copied != true else { return }
        for scalar in text.unicodeScalars {
            UTF8.encode(visible(scalar)) { bytes.append($0) }
        }
    }

    public static func visible(_ text: Substring) -> String {
        visible(String(text))
    }

    /// `text` of several lines, as a message is, with every control character but the
    /// line feed made visible: for whole messages that quote text from outside.
    public static func visibleLines(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { out.unicodeScalars.append(scalar == "\n" ? scalar : visible(scalar)) }
        return out
    }

    /// `text` cut to its first `kept` characters and `…` when it has more than `limit`: a
    /// long name or number quoted in a message stays readable.
    public static func shortened(_ text: String, longerThan limit: Int, keeping kept: Int) -> String {
        text.count > limit ? String(text.prefix(kept)) + "…" : text
    }
}

extension String {
    /// Whether every byte is printable ASCII, space to tilde: nearly every name and line,
    /// which then needs no Unicode work to measure, show or check.
    public var isPrintableASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }
}
