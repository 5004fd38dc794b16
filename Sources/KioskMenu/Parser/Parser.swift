import KioskText

/// Builds statements from tokens, reporting every syntax error and recovering at the next
/// line or `}`.
///
/// Properties are recognised by name: a property's values run until a comma, the end of
/// the line, a brace, or the next word that names a property of the statement. Iterative
/// but for the statements a block nests (`size` in an item, `option` in a group), which the
/// grammar bounds at three levels; any other nesting is skipped by counting, so deep
/// nesting cannot exhaust the stack.
struct Parser {
    private let tokens: [Token]
    private let file: Int
    private let sinkSchemas: [String: SinkSchema]
    private var index = 0
    /// The keyword of the statement being parsed, for messages.
    private var keyword = ""
    /// The name the statement being parsed declares, if it declares one.
    private var headName: Token?
    private(set) var statements: [Statement] = []
    private(set) var diagnostics: [Diagnostic] = []

    static func parse(_ tokens: [Token], file: Int, sinkSchemas: [String: SinkSchema]) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        var parser = Parser(tokens: tokens, file: file, sinkSchemas: sinkSchemas)
        parser.run()
        return (parser.statements, parser.diagnostics)
    }

    private init(tokens: [Token], file: Int, sinkSchemas: [String: SinkSchema]) {
        self.tokens = tokens
        self.file = file
        self.sinkSchemas = sinkSchemas
    }

    private var peek: Token { tokens[index] }
    /// The kind of the next token, without copying the token.
    private var peekKind: Token.Kind { tokens[index].kind }

    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[index]
        if token.kind != .end { index += 1 }
        return token
    }

    private mutating func report(_ problem: MenuProblem, _ range: Range<Int>) {
        diagnostics.append(Diagnostic(problem, at: SourceRange(file: file, bytes: range)))
    }

    private mutating func run() {
        while true {
            let token = peek
            switch token.kind {
            case .end: return
            case .newline: advance()
            case .word: parseStatement()
            case .openBrace:
                report(.unexpectedBrace("{"), token.range)
                skipBalanced()
            case .closeBrace:
                report(.unexpectedBrace("}"), token.range)
                advance()
            default:
                report(.expectedStatement(found: token.described), token.range)
                skipStatement()
            }
        }
    }

    // MARK: Statements

    private mutating func parseStatement() {
        let keywordIndex = index
        let keyword = advance()
        guard let kind = StatementKind(rawValue: keyword.text.asciiLowercased), kind.parent == nil else {
            reportMisplacedOrUnknown(keyword)
            skipStatement()
            return
        }
        if let statement = parseBody(of: kind, keywordIndex: keywordIndex, nested: false) { statements.append(statement) }
    }

    /// A word where a statement goes that is none there: one written in the wrong block
    /// (`size` outside an item), or an unknown keyword, with the closest one.
    private mutating func reportMisplacedOrUnknown(_ keyword: Token) {
        if let kind = StatementKind(rawValue: keyword.text.asciiLowercased), let parent = kind.parent {
            report(.misplacedStatement(kind.rawValue, parent: parent.rawValue), keyword.range)
            return
        }
        let suggestion = Suggestions.closest(to: keyword.text, among: StatementKind.topLevel.map(\.rawValue))
        report(.unknownKeyword(TerminalText.visible(keyword.text), suggestion: suggestion), keyword.range)
    }

    /// A statement after its keyword: its head, then its properties and, in a block, the
    /// statements nested in it. `nil` when the head is missing (reported, skipped). A
    /// nested statement ends before the `}` of the block around it.
    private mutating func parseBody(of kind: StatementKind, keywordIndex: Int, nested: Bool) -> Statement? {
        let headStart = index
        for slot in kind.head {
            guard peekKind.isValue else {
                let atLineEnd = peekKind == .newline || peekKind == .end || (nested && peekKind == .closeBrace)
                let after = tokens[index - 1].range.upperBound
                report(.missingHead(slot, after: tokens[keywordIndex].text), atLineEnd ? after..<after : peek.range)
                skipStatement(nested: nested)
                return nil
            }
            advance()
        }
        let head = headStart..<index
        let (outerKeyword, outerName) = (self.keyword, self.headName)
        defer { (self.keyword, self.headName) = (outerKeyword, outerName) }
        self.keyword = kind == .sink ? "\(tokens[headStart].text.lowercased()) sink" : kind.rawValue
        self.headName = [.ingredient, .item, .kiosk, .station, .combo].contains(kind) && !head.isEmpty ? tokens[head.upperBound - 1] : nil
        var specs: [PropertySpec]? = kind.properties
        if kind == .sink {
            specs = sinkSchemas[tokens[headStart].text.lowercased()]?.options
        }
        var statement = Statement(kind: kind, file: file, tokens: tokens, keywordIndex: keywordIndex, headIndices: head, specs: specs)
        if let specs {
            let properties = parseProperties(specs, of: kind, nested: nested, into: &statement)
            statement.properties = properties
        } else {
            skipStatement(nested: nested)
        }
        return statement
    }

    private mutating func parseProperties(_ specs: [PropertySpec], of kind: StatementKind, nested: Bool, into statement: inout Statement) -> [Property] {
        var properties: [Property] = []
        while true {
            let token = peek
            switch token.kind {
            case .newline, .end:
                return properties
            case .closeBrace where nested:
                return properties
            case .openBrace:
                let open = advance()
                parseBlock(opening: open, specs: specs, of: kind, into: &properties, statement: &statement)
                if peekKind != .newline, peekKind != .end, !(nested && peekKind == .closeBrace) {
                    report(.extraValue(peek.described, property: "}"), peek.range)
                    skipStatement(nested: nested)
                }
                return properties
            case .closeBrace:
                report(.unexpectedBrace("}"), token.range)
                advance()
            default:
                parsePropertyOrSkip(token, specs: specs, into: &properties, elements: &statement.elements)
            }
        }
    }

    private mutating func parseBlock(opening: Token, specs: [PropertySpec], of kind: StatementKind, into properties: inout [Property], statement: inout Statement) {
        while true {
            let token = peek
            switch token.kind {
            case .newline:
                advance()
            case .closeBrace:
                advance()
                return
            case .end:
                report(.unterminatedBlock, opening.range)
                return
            case .openBrace:
                report(.unexpectedBrace("{"), token.range)
                skipBalanced()
            case .word where !isPropertyName(at: index, of: specs) && StatementKind(rawValue: token.text.asciiLowercased)?.parent != nil:
                parseNested(in: kind, into: &statement)
            default:
                parsePropertyOrSkip(token, specs: specs, into: &properties, elements: &statement.elements)
            }
        }
    }

    /// A statement written in a block (`size` in an item's): kept as the block's child, or,
    /// in a block that does not take it, reported and skipped to the end of its line.
    private mutating func parseNested(in kind: StatementKind, into parent: inout Statement) {
        let keywordIndex = index
        let keyword = advance()
        guard let child = StatementKind(rawValue: keyword.text.asciiLowercased), kind.children.contains(child) else {
            reportMisplacedOrUnknown(keyword)
            skipStatement(nested: true)
            return
        }
        if let statement = parseBody(of: child, keywordIndex: keywordIndex, nested: true) { parent.children.append(statement) }
    }

    /// What a line and a block read alike: a property by one of the statement's names, or,
    /// reported, an unknown word or something that names no property, skipped with the
    /// values after it.
    private mutating func parsePropertyOrSkip(_ token: Token, specs: [PropertySpec], into properties: inout [Property], elements: inout [Range<Int>]) {
        if token.kind == .word, isPropertyName(at: index, of: specs) {
            properties.append(parseProperty(specs, elements: &elements))
            return
        }
        if token.kind == .word {
            reportUnknownProperty(token, specs: specs)
        } else {
            report(.expectedPropertyName(found: token.described), token.range)
        }
        advance()
        skipValues(specs)
    }

    /// Whether the token at `position` is a word naming one of the statement's properties,
    /// in any case.
    private func isPropertyName(at position: Int, of specs: [PropertySpec]) -> Bool {
        tokens[position].kind == .word && specs.contains { tokens[position].text.equalsIgnoringASCIICase($0.name) }
    }

    /// A property and its elements. Each element takes at most as many values as the
    /// property's shape has; what follows is the next property (or an error about it).
    private mutating func parseProperty(_ specs: [PropertySpec], elements: inout [Range<Int>]) -> Property {
        let name = advance()
        let arity = specs.first { name.text.equalsIgnoringASCIICase($0.name) }?.shape.arity.upperBound ?? 1
        let first = elements.count
        while true {
            let start = index
            while index - start < arity, peekKind.isValue, !isPropertyName(at: index, of: specs) {
                advance()
            }
            elements.append(start..<index)
            guard peekKind == .comma else { break }
            advance()
            while peekKind == .newline { advance() }
        }
        return Property(name: name, elements: first..<elements.count)
    }

    private mutating func reportUnknownProperty(_ token: Token, specs: [PropertySpec]) {
        let known = specs.map(\.name)
        let suggestion = Suggestions.closest(to: token.text, among: known)
        let name = TerminalText.visible(token.text)
        // `item Mango Juice needs …`: a lone word right after an unquoted name, followed by a
        // property or the end of the line, is more likely more of the name than a property.
        let next = min(index + 1, tokens.count - 1)
        let nextIsBoundary = [.newline, .end, .openBrace].contains(tokens[next].kind) || isPropertyName(at: next, of: specs)
        if suggestion == nil, nextIsBoundary, index > 0, let head = headName,
           tokens[index - 1].range == head.range, head.kind == .word {
            report(.unquotedName(TerminalText.visible(head.text + " " + token.text), statement: keyword), token.range)
            return
        }
        report(.unknownProperty(name, statement: keyword, suggestion: suggestion, known: known), token.range)
    }

    // MARK: Recovery

    /// Skips values and commas up to the next property name or the end of the line.
    private mutating func skipValues(_ specs: [PropertySpec]) {
        while (peekKind.isValue && !isPropertyName(at: index, of: specs)) || peekKind == .comma {
            advance()
        }
    }

    /// Skips to the end of the statement: the end of its line, or of the block it opens; a
    /// nested one also ends before the `}` of the block around it.
    private mutating func skipStatement(nested: Bool = false) {
        while true {
            switch peekKind {
            case .newline, .end: return
            case .closeBrace where nested: return
            case .openBrace: skipBalanced()
            default: advance()
            }
        }
    }

    /// Skips a `{ … }` group and everything nested in it; counts rather than recursing.
    private mutating func skipBalanced() {
        let opening = advance()
        var depth = 1
        while depth > 0 {
            switch peekKind {
            case .end:
                report(.unterminatedBlock, opening.range)
                return
            case .openBrace: depth += 1
            case .closeBrace: depth -= 1
            default: break
            }
            advance()
        }
    }
}

extension String {
    /// Lower-cased, without allocating when there is nothing to lower: for keywords.
    var asciiLowercased: String {
        utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } || !utf8.allSatisfy { $0 < 0x80 } ? lowercased() : self
    }

    /// Whether this is `lowercaseName` with its ASCII letters in any case; compares bytes
    /// without allocating, for every word of a menu that might name a property.
    func equalsIgnoringASCIICase(_ lowercaseName: String) -> Bool {
        guard utf8.count == lowercaseName.utf8.count else { return false }
        var text = self
        var name = lowercaseName
        return text.withUTF8 { text in
            name.withUTF8 { name in
                for index in 0..<text.count where text[index] != name[index] {
                    let byte = text[index]
                    guard byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z"), byte + 32 == name[index] else { return false }
                }
                return true
            }
        }
    }
}
