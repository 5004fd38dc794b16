extension String {
    /// The text without white space at either end: spaces, tabs, line ends, and Unicode's
    /// other spaces.
    public func trimmingWhitespace() -> String {
        // Printable ASCII, the usual case: only spaces can need trimming.
        if isPrintableASCII {
            guard utf8.first == 0x20 || utf8.last == 0x20 else { return self }
            let trimmed = utf8.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
            return String(decoding: Array(trimmed), as: UTF8.self)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
