import KioskText

/// Splits menu source into tokens, reporting what it cannot read and going on.
///
/// Works on UTF-8 bytes. Words are letters of any script, digits, `-`, `_` and `.`;
/// a word that reads as a number or a duration (`10`, `-5`, `4.50`, `500ms`) is one. A
/// word that starts with a digit also reads on through `:` and `/` (`07:30`, `120/h`).
struct Lexer {
    private let bytes: [UInt8]
    private let file: Int
    private var index = 0
    private(set) var tokens: [Token] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], file: Int) {
        self.bytes = bytes
        self.file = file
        tokens.reserveCapacity(bytes.count / 6)
    }

    static func tokenize(_ bytes: [UInt8], file: Int) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(bytes: bytes, file: file)
        lexer.run()
        return (lexer.tokens, lexer.diagnostics)
    }

    private mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                if let last = tokens.last, last.kind != .newline {
                    tokens.append(Token(kind: .newline, range: index..<index + 1, text: ""))
                }
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: ","): punctuation(.comma)
            case UInt8(ascii: "{"): punctuation(.openBrace)
            case UInt8(ascii: "}"): punctuation(.closeBrace)
            case UInt8(ascii: "\""): lexString()
            case UInt8(ascii: "+") where index + 1 < bytes.count && Lexer.isDigit(bytes[index + 1]):
                // `price +500`: a sign before a number starts the word.
                index += 1
                lexWord(from: index - 1)
            default:
                if wordScalarLength(at: index) != nil {
                    lexWord(from: index)
                } else {
                    lexUnexpected()
                }
            }
        }
        if let last = tokens.last, last.kind != .newline {
            tokens.append(Token(kind: .newline, range: bytes.count..<bytes.count, text: ""))
        }
        tokens.append(Token(kind: .end, range: bytes.count..<bytes.count, text: ""))
    }

    private mutating func punctuation(_ kind: Token.Kind) {
        tokens.append(Token(kind: kind, range: index..<index + 1, text: ""))
        index += 1
    }

    private mutating func report(_ problem: MenuProblem, _ range: Range<Int>) {
        diagnostics.append(Diagnostic(problem, at: SourceRange(file: file, bytes: range)))
    }

    // MARK: Words and numbers

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The byte length of the word character at `offset`, or `nil` if there is none.
    private func wordScalarLength(at offset: Int) -> Int? {
        let byte = bytes[offset]
        if byte < 0x80 { return Lexer.isASCIIWordByte(byte) ? 1 : nil }
        guard let (scalar, length) = UTF8Scan.decode(bytes, at: offset) else { return nil }
        let props = scalar.properties
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return length
        default:
            return props.isAlphabetic ? length : nil
        }
    }

    private mutating func lexWord(from start: Int) {
        while true {
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard Lexer.isASCIIWordByte(byte) else { break }
                    index += 1
                } else {
                    guard let length = wordScalarLength(at: index) else { break }
                    index += length
                }
            }
            guard continuesNumber(from: start) else { break }
            index += 1
        }
        // `70%`: a percent sign ends a word that starts with a digit.
        if index < bytes.count, bytes[index] == UInt8(ascii: "%"), Lexer.isDigit(bytes[start]) { index += 1 }
        let (kind, text) = word(start..<index)
        tokens.append(Token(kind: kind, range: start..<index, text: text))
    }

    /// The kind and text of the word at `range`, read from the bytes in place.
    private func word(_ range: Range<Int>) -> (Token.Kind, String) {
        let word = bytes.span.extracting(range)
        return (Lexer.classify(word), word.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
    }

    /// Whether the `:` or `/` at `index` joins what follows to the word that began at
    /// `start`: a word that starts with a digit reads on through them, so a time of day
    /// (`07:30`) and a rate (`120/h`) are one word each.
    private func continuesNumber(from start: Int) -> Bool {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "/"),
              Lexer.isDigit(bytes[start]), Lexer.isASCIIWordByte(bytes[index + 1]) else { return false }
        return true
    }

    /// `[-+]?digits` is an integer, `[-+]?digits.digits` a decimal, `digits(.digits)?(ms|s|m|h)`
    /// a duration; anything else is a word (`7up`, `order.failed`).
    static func classify(_ word: Span<UInt8>) -> Token.Kind {
        var i = 0
        let negative = word[i] == UInt8(ascii: "-") || word[i] == UInt8(ascii: "+")
        if negative { i += 1 }
        let wholeStart = i
        while i < word.count, isDigit(word[i]) { i += 1 }
        guard i > wholeStart else { return .word }
        if i == word.count { return .integer }
        if word[i] == UInt8(ascii: "."), i + 1 < word.count, isDigit(word[i + 1]) {
            i += 1
            while i < word.count, isDigit(word[i]) { i += 1 }
            if i == word.count { return .decimal }
        }
        guard !negative else { return .word }
        // The units of a duration: `ms`, `s`, `m`, `h`.
        switch word.count - i {
        case 1: return word[i] == UInt8(ascii: "s") || word[i] == UInt8(ascii: "m") || word[i] == UInt8(ascii: "h") ? .duration : .word
        case 2: return word[i] == UInt8(ascii: "m") && word[i + 1] == UInt8(ascii: "s") ? .duration : .word
        default: return .word
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A run of characters that start no token: one diagnostic for the whole run.
    private mutating func lexUnexpected() {
        let start = index
        var invalid = false
        while index < bytes.count {
            if Lexer.startsToken(bytes[index]) || wordScalarLength(at: index) != nil { break }
            if let (_, length) = UTF8Scan.decode(bytes, at: index) {
                index += length
            } else {
                invalid = true
                index += 1
            }
        }
        if invalid {
            report(.invalidUTF8, start..<index)
        } else {
            let text = TerminalText.visible(String(decoding: bytes[start..<index], as: UTF8.self))
            report(.unexpectedCharacters(TerminalText.shortened(text, longerThan: 20, keeping: 20)), start..<index)
        }
    }

    /// Bytes that end a run of unexpected characters: white space and punctuation.
    private static func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "#"),
             UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }

    // MARK: Strings

    private mutating func lexString() {
        if lexPlainString() { return }
        let start = index
        index += 1
        var literal = StringLiteral()
        var text = ""
        var display = ""
        func flush() {
            if !text.isEmpty { literal.segments.append(.text(text)) }
            text = ""
        }
        while true {
            guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else {
                var end = index
                if end > start + 1, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                report(.unterminatedString, start..<max(end, start + 1))
                break
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                if let scalar = lexEscape() {
                    text.unicodeScalars.append(scalar)
                    display.unicodeScalars.append(scalar)
                }
                continue
            }
            if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                if let variable = lexVariable() {
                    flush()
                    literal.segments.append(variable)
                    display += StringLiteral(segments: [variable]).display
                } else {
                    text += "$"
                    display += "$"
                    index += 1
                }
                continue
            }
            if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
                report(.controlCharacterInString, index..<index + 1)
                index += 1
                continue
            }
            if let (scalar, length) = UTF8Scan.decode(bytes, at: index) {
                text.unicodeScalars.append(scalar)
                display.unicodeScalars.append(scalar)
                index += length
            } else {
                report(.invalidUTF8, index..<index + 1)
                index += 1
            }
        }
        flush()
        tokens.append(Token(kind: .string, range: start..<index, text: display, literal: literal.hasVariables ? literal : nil))
    }

    /// The usual string: printable ASCII without escapes or variables, closed on its line.
    /// Taken as one slice; anything else falls back to `lexString`'s scalar-by-scalar path.
    private mutating func lexPlainString() -> Bool {
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "$") else { return false }
            end += 1
        }
        guard end < bytes.count else { return false }
        let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        tokens.append(Token(kind: .string, range: index..<(end + 1), text: text))
        index = end + 1
        return true
    }

    /// `\"`, `\\`, `\n`, `\t`, `\$` or `\u{…}` at `index`; reports anything else.
    private mutating func lexEscape() -> Unicode.Scalar? {
        let start = index
        index += 1
        guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else {
            report(.invalidEscape("\\"), start..<index)
            return nil
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "$"): return "$"
        case UInt8(ascii: "u"):
            if let scalar = lexUnicodeEscape() { return scalar }
            report(.invalidEscape(String(decoding: bytes[start..<index], as: UTF8.self)), start..<index)
            return nil
        default:
            if byte >= 0x80, let (_, length) = UTF8Scan.decode(bytes, at: index - 1) {
                index += length - 1
            }
            let shown = TerminalText.visible(String(decoding: bytes[start..<index], as: UTF8.self))
            report(.invalidEscape(shown), start..<index)
            return nil
        }
    }

    /// The `{XXXX}` of `\u{XXXX}`: one to six hex digits naming a Unicode scalar.
    private mutating func lexUnicodeEscape() -> Unicode.Scalar? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = Hex.value(of: bytes[index]) {
            guard digits < 6 else { return nil }
            value = value << 4 | UInt32(digit)
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return nil }
        index += 1
        guard let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return scalar
    }

    /// `${NAME}` or `${NAME:-default}` at `index`; on a malformed one, reports it and
    /// returns `nil` with `index` unmoved.
    private mutating func lexVariable() -> StringLiteral.Segment? {
        let start = index
        var i = index + 2
        let nameStart = i
        while i < bytes.count, Lexer.isNameByte(bytes[i], first: i == nameStart) { i += 1 }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        var defaultValue: String?
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "-") {
            i += 2
            let valueStart = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") { i += 1 }
            defaultValue = String(decoding: bytes[valueStart..<i], as: UTF8.self)
        }
        guard !name.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "}") else {
            report(.malformedVariable, start..<min(i + 1, bytes.count))
            return nil
        }
        index = i + 1
        return .variable(name: name, defaultValue: defaultValue, range: start..<index)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
