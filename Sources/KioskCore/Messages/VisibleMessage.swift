import KioskText

/// A message written straight into an output's bytes, every control character made
/// visible as it goes (`TerminalText.appendVisible`): the console's line of an event, with
/// no `String` made for it. The bytes are moved in and out, never copied.
struct VisibleMessage: MessageOutput {
    var bytes: [UInt8]

    mutating func appendText(_ text: String) {
        TerminalText.appendVisible(text, to: &bytes)
    }

    mutating func appendLiteral(_ text: StaticString) {
        // The source's literals are printable.
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendNumber(_ value: some BinaryInteger) {
        DecimalDigits.append(value, to: &bytes)
    }
}

extension Event {
    /// Appends `message` to `bytes` as UTF-8, every control character made visible
    /// (`TerminalText.visible`): what the console prints, made in place.
    public func writeVisibleMessage(into bytes: inout [UInt8]) {
        var out = VisibleMessage(bytes: [])
        swap(&out.bytes, &bytes)
        template.render(payload, into: &out)
        swap(&out.bytes, &bytes)
    }
}
