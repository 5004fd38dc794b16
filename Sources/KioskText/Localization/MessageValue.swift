/// A value a message is filled with where the message is printed with every order (an
/// order's promise): written into the output as bytes, without the `String` that
/// `description` would make of a number.
public enum MessageValue: Sendable, CustomStringConvertible {
    case text(String)
    case number(Int64)

    public var description: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        }
    }

    /// Appends the value as UTF-8.
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .text(let text):
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += text.utf8 }
        case .number(let number):
            DecimalDigits.append(number, to: &bytes)
        }
    }
}
