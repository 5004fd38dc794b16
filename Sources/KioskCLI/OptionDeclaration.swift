/// An option of a command line, declared once: its spellings, the value it takes as the
/// help writes it, and what it does to the command line being parsed. The option loop
/// reads the declarations (`OptionLoop`), the help lists the same options with the same
/// values (`OptionDeclarationTests`), and the completions and man pages are checked
/// against the help.
struct OptionDeclaration<Parsed, Failure: Error>: Sendable {
    /// Every spelling, in the order the help lists them: `-h, --help`.
    let spellings: [String]
    /// `FILE`, `virtual[=TIME]`; `nil` for an option that takes none.
    let value: String?
    /// Only `kiosk serve` takes it.
    let serveOnly: Bool
    /// Given the value, or for an option without one the spelling used.
    let apply: @Sendable (inout Parsed, String) throws(Failure) -> Void

    /// An option that takes a value: `--menu FILE`.
    static func value(
        _ spelling: String, _ value: String, serveOnly: Bool = false, _ apply: @escaping @Sendable (inout Parsed, String) throws(Failure) -> Void
    ) -> OptionDeclaration {
        OptionDeclaration(spellings: [spelling], value: value, serveOnly: serveOnly, apply: apply)
    }

    /// An option that takes none, under one or more spellings: `-h`, `--help`.
    static func flag(_ spellings: String..., apply: @escaping @Sendable (inout Parsed, String) throws(Failure) -> Void) -> OptionDeclaration {
        OptionDeclaration(spellings: spellings, value: nil, serveOnly: false, apply: apply)
    }
}

extension Array {
    /// The spellings of the options that take a value, for the option loop.
    func valueSpellings<Parsed, Failure>() -> [String] where Element == OptionDeclaration<Parsed, Failure> {
        filter { $0.value != nil }.flatMap(\.spellings)
    }

    /// The spellings of the options that take none.
    func flagSpellings<Parsed, Failure>() -> [String] where Element == OptionDeclaration<Parsed, Failure> {
        filter { $0.value == nil }.flatMap(\.spellings)
    }

    /// Each declaration by every one of its spellings.
    func bySpelling<Parsed, Failure>() -> [String: OptionDeclaration<Parsed, Failure>] where Element == OptionDeclaration<Parsed, Failure> {
        var table: [String: OptionDeclaration<Parsed, Failure>] = [:]
        for declaration in self {
            for spelling in declaration.spellings { table[spelling] = declaration }
        }
        return table
    }
}
