import KioskText

/// One token of menu source.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case word
        case string
        case integer
        case decimal
        case duration
        case comma
        case openBrace
        case closeBrace
        case newline
        case end

        /// Words, strings and numbers: what a head or property takes.
        var isValue: Bool {
            switch self {
            case .word, .string, .integer, .decimal, .duration: true
            default: false
            }
        }
    }

    let kind: Kind
    /// Byte offsets in the token's file.
    let range: Range<Int>
    /// Words and numbers: the source text. Strings: the text with `${…}` unexpanded.
    let text: String
    /// Strings with `${…}` only: the text and the variable references.
    var literal: StringLiteral?

    /// How the token reads in a message: `'banan'`, `"Latte"`, `a newline`.
    var described: String {
        switch kind {
        case .word, .integer, .decimal, .duration: "'\(TerminalText.visible(text.prefix(40)))'"
        case .string: "\"\(TerminalText.visible(text.prefix(40)))\""
        case .comma: "','"
        case .openBrace: "'{'"
        case .closeBrace: "'}'"
        case .newline: trNoop("the end of the line")
        case .end: trNoop("the end of the file")
        }
    }
}

/// A quoted string: literal text and `${NAME}` / `${NAME:-default}` references, expanded
/// after lexing against the environment.
struct StringLiteral: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case text(String)
        /// `range` covers `${…}` in the file.
        case variable(name: String, defaultValue: String?, range: Range<Int>)
    }

    var segments: [Segment] = []

    /// The text with variables as written: safe to show, never holds a secret.
    var display: String {
        segments.map { segment in
            switch segment {
            case .text(let text): text
            case .variable(let name, let defaultValue, _): "${\(name)\(defaultValue.map { ":-\($0)" } ?? "")}"
            }
        }.joined()
    }

    var hasVariables: Bool {
        segments.contains { if case .variable = $0 { true } else { false } }
    }
}
