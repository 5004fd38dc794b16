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

/// `menus/juice.kiosk`, as text.
let juiceMakerSource: String = (try? String(decoding: FileSourceLoader().read(MenusDirectory.path + "/juice.kiosk"), as: UTF8.self)) ?? ""

/// The repository's `menus/` directory, found from this source file.
enum MenusDirectory {
    static let path: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/menus"
    }()
}
