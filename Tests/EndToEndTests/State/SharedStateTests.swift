import Foundation
import KioskCore
import KioskTestSupport
import KioskText
import Synchronization
import Testing

/// Two kiosks on one `--state`: each decides on what the other did, so nothing is oversold
/// and no edit is lost.
@Suite struct SharedStateTests {
    static let menu = """
    kiosk "Shared"
    ingredient mango stock 5
    item "Mango Juice" needs mango 1

    """

    /// A kiosk in `--json` conversation: one command, wait for its one line, the next.
    final class Terminal: @unchecked Sendable {
        let kiosk: RunningKiosk
        private let output: FileHandle
        private var pending = Data()

        init(state: String, menu: String, more: [String] = [], environment: [String: String] = [:]) throws {
            kiosk = try RunningKiosk(arguments: ["--state", state, "--menu", menu, "--json"] + more, environment: environment)
            output = try FileHandle(forReadingFrom: kiosk.stdoutURL)
        }

        /// Sends a command and returns its JSON result line.
        func ask(_ command: String) throws -> [String: Any] {
            kiosk.send(command)
            var line: Data?
            try waitFor("'\(command)' to be answered", every: 0.0005) {
                pending += output.availableData
                guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return false }
                line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                return true
            }
            return try #require(try JSONSerialization.jsonObject(with: line ?? Data()) as? [String: Any])
        }

        func mango() throws -> Int {
            let stock = try ask("stock")
            let ingredients = (stock["result"] as? [String: Any])?["ingredients"] as? [[String: Any]]
            return try #require(ingredients?.first { $0["name"] as? String == "mango" }?["stock"] as? Int)
        }
    }

    @Test func twoProcessesNeverOversellAndLoseNoEdit() throws {
        try twoProcessesTakeTurns(rounds: 200)
    }

    /// The same with segments of 4 KiB: each process rolls to new segments under the other,
    /// and each still sees every record the other appends after it.
    @Test func twoProcessesNeverOversellAndLoseNoEditAcrossSegmentRolls() throws {
        try twoProcessesTakeTurns(rounds: 60, environment: ["KIOSK_JOURNAL_SEGMENT_BYTES": "4096"])
    }

    private func twoProcessesTakeTurns(rounds: Int, environment: [String: String] = [:]) throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("shared.kiosk", SharedStateTests.menu)
        let state = scratch.url.appendingPathComponent("state").path
        let terminals = [
            try Terminal(state: state, menu: menu, environment: environment),
            try Terminal(state: state, menu: menu, environment: environment),
        ]
        for round in 0..<rounds {
            _ = try terminals[0].ask("stock set mango 5")
            // Both order four at once, one order at a time each: eight asks for five.
            let made = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                for _ in 0..<4 {
                    if let result = try? terminals[side].ask("order mango juice"), result["ok"] as? Bool == true {
                        made.add(1, ordering: .relaxed)
                    }
                }
            }
            #expect(made.load(ordering: .relaxed) == 5, "round \(round): sold from a stock of 5")
            // Both add at once: neither edit may be lost.
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                _ = try? terminals[side].ask("stock add mango \(side + 2)")
            }
            #expect(try terminals[0].mango() == 5, "round \(round)")
            #expect(try terminals[1].mango() == 5, "round \(round)")
        }
        // A refused order makes the exit status 1, and every round refuses three — but which
        // side is refused is a race a loaded machine may let one side win every time: only
        // a crash would give another status.
        let statuses = terminals.map { $0.kiosk.finish() }
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 1 } && statuses.contains(1), "\(statuses)")
        let dump = try KioskProcess("state", "dump", state).run()
        #expect(try StateDump.fold(dump.stdout)["mango"] == 5, "the dump folded by hand agrees")
        let history = try KioskProcess("--state", state, "--menu", menu, "--json", "-c", "report").run()
        let report = try #require(JSONValue(parsing: Array(history.stdout.utf8))?["result"])
        #expect(report["made"]?.int == rounds * 5)
        #expect(report["refused"]?.int == rounds * 3)
        if !environment.isEmpty {
            // Snapshots compact the old segments away: the newest one's name says how many rolled.
            let segments = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasSuffix(".journal") }
            let newest = segments.compactMap { UInt64($0.dropLast(".journal".count)) }.max() ?? 0
            #expect(newest >= 10 * 4096, "the segments rolled")
        }
    }
}
