import Foundation
import KioskCore
import KioskMenu
@testable import KioskREPL
import KioskSinks
import KioskSystem

/// A session on a menu from source, with an in-memory console, and a fixed clock.
struct Harness {
    let session: Session
    let console: InMemorySink

    init(menu source: String = juiceMakerSource, files: [String: String] = [:]) throws {
        let loader = InMemorySourceLoader(files: files.merging(["menu.kiosk": source]) { _, new in new })
        try self.init(path: "menu.kiosk", loader: loader)
    }

    /// A session on a menu file that tests may rewrite, for `reload`.
    init(path: String, loader: any SourceLoader = FileSourceLoader()) throws {
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: loader)
        let menuSource = MenuSource(path: path, compiler: compiler)
        guard let compiled = menuSource.compile().menu else { throw HarnessError.badMenu }
        console = InMemorySink(placement: .foreground)
        let dispatcher = Dispatcher([.init(sink: console, kind: "console")], journal: nil)
        dispatcher.start()
        session = Session(
            kiosk: Kiosk(menu: compiled.menu, ids: UUIDv7Generator(seed: 3)), dispatcher: dispatcher,
            menuSource: menuSource, sinkDeclarations: compiled.sinks,
            clock: { Timestamp(millisecondsSince1970: 1_795_262_400_000) }
        )
    }

    /// Parses and runs one line.
    @discardableResult
    func run(_ line: String) throws -> CommandResult {
        guard let command = try CommandParser.parse(line) else { throw HarnessError.blank }
        return session.run(command)
    }

    func stock(_ name: String) -> Int {
        session.kiosk.inventory[session.kiosk.menu.ingredientIndex(named: name) ?? 0]
    }

    /// The console's messages so far.
    var messages: [String] {
        console.events.map(\.message)
    }
}

/// `menus/juice.kiosk`, as text.
let juiceMakerSource: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    let path = parts.joined(separator: "/") + "/menus/juice.kiosk"
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}()

enum HarnessError: Error {
    case badMenu
    case blank
}

/// Standard output or error captured in a file.
final class CapturedOutput {
    let output: FileOutput
    private let path: String
    private let fd: Int32

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-out-\(UUID().uuidString)").path
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        output = FileOutput(descriptor: fd)
    }

    var text: String {
        output.flush()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    deinit {
        close(fd)
        unlink(path)
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString).kiosk").path
    }
}

extension Array where Element == UInt8 {
    func write(to path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path))
    }
}
