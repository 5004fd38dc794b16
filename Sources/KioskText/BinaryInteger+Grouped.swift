extension BinaryInteger {
    /// `1,000,000`: the digits in groups of three, as people read large numbers.
    public var grouped: String {
        let digits = String(magnitude)
        guard digits.count > 3 else { return self < 0 ? "-" + digits : digits }
        var text = self < 0 ? "-" : ""
        text.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(character)
        }
        return text
    }
}
