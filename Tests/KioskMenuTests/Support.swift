import KioskCore
@testable import KioskMenu
import KioskSinks

/// Compiles menus from memory, as the real compiler would from files.
struct Compile {
    var files: [String: [UInt8]]
    var environment: [String: String]

    init(_ source: String, files: [String: String] = [:], environment: [String: String] = [:]) {
        self.init(bytes: Array(source.utf8), files: files, environment: environment)
    }

    init(bytes: [UInt8], files: [String: String] = [:], environment: [String: String] = [:]) {
        self.files = files.mapValues { Array($0.utf8) }
        self.files["menu.kiosk"] = bytes
        self.environment = environment
    }

    var compilation: MenuCompilation {
        let compiler = MenuCompiler(
            sinkSchemas: SinkRegistry.standard.schemas,
            environment: environment,
            loader: InMemorySourceLoader(bytes: files)
        )
        return compiler.compile(path: "menu.kiosk")
    }

    /// Every diagnostic, rendered without colour.
    var rendered: String {
        let result = compilation
        return DiagnosticRenderer().render(result.diagnostics, in: result.sources)
    }

    var menu: CompiledMenu? { compilation.menu }
}

/// Two ingredients to build on.
let pantry = """
ingredient banana stock 10
ingredient milk stock 5

"""

enum SinkSchemasFixture {
    static let all = SinkRegistry.standard.schemas
}

/// What must hold of any compilation, whatever the input, as a list of what does not: a
/// menu exactly when there is no error; diagnostics in file and position order, each
/// within its file; a rendering with one headline per diagnostic and no control character
/// but its line ends — a hostile file never drives the terminal.
func wellFormednessProblems(of result: MenuCompilation) -> [String] {
    var problems: [String] = []
    if (result.menu == nil) == result.diagnostics.isEmpty { problems.append("a menu with errors, or no menu without any") }
    let positions = result.diagnostics.map { [$0.range.file, $0.range.bytes.lowerBound] }
    if zip(positions, positions.dropFirst()).contains(where: { $0.lexicographicallyPrecedes($1) == false && $0 != $1 }) {
        problems.append("diagnostics out of order")
    }
    for diagnostic in result.diagnostics {
        let range = diagnostic.range
        if range.file >= result.sources.files.count || range.bytes.upperBound > result.sources[range.file].bytes.count {
            problems.append("\(diagnostic.problem) points outside its file")
        }
    }
    let rendered = DiagnosticRenderer().render(result.diagnostics, in: result.sources)
    if rendered.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }) {
        problems.append("a control character in the rendering")
    }
    let headlines = rendered.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": error: ") }
    if headlines.count != result.diagnostics.count {
        problems.append("\(headlines.count) headlines for \(result.diagnostics.count) diagnostics")
    }
    return problems
}
