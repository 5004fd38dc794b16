/// Every statement of one file as written, flat: its tokens, statements, properties and
/// elements each in one array, naming one another by position.
///
/// A big menu has a statement for every size and option; kept flat, parsing one allocates
/// nothing of its own, a `Statement` is copied as one reference, and the whole file is torn
/// down as a handful of arrays.
final class FileSyntax: Sendable {
    let file: Int
    let tokens: [Token]
    /// Every statement, each after the statements of its block.
    let nodes: [StatementNode]
    /// Every property of every statement, each statement's a run.
    let properties: [Property]
    /// Every element of every property: positions in `tokens`, each a run of values.
    let elements: [Range<Int>]
    /// The statements of every block, each block's a run of positions in `nodes`.
    let blocks: [Int]

    init(file: Int, tokens: [Token], nodes: [StatementNode], properties: [Property], elements: [Range<Int>], blocks: [Int]) {
        self.file = file
        self.tokens = tokens
        self.nodes = nodes
        self.properties = properties
        self.elements = elements
        self.blocks = blocks
    }
}

/// One statement's entry in its `FileSyntax`.
struct StatementNode: Sendable {
    let kind: StatementKind
    let keywordIndex: Int
    /// The head arguments: positions in `tokens`.
    let headIndices: Range<Int>
    /// Positions in `FileSyntax.properties`.
    let properties: Range<Int>
    /// Positions in `FileSyntax.blocks`.
    let children: Range<Int>
    /// The properties this statement accepts (for a sink: those of its kind), or `nil` for a
    /// sink of an unknown kind, whose properties were skipped.
    let specs: [PropertySpec]?
}

/// A statement as written: keyword, head arguments and properties, not yet checked for
/// meaning.
struct Statement: Sendable {
    let syntax: FileSyntax
    let index: Int

    private var node: StatementNode { syntax.nodes[index] }

    var kind: StatementKind { syntax.nodes[index].kind }
    var file: Int { syntax.file }
    /// Every token of the statement's file.
    var tokens: [Token] { syntax.tokens }
    var specs: [PropertySpec]? { syntax.nodes[index].specs }
    var properties: ArraySlice<Property> { syntax.properties[syntax.nodes[index].properties] }
    /// Every element of every property of the file: `Property.elements` names the ones of a property.
    var elements: [Range<Int>] { syntax.elements }

    var keyword: Token { syntax.tokens[syntax.nodes[index].keywordIndex] }

    /// Head argument `slot`, which the parser guarantees is present.
    func head(_ slot: Int) -> Token { syntax.tokens[syntax.nodes[index].headIndices.lowerBound + slot] }

    /// The keyword and head: where errors about the statement as a whole point.
    var headRange: SourceRange {
        let node = node
        let last = node.headIndices.isEmpty ? node.keywordIndex : node.headIndices.upperBound - 1
        return SourceRange(file: syntax.file, bytes: syntax.tokens[node.keywordIndex].range.lowerBound..<syntax.tokens[last].range.upperBound)
    }

    /// The statements written in its block (an item's sizes and groups, a group's options),
    /// in order.
    var children: Children { Children(syntax: syntax, positions: syntax.nodes[index].children) }

    struct Children: RandomAccessCollection {
        let syntax: FileSyntax
        let positions: Range<Int>

        var startIndex: Int { positions.lowerBound }
        var endIndex: Int { positions.upperBound }
        subscript(position: Int) -> Statement { Statement(syntax: syntax, index: syntax.blocks[position]) }
    }
}

/// `name value, value…`: a property and its comma-separated elements.
struct Property: Sendable {
    /// The position of its name in the file's tokens.
    let nameIndex: Int
    /// Positions in the file's `elements`.
    var elements: Range<Int>
}
