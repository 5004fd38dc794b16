/// Text with `{name}` placeholders, where `{{` and `}}` stand for literal braces: the one
/// reader of message templates and MQTT topic templates.
///
/// A name is ASCII letters, `_`, `-` and `.`; a `{` that opens no such name is text.
public enum BraceTemplate {
    public enum Piece<Placeholder> {
        case text(String)
        case placeholder(Placeholder)
    }

    /// The pieces of `text`, in order; `placeholder` makes what a `{name}` stands for,
    /// given the name, where the whole `{name}` starts (bytes of UTF-8) and its length,
    /// and throws to refuse it.
    public static func pieces<Placeholder, Failure: Error>(
        of text: String, placeholder: (_ name: String, _ utf8Offset: Int, _ utf8Length: Int) throws(Failure) -> Placeholder
    ) throws(Failure) -> [Piece<Placeholder>] {
        var pieces: [Piece<Placeholder>] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var utf8Offset = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" || scalar == "}", index + 1 < scalars.count, scalars[index + 1] == scalar {
                literal.unicodeScalars.append(scalar)
                index += 2
                utf8Offset += 2
                continue
            }
            if scalar == "{", let (name, length) = name(in: scalars, at: index) {
                let made = try placeholder(name, utf8Offset, length)
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.placeholder(made))
                index += length
                utf8Offset += length
                continue
            }
            literal.unicodeScalars.append(scalar)
            index += 1
            utf8Offset += UTF8.width(scalar)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return pieces
    }

    /// The name of the `{name}` at `start` and the length of the whole `{name}` (ASCII, so
    /// scalars and UTF-8 bytes agree); `nil` when the brace opens no placeholder.
    private static func name(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var name = ""
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            let scalar = scalars[index]
            guard ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "." else { return nil }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard index < scalars.count, !name.isEmpty else { return nil }
        return (name, index - start + 1)
    }
}

extension BraceTemplate.Piece: Sendable where Placeholder: Sendable {}
extension BraceTemplate.Piece: Equatable where Placeholder: Equatable {}
extension BraceTemplate.Piece: Hashable where Placeholder: Hashable {}
