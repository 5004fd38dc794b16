import KioskCore
import KioskText

/// Reads a menu: loads the file and its includes, lexes, parses and binds them, and
/// collects every diagnostic of the run, sorted by position.
public struct MenuCompiler: Sendable {
    /// How deep `include` may nest before the compiler assumes a mistake.
    public static let maximumIncludeDepth = 32
    /// How many files a menu may include in all, however they nest.
    public static let maximumIncludedFiles = 10_000
    /// Diagnostics kept per compilation; past this they are only counted.
    public static let maximumDiagnostics = 1_000

    public var sinkSchemas: [SinkSchema]
    /// The options of each payment-reader plugin a `reader` statement may name.
    public var readerSchemas: [SinkSchema]
    public var environment: [String: String]
    public var loader: any SourceLoader

    public init(
        sinkSchemas: [SinkSchema], readerSchemas: [SinkSchema] = [], environment: [String: String] = [:], loader: any SourceLoader = FileSourceLoader()
    ) {
        self.sinkSchemas = sinkSchemas
        self.readerSchemas = readerSchemas
        self.environment = environment
        self.loader = loader
    }

    /// Compiles the menu file at `path`.
    public func compile(path: String) -> MenuCompilation {
        do {
            let bytes = try loader.read(path)
            return compile(source: bytes, path: path)
        } catch {
            return MenuCompilation(menu: nil, diagnostics: [], sources: SourceMap(), unreadable: error)
        }
    }

    /// Compiles menu source that did not come from the loader (the bundled menu); its
    /// includes, if any, are read through the loader.
    public func compile(source: [UInt8], path: String) -> MenuCompilation {
        var run = Run(compiler: self)
        run.load(SourceFile(path: path, bytes: source), chain: [loader.identity(of: path)])
        let defaultName = MenuCompiler.stem(of: path)
        var binder = Binder(
            sources: run.sources, environment: environment, sinkKinds: sinkSchemas.map(\.kind), readerKinds: readerSchemas.map(\.kind)
        )
        // Bind even after syntax errors, so one run reports every error of the file.
        let menu = binder.bind(run.statements, defaultName: defaultName, files: run.sources.files.map(\.path))
        let diagnostics = MenuCompiler.sorted(run.diagnostics + binder.diagnostics)
        let kept = Array(diagnostics.prefix(MenuCompiler.maximumDiagnostics))
        return MenuCompilation(
            menu: diagnostics.isEmpty ? menu : nil, diagnostics: kept, omittedDiagnostics: diagnostics.count - kept.count,
            sources: run.sources, unreadable: nil
        )
    }

    /// Compiles one sink statement given on the command line (`--sink`), written as in a
    /// menu but without the word `sink`.
    public func compileSink(_ text: String, origin: String = "--sink") -> MenuCompilation {
        compile(source: Array(("sink " + text).utf8), path: origin)
    }

