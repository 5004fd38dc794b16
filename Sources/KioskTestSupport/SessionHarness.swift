import KioskApplication
import KioskCore
import KioskJournal
import KioskMenu
import KioskRecords
import KioskSinks

/// A session on a menu from source, with an in-memory console and a fixed clock (or the
/// clock given): the application without a terminal, for the tests of the application
/// and of the terminal.
public struct SessionHarness {
    public let session: Session
    public let console: InMemorySink

    public enum Failure: Error {
        case badMenu
        case blank
    }

    /// The Juice Maker, or `source`, with `files` for its includes.
    /// With `state`, the session keeps its state in a journal there, as `--state` does,
    /// reading the kinds of record `format` registers (the sinks' always).
    public init(
        menu source: String = juiceMakerSource, files: [String: String] = [:], commands: CommandTable = .standard, time: SessionClock? = nil,
        state: StateDirectory? = nil, format: RecordFormat = .domain
    ) throws {
        let loader = InMemorySourceLoader(files: files.merging(["menu.kiosk": source]) { _, new in new })
        try self.init(path: "menu.kiosk", loader: loader, commands: commands, time: time, state: state, format: format)
    }

    /// The fixed time of a harness without a clock of its own: 2026-11-21T12:00:00Z.
    public static let fixedTime = Timestamp(millisecondsSince1970: 1_795_262_400_000)

    /// A session on a menu file that tests may rewrite, for `reload`.
    public init(
        path: String, loader: any SourceLoader = FileSourceLoader(), commands: CommandTable = .standard, time: SessionClock? = nil,
        state: StateDirectory? = nil, format: RecordFormat = .domain
    ) throws {
        let compiler = MenuCompiler(sinkSchemas: SinkRegistry.standard.schemas, loader: loader)
        let menuSource = MenuSource(path: path, compiler: compiler)
        guard let compiled = menuSource.compile().menu else { throw Failure.badMenu }
        console = InMemorySink(placement: .foreground)
        let clock = time ?? SessionClock(wall: { SessionHarness.fixedTime })
        var kiosk = Kiosk(menu: compiled.menu, ids: UUIDv7Generator(seed: 3))
        var store: StateStore?
        if let state {
            let options = Journal.Options(durability: .written, snapshotInterval: Journal.Options.noSnapshots, format: format)
            let opened = try StateStore.open(state, mode: .state, options: options, menu: compiled.menu, ids: UUIDv7Generator(seed: 3), at: clock.now())
            kiosk = opened.opening.kiosk
            store = opened.store
        }
        let dispatcher = Dispatcher([.init(sink: console, kind: "console")], journal: store?.journal, lastSequence: kiosk.sequence)
        dispatcher.start()
        session = Session(
            kiosk: kiosk, dispatcher: dispatcher, menuSource: menuSource, sinkDeclarations: compiled.sinks,
            time: clock, store: store, commands: commands
        )
    }

    /// Parses and runs one line.
    @discardableResult
    public func run(_ line: String) throws -> CommandResult {
        guard let command = try CommandParser.parse(line, table: session.commands) else { throw Failure.blank }
        return session.run(command)
    }

    /// An ingredient's stock; `nil` for a name the menu does not have.
    public func stock(_ name: String) -> Int? {
        session.kiosk.menu.ingredientIndex(named: name).map { session.kiosk.inventory[$0] }
    }

    /// The console's messages so far.
    public var messages: [String] {
        console.events.map(\.message)
    }
}
