import KioskText

/// A message written straight into a JSON string (between `beginString` and `endString`).
extension JSONWriter: MessageOutput {
    mutating func appendText(_ text: String) {
        stringPart(text)
    }

    mutating func appendLiteral(_ text: StaticString) {
        stringPart(literal: text)
    }

    mutating func appendNumber(_ value: some BinaryInteger) {
        stringPart(decimal: value)
    }
}
