/// A message made into a `String`.
struct RenderedMessage: MessageOutput {
    var text = ""

    mutating func appendText(_ text: String) {
        self.text += text
    }

    mutating func appendLiteral(_ text: StaticString) {
        self.text += text.description
    }

    mutating func appendNumber(_ value: some BinaryInteger) {
        text += String(value)
    }
}
