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
    private let readerSchemas: [String: SinkSchema]
    private var index = 0
    /// The statement being parsed and the position of its head, for messages.
    private var current: (kind: StatementKind, headStart: Int, head: Range<Int>)?
    private var nodes: [StatementNode] = []
    private var properties: [Property] = []
    private var elements: [Range<Int>] = []
    private var blocks: [Int] = []
    /// The properties of the statements being parsed, innermost last: each statement's run
    /// moves to `properties` when it ends, so a block's statements between its own
    /// properties leave those one run.
    private var openProperties: [Property] = []
    /// Likewise the statements of the blocks being parsed, moving to `blocks`.
    private var openBlocks: [Int] = []
    private var topLevel: [Int] = []
    private(set) var diagnostics: [Diagnostic] = []

    static func parse(
        _ tokens: [Token], file: Int, sinkSchemas: [String: SinkSchema], readerSchemas: [String: SinkSchema] = [:]
    ) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        var parser = Parser(tokens: tokens, file: file, sinkSchemas: sinkSchemas, readerSchemas: readerSchemas)
        parser.run()
        let syntax = FileSyntax(
            file: file, tokens: tokens, nodes: parser.nodes, properties: parser.properties, elements: parser.elements, blocks: parser.blocks
        )
        return (parser.topLevel.map { Statement(syntax: syntax, index: $0) }, parser.diagnostics)
    }

    private init(tokens: [Token], file: Int, sinkSchemas: [String: SinkSchema], readerSchemas: [String: SinkSchema]) {
        self.tokens = tokens
        self.file = file
        self.sinkSchemas = sinkSchemas
        self.readerSchemas = readerSchemas
        // About one statement a line and two properties a statement: growing past a guess
        // costs a copy, guessing costs nothing.
        nodes.reserveCapacity(tokens.count / 8)
        properties.reserveCapacity(tokens.count / 4)
        elements.reserveCapacity(tokens.count / 3)
    }

    private var peek: Token { tokens[index] }
    /// The kind of the next token, without copying the token.
    private var peekKind: Token.Kind { tokens[index].kind }

    private mutating func advance() {
        if tokens[index].kind != .end { index += 1 }
    }

    private mutating func report(_ problem: MenuProblem, _ range: Range<Int>) {
        diagnostics.append(Diagnostic(problem, at: SourceRange(file: file, bytes: range)))
    }

    private mutating func run() {
        while true {
            switch peekKind {
            case .end: return
            case .newline: advance()
            case .word: parseStatement()
            case .openBrace:
                report(.unexpectedBrace("{"), peek.range)
                skipBalanced()
            case .closeBrace:
                report(.unexpectedBrace("}"), peek.range)
                advance()
            default:
                report(.expectedStatement(found: peek.described), peek.range)
                skipStatement()
            }
        }
    }

    // MARK: Statements

    private mutating func parseStatement() {
        let keywordIndex = index
        advance()
        guard let kind = StatementKind(keyword: tokens[keywordIndex].text), kind.parent == nil else {
            reportMisplacedOrUnknown(tokens[keywordIndex])
            skipStatement()
            return
        }
        if let node = parseBody(of: kind, keywordIndex: keywordIndex, nested: false) { topLevel.append(node) }
    }

    /// A word where a statement goes that is none there: one written in the wrong block
    /// (`size` outside an item), or an unknown keyword, with the closest one.
    private mutating func reportMisplacedOrUnknown(_ keyword: Token) {
        if let kind = StatementKind(keyword: keyword.text), let parent = kind.parent {
            report(.misplacedStatement(kind.rawValue, parent: parent.rawValue), keyword.range)
            return
        }
        let suggestion = Suggestions.closest(to: keyword.text, among: StatementKind.topLevel.map(\.rawValue))
        report(.unknownKeyword(TerminalText.visible(keyword.text), suggestion: suggestion), keyword.range)
    }

    /// A statement after its keyword: its head, then its properties and, in a block, the
    /// statements nested in it; the position of its node. `nil` when the head is missing
    /// (reported, skipped). A nested statement ends before the `}` of the block around it.
    private mutating func parseBody(of kind: StatementKind, keywordIndex: Int, nested: Bool) -> Int? {
        let headStart = index
        for slot in 0..<kind.headCount {
            guard peekKind.isValue else {
                let atLineEnd = peekKind == .newline || peekKind == .end || (nested && peekKind == .closeBrace)
                let after = tokens[index - 1].range.upperBound
                report(.missingHead(kind.head[slot], after: tokens[keywordIndex].text), atLineEnd ? after..<after : peek.range)
                skipStatement(nested: nested)
                return nil
            }
            advance()
        }
        let head = headStart..<index
        let outer = current
        defer { current = outer }
        current = (kind, headStart, head)
        var specs: [PropertySpec]? = kind.properties
        if kind == .sink {
            specs = sinkSchemas[tokens[headStart].text.lowercased()]?.options
        } else if kind == .reader {
            specs = readerSchemas[tokens[headStart].text.lowercased()]?.options
        }
        let propertyBase = openProperties.count
        let blockBase = openBlocks.count
        if let specs {
            parseProperties(specs, of: kind, nested: nested)
        } else {
            skipStatement(nested: nested)
        }
        let ownProperties = properties.count..<(properties.count + openProperties.count - propertyBase)
        properties += openProperties[propertyBase...]
        openProperties.removeSubrange(propertyBase...)
        let children = blocks.count..<(blocks.count + openBlocks.count - blockBase)
        blocks += openBlocks[blockBase...]
        openBlocks.removeSubrange(blockBase...)
        nodes.append(StatementNode(
            kind: kind, keywordIndex: keywordIndex, headIndices: head, properties: ownProperties, children: children, specs: specs
        ))
        return nodes.count - 1
    }

    private mutating func parseProperties(_ specs: [PropertySpec], of kind: StatementKind, nested: Bool) {
        while true {
            switch peekKind {
            case .newline, .end:
                return
            case .closeBrace where nested:
                return
            case .openBrace:
                let open = index
                advance()
                parseBlock(opening: open, specs: specs, of: kind)
                if peekKind != .newline, peekKind != .end, !(nested && peekKind == .closeBrace) {
                    report(.extraValue(peek.described, property: "}"), peek.range)
                    skipStatement(nested: nested)
                }
                return
            case .closeBrace:
                report(.unexpectedBrace("}"), peek.range)
                advance()
            default:
                parsePropertyOrSkip(specs: specs)
            }
        }
    }

    private mutating func parseBlock(opening: Int, specs: [PropertySpec], of kind: StatementKind) {
        while true {
            switch peekKind {
            case .newline:
                advance()
            case .closeBrace:
                advance()
                return
            case .end:
                report(.unterminatedBlock, tokens[opening].range)
                return
            case .openBrace:
                report(.unexpectedBrace("{"), peek.range)
                skipBalanced()
            case .word where propertySpec(at: index, in: specs) == nil && StatementKind(keyword: tokens[index].text)?.parent != nil:
                parseNested(in: kind)
            default:
                parsePropertyOrSkip(specs: specs)
            }
        }
    }

    /// A statement written in a block (`size` in an item's): kept as the block's child, or,
    /// in a block that does not take it, reported and skipped to the end of its line.
    private mutating func parseNested(in kind: StatementKind) {
        let keywordIndex = index
        advance()
        guard let child = StatementKind(keyword: tokens[keywordIndex].text), child.parent == kind else {
            reportMisplacedOrUnknown(tokens[keywordIndex])
            skipStatement(nested: true)
            return
        }
        if let node = parseBody(of: child, keywordIndex: keywordIndex, nested: true) { openBlocks.append(node) }
    }

    /// What a line and a block read alike: a property by one of the statement's names, or,
    /// reported, an unknown word or something that names no property, skipped with the
    /// values after it.
    private mutating func parsePropertyOrSkip(specs: [PropertySpec]) {
        if let spec = propertySpec(at: index, in: specs) {
            openProperties.append(parseProperty(arity: specs[spec].shape.arity.upperBound, specs: specs))
            return
        }
        if peekKind == .word {
            reportUnknownProperty(peek, specs: specs)
        } else {
            report(.expectedPropertyName(found: peek.described), peek.range)
        }
        advance()
        skipValues(specs)
    }

    /// The position in `specs` of the property the token at `position` names, in any case;
    /// `nil` when it is no word or names none.
    private func propertySpec(at position: Int, in specs: [PropertySpec]) -> Int? {
        guard tokens[position].kind == .word else { return nil }
        let text = tokens[position].text
        return specs.indices.first { text.equalsIgnoringASCIICase(specs[$0].name) }
    }

    /// A property and its elements. Each element takes at most `arity` values; what follows
    /// is the next property (or an error about it).
    private mutating func parseProperty(arity: Int, specs: [PropertySpec]) -> Property {
        let name = index
        advance()
        let first = elements.count
        while true {
            let start = index
            while index - start < arity, peekKind.isValue, propertySpec(at: index, in: specs) == nil {
                advance()
            }
            elements.append(start..<index)
            guard peekKind == .comma else { break }
            advance()
            while peekKind == .newline { advance() }
        }
        return Property(nameIndex: name, elements: first..<elements.count)
    }

    private mutating func reportUnknownProperty(_ token: Token, specs: [PropertySpec]) {
        let known = specs.map(\.name)
        let suggestion = Suggestions.closest(to: token.text, among: known)
        let name = TerminalText.visible(token.text)
        let keyword = current.map { current in
            switch current.kind {
            case .sink, .reader: "\(tokens[current.headStart].text.lowercased()) \(current.kind.rawValue)"
            default: current.kind.rawValue
            }
        } ?? ""
        // `item Mango Juice needs …`: a lone word right after an unquoted name, followed by a
        // property or the end of the line, is more likely more of the name than a property.
        let next = min(index + 1, tokens.count - 1)
        let nextIsBoundary = [.newline, .end, .openBrace].contains(tokens[next].kind) || propertySpec(at: next, in: specs) != nil
        if suggestion == nil, nextIsBoundary, index > 0, let current, current.kind.declaresName, !current.head.isEmpty,
           case let head = tokens[current.head.upperBound - 1], tokens[index - 1].range == head.range, head.kind == .word {
            report(.unquotedName(TerminalText.visible(head.text + " " + token.text), statement: keyword), token.range)
            return
        }
        report(.unknownProperty(name, statement: keyword, suggestion: suggestion, known: known), token.range)
    }

    // MARK: Recovery

    /// Skips values and commas up to the next property name or the end of the line.
    private mutating func skipValues(_ specs: [PropertySpec]) {
        while (peekKind.isValue && propertySpec(at: index, in: specs) == nil) || peekKind == .comma {
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
        let opening = peek
        advance()
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
    /// Whether this is `lowercaseName` with its ASCII letters in any case; compares bytes
    /// without allocating, for every word of a menu that might name a property or a
    /// statement. Most words differ in length from the name, or equal it exactly.
    func equalsIgnoringASCIICase(_ lowercaseName: String) -> Bool {
        guard utf8.count == lowercaseName.utf8.count else { return false }
        if self == lowercaseName { return true }
        let (bytes, lower) = (utf8.span, lowercaseName.utf8.span)
        for index in bytes.indices where bytes[index] != lower[index] {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z"), byte + 32 == lower[index] else { return false }
        }
        return true
    }
}
