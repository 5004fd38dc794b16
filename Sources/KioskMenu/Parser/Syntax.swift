/// A statement as written: keyword, head arguments and properties, not yet checked for
/// meaning.
struct Statement: Sendable {
    let kind: StatementKind
    let file: Int
    let keyword: Token
    let head: [Token]
    var properties: [Property] = []
    /// The properties this statement accepts (for a sink: those of its kind), or `nil` for a
    /// sink of an unknown kind, whose properties were skipped.
    let specs: [PropertySpec]?

    /// The keyword and head: where errors about the statement as a whole point.
    var headRange: SourceRange {
        SourceRange(file: file, bytes: keyword.range.lowerBound..<(head.last ?? keyword).range.upperBound)
    }
}

/// `name value, value…`: a property and its comma-separated elements, each a run of values.
struct Property: Sendable {
    let name: Token
    var elements: [[Token]]
}
