/// How names are compared: case-insensitively, with runs of white space folded to one space.
///
/// Items are found by display name, alias or slug; ingredients by name. All of these go
/// through `NameKey` so that `Mango Juice`, `mango  juice` and `MANGO JUICE` are one name.
/// Plain ASCII names, nearly all of them, take a byte-wise path; others the Unicode one.
public enum NameKey {
    /// The comparison key of a name.
    public static func fold(_ name: String) -> String {
        foldASCII(name.utf8.span, original: name) ?? foldUnicode(name)
    }

    /// The comparison key of part of a name.
    public static func fold(_ name: Substring) -> String {
        fold(String(name))
    }

    private static func foldUnicode(_ name: String) -> String {
        var key = ""
        key.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace {
                key.unicodeScalars.append(" ")
                pendingSpace = false
            }
            key += scalar.properties.lowercaseMapping
        }
        return key
    }

    /// The URL-safe form of a display name: `Strawberry Banana Juice` → `strawberry-banana-juice`.
    ///
    /// Letters and digits of any script are kept (lower-cased); every other run becomes one `-`.
    public static func slug(_ name: String) -> String {
        if let ascii = slugASCII(name.utf8.span) { return ascii }
        var slug = ""
        var pendingDash = false
        for scalar in fold(name).unicodeScalars {
            let props = scalar.properties
            if props.isAlphabetic || props.numericType != nil || props.generalCategory == .nonspacingMark {
                if pendingDash && !slug.isEmpty { slug.unicodeScalars.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    // MARK: ASCII

    /// `fold` for an ASCII name, or `nil` when the name is not ASCII.
    private static func foldASCII(_ utf8: Span<UInt8>, original: String) -> String? {
        switch asciiShape(utf8) {
        case .notASCII: return nil
        case .folded: return original
        case .needsFolding: break
        }
        // Written in place: a short key stays inside the string, with nothing allocated.
        return String(unsafeUninitializedCapacity: utf8.count) { key in
            var count = 0
            var pendingSpace = false
            for index in utf8.indices {
                let byte = utf8[index]
                if isSpace(byte) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    key[count] = UInt8(ascii: " ")
                    count += 1
                    pendingSpace = false
                }
                key[count] = lowercased(byte)
                count += 1
            }
            return count
        }
    }

    private enum Shape {
        case notASCII, folded, needsFolding
    }

    /// Whether a name is ASCII, and whether it is already its own key: no capitals, no
    /// white space but single spaces between words.
    private static func asciiShape(_ utf8: Span<UInt8>) -> Shape {
        var folded = true
        var previous: UInt8 = UInt8(ascii: " ")
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x80 else { return .notASCII }
            if (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (isSpace(byte) && (byte != 0x20 || previous == 0x20)) {
                folded = false
            }
            previous = byte
        }
        if previous == 0x20 { folded = false }
        return folded ? .folded : .needsFolding
    }

    /// `slug` for an ASCII name, or `nil` when the name is not ASCII.
    private static func slugASCII(_ utf8: Span<UInt8>) -> String? {
        for index in utf8.indices where utf8[index] >= 0x80 { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { slug in
            var count = 0
            var pendingDash = false
            for index in utf8.indices {
                let lower = lowercased(utf8[index])
                if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                    if pendingDash && count > 0 {
                        slug[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    pendingDash = false
                    slug[count] = lower
                    count += 1
                } else {
                    pendingDash = true
                }
            }
            return count
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
