/// Builds statements from tokens, reporting every syntax error and recovering at the next
/// line or `}`.
///
/// Properties are recognised by name: a property's values run until a comma, the end of
/// the line, a brace, or the next word that names a property of the statement. Iterative
/// throughout, so deep nesting cannot exhaust the stack.
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
        let keyword = advance()
        guard let kind = StatementKind(rawValue: keyword.text.asciiLowercased) else {
            let suggestion = Suggestions.closest(to: keyword.text, among: StatementKind.allCases.map(\.rawValue))
            report(.unknownKeyword(TerminalText.visible(keyword.text), suggestion: suggestion), keyword.range)
            skipStatement()
            return
        }
        var head: [Token] = []
        for slot in kind.head {
            guard peek.isValue else {
                let atLineEnd = peek.kind == .newline || peek.kind == .end
                let after = (head.last ?? keyword).range.upperBound
                report(.missingHead(slot, after: keyword.text), atLineEnd ? after..<after : peek.range)
                skipStatement()
                return
            }
            head.append(advance())
        }
        self.keyword = kind == .sink ? "\(head[0].text.lowercased()) sink" : kind.rawValue
        self.headName = [.ingredient, .item, .kiosk].contains(kind) ? head.last : nil
        var specs: [PropertySpec]? = kind.properties
        if kind == .sink {
            specs = sinkSchemas[head[0].text.lowercased()]?.options
        }
        var statement = Statement(kind: kind, file: file, keyword: keyword, head: head, specs: specs)
        if let specs {
            statement.properties = parseProperties(specs)
        } else {
            skipStatement()
        }
        statements.append(statement)
    }

    private mutating func parseProperties(_ specs: [PropertySpec]) -> [Property] {
        let names = specs.map(\.name)
        var properties: [Property] = []
        while true {
            let token = peek
            switch token.kind {
            case .newline, .end:
                return properties
            case .openBrace:
                let open = advance()
                parseBlock(opening: open, names: names, specs: specs, into: &properties)
                if peek.kind != .newline, peek.kind != .end {
                    report(.extraValue(peek.described, property: "}"), peek.range)
                    skipStatement()
                }
                return properties
            case .word where names.contains(token.text.asciiLowercased):
                properties.append(parseProperty(specs, names: names))
            case .word:
                reportUnknownProperty(token, specs: specs)
                advance()
                skipValues(names: names)
            case .closeBrace:
                report(.unexpectedBrace("}"), token.range)
                advance()
            default:
                report(.expectedPropertyName(found: token.described), token.range)
                advance()
                skipValues(names: names)
            }
        }
    }

    private mutating func parseBlock(opening: Token, names: [String], specs: [PropertySpec], into properties: inout [Property]) {
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
            case .word where names.contains(token.text.asciiLowercased):
                properties.append(parseProperty(specs, names: names))
            case .word:
                reportUnknownProperty(token, specs: specs)
                advance()
                skipValues(names: names)
            case .openBrace:
                report(.unexpectedBrace("{"), token.range)
                skipBalanced()
            default:
                report(.expectedPropertyName(found: token.described), token.range)
                advance()
                skipValues(names: names)
            }
        }
    }

    /// A property and its elements. Each element takes at most as many values as the
    /// property's shape has; what follows is the next property (or an error about it).
    private mutating func parseProperty(_ specs: [PropertySpec], names: [String]) -> Property {
        let name = advance()
        let arity = specs.first { $0.name == name.text.asciiLowercased }?.shape.arity.upperBound ?? 1
        var elements: [[Token]] = []
        elements.reserveCapacity(1)
        while true {
            var element: [Token] = []
            element.reserveCapacity(arity)
            while element.count < arity, peek.isValue, !(peek.kind == .word && names.contains(peek.text.asciiLowercased)) {
                element.append(advance())
            }
            elements.append(element)
            guard peek.kind == .comma else { break }
            advance()
            while peek.kind == .newline { advance() }
        }
        return Property(name: name, elements: elements)
    }

    private mutating func reportUnknownProperty(_ token: Token, specs: [PropertySpec]) {
        let known = specs.map(\.name)
        let suggestion = Suggestions.closest(to: token.text, among: known)
        let name = TerminalText.visible(token.text)
        // `item Mango Juice needs …`: a lone word right after an unquoted name, followed by a
        // property or the end of the line, is more likely more of the name than a property.
        let next = tokens[min(index + 1, tokens.count - 1)]
        let nextIsBoundary = [.newline, .end, .openBrace].contains(next.kind)
            || (next.kind == .word && specs.contains { $0.name == next.text.asciiLowercased })
        if suggestion == nil, nextIsBoundary, index > 0, let head = headName,
           tokens[index - 1].range == head.range, head.kind == .word {
            report(.unquotedName(TerminalText.visible(head.text + " " + token.text), statement: keyword), token.range)
            return
        }
        report(.unknownProperty(name, statement: keyword, suggestion: suggestion, known: known), token.range)
    }

    // MARK: Recovery

    /// Skips values and commas up to the next property name or the end of the line.
    private mutating func skipValues(names: [String]) {
        while (peek.isValue && !(peek.kind == .word && names.contains(peek.text.asciiLowercased))) || peek.kind == .comma {
            advance()
        }
    }

    /// Skips to the end of the statement: the end of its line, or of the block it opens.
    private mutating func skipStatement() {
        while true {
            switch peek.kind {
            case .newline, .end: return
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
            switch peek.kind {
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
    /// Lower-cased, without allocating when there is nothing to lower: keywords and
    /// property names are compared this way for every word of a menu.
    var asciiLowercased: String {
        utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } || !utf8.allSatisfy { $0 < 0x80 } ? lowercased() : self
    }
}
