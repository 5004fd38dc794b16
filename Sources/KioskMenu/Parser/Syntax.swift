/// A statement as written: keyword, head arguments and properties, not yet checked for
/// meaning.
///
/// Flat: a statement keeps the token array of its file, shared by every statement of it,
/// and names its own tokens by index. Parsing a big menu then allocates two small arrays
/// per statement instead of one per property element, and tearing it down is as cheap.
struct Statement: Sendable {
    let kind: StatementKind
    let file: Int
    /// Every token of the statement's file.
    let tokens: [Token]
    let keywordIndex: Int
    /// The head arguments: positions in `tokens`.
    let headIndices: Range<Int>
    var properties: [Property] = []
    /// Every element of every property: positions in `tokens`, each a run of values.
    var elements: [Range<Int>] = []
    /// The properties this statement accepts (for a sink: those of its kind), or `nil` for a
    /// sink of an unknown kind, whose properties were skipped.
    let specs: [PropertySpec]?
    /// The statements written in its block (an item's sizes and groups, a group's options),
    /// in order.
    var children: [Statement] = []

    var keyword: Token { tokens[keywordIndex] }

    /// Head argument `slot`, which the parser guarantees is present.
    func head(_ slot: Int) -> Token { tokens[headIndices.lowerBound + slot] }

    /// The keyword and head: where errors about the statement as a whole point.
    var headRange: SourceRange {
        let last = headIndices.isEmpty ? keywordIndex : headIndices.upperBound - 1
        return SourceRange(file: file, bytes: keyword.range.lowerBound..<tokens[last].range.upperBound)
    }
}

/// `name value, value…`: a property and its comma-separated elements.
struct Property: Sendable {
    let name: Token
    /// Positions in the statement's `elements`.
    var elements: Range<Int>
}
