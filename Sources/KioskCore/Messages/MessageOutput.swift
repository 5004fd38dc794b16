/// Where a message is made: a `String`, or a JSON string being written, escaped as it
/// goes. One rendering writes to both, so the two cannot differ.
protocol MessageOutput {
    mutating func appendText(_ text: String)
    /// Text written in the source.
    mutating func appendLiteral(_ text: StaticString)
    /// Decimal digits, with a `-` when negative.
    mutating func appendNumber(_ value: some BinaryInteger)
}