    /// `menus/juice.kiosk` → `juice`.
    static func stem(of path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".kiosk") ? String(base.dropLast(6)) : base
    }

    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.range, b.element.range)
            return (x.file, x.bytes.lowerBound, a.offset) < (y.file, y.bytes.lowerBound, b.offset)
        }.map(\.element)
    }

    /// The state of one compilation: files read so far, statements in reading order.
    private struct Run {
        let compiler: MenuCompiler
        var sources = SourceMap()
        var statements: [Statement] = []
        var diagnostics: [Diagnostic] = []
        /// Set once an include went past `maximumIncludedFiles`.
        private var tooManyIncludes = false
        private let schemas: [String: SinkSchema]
        private let readerSchemas: [String: SinkSchema]

        init(compiler: MenuCompiler) {
            self.compiler = compiler
            self.schemas = Dictionary(compiler.sinkSchemas.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
            self.readerSchemas = Dictionary(compiler.readerSchemas.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
        }

        /// Lexes and parses `file`, and in place of each `include` the file it names.
        /// `chain` holds the identities of the files that included this one.
        mutating func load(_ file: SourceFile, chain: [String]) {
            let index = sources.add(file)
            let (tokens, lexical) = Lexer.tokenize(file.bytes, file: index)
            let (parsed, syntax) = Parser.parse(tokens, file: index, sinkSchemas: schemas, readerSchemas: readerSchemas)
            diagnostics += lexical + syntax
            // By index: a closure over the elements would copy each statement.
            guard parsed.indices.contains(where: { parsed[$0].kind == .include }) else {
                // The usual case: no includes, and for the main file nothing to copy.
                if statements.isEmpty { statements = parsed } else { statements += parsed }
                return
            }
            for statement in parsed {
                if statement.kind == .include {
                    include(statement, from: file, chain: chain)
                } else {
                    statements.append(statement)
                }
            }
        }

        private mutating func include(_ statement: Statement, from file: SourceFile, chain: [String]) {
            // Past the bound, one error at the first include too many; the rest are not read.
            guard !tooManyIncludes else { return }
            let pathToken = statement.head(0)
            let at = SourceRange(file: statement.file, bytes: pathToken.range)
            guard sources.files.count <= MenuCompiler.maximumIncludedFiles else {
                diagnostics.append(Diagnostic(.tooManyIncludes(limit: MenuCompiler.maximumIncludedFiles), at: at))
                tooManyIncludes = true
                return
            }
            guard let written = expandPath(pathToken, file: statement.file) else { return }
            let path = MenuCompiler.resolve(written, relativeTo: file.path)
            let identity = compiler.loader.identity(of: path)
            if let start = chain.firstIndex(of: identity) {
                let names = (chain[start...] + [identity]).map(MenuCompiler.shortName)
                diagnostics.append(Diagnostic(.includeCycle(Array(names)), at: at))
                return
            }
            guard chain.count < MenuCompiler.maximumIncludeDepth else {
                diagnostics.append(Diagnostic(.includeTooDeep(limit: MenuCompiler.maximumIncludeDepth), at: at))
                return
            }
            do {
                let bytes = try compiler.loader.read(path)
                load(SourceFile(path: path, bytes: bytes), chain: chain + [identity])
            } catch {
                diagnostics.append(Diagnostic(.includeFailed(path: TerminalText.visible(written), reason: error.reason), at: at))
            }
        }

        /// The path an `include` names, `${…}` expanded. The binder that expands it sees no
        /// sources (expanding needs none): were it to share this run's, each file added
        /// while it lived would copy every file read so far — quadratic in the includes.
        private mutating func expandPath(_ token: Token, file: Int) -> String? {
            var binder = Binder(sources: SourceMap(), environment: compiler.environment, sinkKinds: [])
            let written = binder.expand(token, file: file)?.value
            diagnostics += binder.diagnostics
            return written
        }
    }

    static func resolve(_ path: String, relativeTo including: String) -> String {
        guard !path.hasPrefix("/"), let slash = including.lastIndex(of: "/") else { return path }
        return String(including[...slash]) + path
    }

    static func shortName(_ identity: String) -> String {
        identity.split(separator: "/").last.map(String.init) ?? identity
    }
}

/// The result of compiling a menu: the menu when there were no errors, and every
/// diagnostic with the sources needed to render it.
public struct MenuCompilation: Sendable {
    public let menu: CompiledMenu?
    /// The first `MenuCompiler.maximumDiagnostics` diagnostics, sorted by position.
    public let diagnostics: [Diagnostic]
    /// How many more there were.
    public let omittedDiagnostics: Int
    public let sources: SourceMap
    /// Set when the menu file itself could not be read (as opposed to containing errors).
    public let unreadable: SourceLoadError?

    init(menu: CompiledMenu?, diagnostics: [Diagnostic], omittedDiagnostics: Int = 0, sources: SourceMap, unreadable: SourceLoadError?) {
        self.menu = menu
        self.diagnostics = diagnostics
        self.omittedDiagnostics = omittedDiagnostics
        self.sources = sources
        self.unreadable = unreadable
    }

    /// A menu file that could not be read.
    public init(unreadable: SourceLoadError) {
        self.init(menu: nil, diagnostics: [], sources: SourceMap(), unreadable: unreadable)
    }

    /// The same compilation with more diagnostics (a plugin's refusals): sorted in among
    /// the others, and no menu once there are any. `removing` drops those it is true of.
    public func adding(_ more: [Diagnostic], removing: (Diagnostic) -> Bool = { _ in false }) -> MenuCompilation {
        let diagnostics = MenuCompiler.sorted(self.diagnostics.filter { !removing($0) } + more)
        return MenuCompilation(
            menu: diagnostics.isEmpty ? menu : nil, diagnostics: diagnostics, omittedDiagnostics: omittedDiagnostics, sources: sources, unreadable: unreadable
        )
    }

    /// Every error, kept or not.
    public var errorCount: Int { diagnostics.count + omittedDiagnostics }

    /// The first `limit` diagnostics rendered, then a line saying how many more there are.
    public func render(with renderer: DiagnosticRenderer, limit: Int = 100) -> String {
        let shown = diagnostics.prefix(limit)
        var text = renderer.render(Array(shown), in: sources)
        let rest = errorCount - shown.count
        if rest > 0 { text += "… and \(rest) more error\(rest == 1 ? "" : "s")\n" }
        return text
    }
}
