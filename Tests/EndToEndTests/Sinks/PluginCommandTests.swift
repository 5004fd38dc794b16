import Foundation
import Glibc
import KioskTestSupport
import Testing

/// `kiosk plugins`, `kiosk check` and a session with `--plugin-path`, through the built
/// binary and the repository's shell example.
@Suite struct PluginCommandTests {
    /// A plugin directory with the shell example and a plugin that speaks only version 99.
    static func plugins(_ scratch: ScratchDirectory) throws -> String {
        let example = try String(contentsOf: Repository.root.appendingPathComponent("plugins/jsonl.sh"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.path("plugins"), withIntermediateDirectories: true)
        try executable(scratch.path("plugins/jsonl.sh"), example)
        try executable(scratch.path("plugins/future"), "#!/bin/sh\necho 'kiosk-plugin 99 future sink'\nread -r line\n")
        return scratch.path("plugins")
    }

    /// Written through a descriptor closed on exec: a program another test starts meanwhile
    /// must not inherit it, or starting the plugin fails with ETXTBSY.
    static func executable(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    @Test func pluginsListsEachWithItsOptionsAndABrokenOneWithWhy() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginCommandTests.plugins(scratch)
        let result = try KioskProcess("plugins", "--plugin-path", directory).run()
        #expect(result.status == 1)
        #expect(result.stdout == """
            future  broken  \(directory)/future
              plugin 'future': it speaks protocol version 99; this kiosk speaks 1
            jsonl  sink  protocol 1  \(directory)/jsonl.sh
              path  text      required  the file to append each event to

            """)
        let json = try KioskProcess("plugins", "--json", "--plugin-path", directory).run()
        #expect(json.stdout.split(separator: "\n").last == #"{"name":"jsonl","path":"\#(directory)/jsonl.sh","ok":true,"version":1,"kinds":["sink"],"options":[{"name":"path","type":"text","required":true,"doc":"the file to append each event to"}]}"#)
    }

    @Test func checkFindsAMisspeltOptionAndASessionDeliversThroughThePlugin() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginCommandTests.plugins(scratch)
        let menu = "ingredient mango stock 9\nitem \"Mango Juice\" needs mango 3\n"
        let bad = try scratch.file("bad.kiosk", menu + "sink jsonl { pth \"out.jsonl\" }\n")
        let check = try KioskProcess("check", "--plugin-path", directory, bad).run()
        #expect(check.status == 65)
        #expect(check.stderr.contains("\(bad):3:14: error: unknown property 'pth' for 'jsonl sink'"))
        #expect(check.stderr.contains("did you mean 'path'?"))
        let good = try scratch.file("good.kiosk", menu + "sink jsonl { path \"out.jsonl\" }\n")
        let run = try KioskProcess(arguments: ["--plugin-path", directory, "--menu", good, "--quiet", "-c", "order mango juice; order mango juice"] + KioskProcess.settlingEveryEvent).run()
        #expect(run.status == 0)
        let delivered = try String(contentsOfFile: scratch.path("out.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(delivered.count == 2)
        #expect(delivered.allSatisfy { $0.contains(#""type":"order.succeeded""#) })
    }
}

extension PluginCommandTests {
    @Test func aCommandLineSinkMayNameAPluginTheMenuDoesNotUse() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginCommandTests.plugins(scratch)
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 9\nitem \"Mango Juice\" needs mango 3\n")
        let out = scratch.path("out.jsonl")
        let run = try KioskProcess(arguments: [
            "--plugin-path", directory, "--menu", menu, "--quiet", "--sink", "jsonl { path \"\(out)\" }", "-c", "order mango juice",
        ] + KioskProcess.settlingEveryEvent).run()
        #expect(run.status == 0)
        let delivered = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(delivered.count == 1)
        let misspelt = try KioskProcess("--plugin-path", directory, "--menu", menu, "--sink", "jsnl { path \"x\" }", "-c", "").run()
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.contains("did you mean 'jsonl'?"))
    }

    @Test func aSimulatedDayGoesToThePluginSinksOfTheMenuAndOfTheCommandLine() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginCommandTests.plugins(scratch)
        let menu = try scratch.file("menu.kiosk", "ingredient mango stock 900\nitem \"Mango Juice\" needs mango 3\nsink jsonl { path \"menu.jsonl\" }\n")
        let out = scratch.path("line.jsonl")
        let run = try KioskProcess(
            "simulate", "--plugin-path", directory, "--menu", menu, "--customers", "5", "--seed", "1", "--sinks", "--sink", "jsonl { path \"\(out)\"  name \"line\" }"
        ).run()
        #expect(run.status == 0)
        let fromMenu = try String(contentsOfFile: scratch.path("menu.jsonl"), encoding: .utf8).split(separator: "\n")
        let fromLine = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(fromMenu.filter { $0.contains(#""type":"order.succeeded""#) }.count == 5)
        #expect(fromMenu == fromLine)
    }
}

/// The repository's Python terminal as the checkout's card reader, through the built
/// binary: checked, started, and every payment's steps in the journal.
@Suite struct PluginReaderCommandTests {
    static let menu = """
        kiosk "Juice" currency KRW
        ingredient mango stock 20
        item "Mango Juice" price 3000 needs mango 1
        checkout pay later

        """

    static func plugins(_ scratch: ScratchDirectory) throws -> String {
        let example = try String(contentsOf: Repository.root.appendingPathComponent("plugins/terminal.py"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.path("plugins"), withIntermediateDirectories: true)
        try PluginCommandTests.executable(scratch.path("plugins/terminal.py"), example)
        return scratch.path("plugins")
    }

    @Test func checkFindsAMisspeltReaderOptionAtItsPlace() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginReaderCommandTests.plugins(scratch)
        let bad = try scratch.file("bad.kiosk", PluginReaderCommandTests.menu + "reader terminal { limt 10000 }\n")
        let check = try KioskProcess("check", "--plugin-path", directory, bad).run()
        #expect(check.status == 65)
        #expect(check.stderr.contains("\(bad):5:19: error: unknown property 'limt' for 'terminal reader'"))
        #expect(check.stderr.contains("did you mean 'limit'?"))
        let good = try scratch.file("good.kiosk", PluginReaderCommandTests.menu + "reader terminal { limit 10000 }\n")
        let checked = try KioskProcess("check", "--plugin-path", directory, good).run()
        #expect(checked.status == 0)
        #expect(checked.stdout == "\(good): ok (1 ingredient, 1 item, 0 sinks, reader terminal)\n")
    }

    @Test func aSessionPaysThroughTheReaderPluginAndKeepsEveryStep() throws {
        let scratch = try ScratchDirectory()
        let directory = try PluginReaderCommandTests.plugins(scratch)
        let menu = try scratch.file("menu.kiosk", PluginReaderCommandTests.menu + "reader terminal { limit 10000  wait 1s }\n")
        let state = scratch.path("state")
        let commands = "order mango juice; pay card 4242424242424242; order 4 mango juice; pay card; pay card timeout; pay card offline; pay cash 12000"
        let run = try KioskProcess("--plugin-path", directory, "--menu", menu, "--state", state, "--quiet", "--json", "-c", commands).run()
        #expect(run.status == 1)
        // The offline reader's error says why: the plugin's exit and the end of its log.
        #expect(run.stdout.contains("the card reader is offline; 12,000 is still due — plugin 'terminal': it exited with status 1 before answering the payment — its log ends: terminal: lost the connection to the bank"))
        let dump = try KioskProcess("state", "dump", state).run()
        #expect(dump.status == 0)
        let events = dump.stdout.components(separatedBy: #"{"specversion""#).dropFirst().map { Substring($0) }
        let payments = events.compactMap { line -> String? in
            guard let type = PluginReaderCommandTests.field("type", in: line), type.hasPrefix("payment.") else { return nil }
            let reason = PluginReaderCommandTests.field("reason", in: line).map { " " + $0 } ?? ""
            return type + reason
        }
        #expect(payments == [
            "payment.pending", "payment.in_progress", "payment.completed",
            "payment.pending", "payment.in_progress", "payment.declined over_limit",
            "payment.pending", "payment.in_progress", "payment.timed_out timeout",
            "payment.pending", "payment.in_progress", "payment.timed_out offline",
            "payment.completed",
        ])
    }

    /// A string field of a JSON line, found by its key anywhere in it.
    static func field(_ key: String, in line: Substring) -> String? {
        guard let range = line.range(of: "\"\(key)\":\"") else { return nil }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
}
