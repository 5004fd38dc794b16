/// How names are compared: case-insensitively, with runs of white space folded to one space.
///
/// Items are found by display name, alias or slug; ingredients by name. All of these go
/// through `NameKey` so that `Mango Juice`, `mango  juice` and `MANGO JUICE` are one name.
public enum NameKey {
    /// The comparison key of a name.
    public static func fold(_ name: some StringProtocol) -> String {
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
            if scalar.isASCII {
                let v = scalar.value
                let lower = (v >= 65 && v <= 90) ? v + 32 : v
                key.unicodeScalars.append(Unicode.Scalar(UInt8(lower)))
            } else {
                key += scalar.properties.lowercaseMapping
            }
        }
        return key
    }

    /// The URL-safe form of a display name: `Strawberry Banana Juice` → `strawberry-banana-juice`.
    ///
    /// Letters and digits of any script are kept (lower-cased); every other run becomes one `-`.
    public static func slug(_ name: some StringProtocol) -> String {
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
}
