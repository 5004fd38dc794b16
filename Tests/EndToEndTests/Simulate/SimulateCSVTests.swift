import Foundation
import KioskTestSupport
import Testing

/// Where `kiosk simulate --csv` may write: a file, or a pipe something reads; never an
/// `open` that waits for a reader who may never come.
///
/// The bound is thirty seconds for a run of three customers, which takes milliseconds:
/// a machine busy with other builds stays far below it, while a kiosk stuck in `open` on
/// a FIFO never ends at all.
@Suite struct SimulateCSVTests {
    /// A pipe is a fine `--csv` file when something reads it (`--csv >(gzip > day.gz)`);
    /// a FIFO nobody reads is refused at once rather than waited on.
    @Test func aCSVFIFONobodyReadsIsRefusedAtOnceAndOneSomeoneReadsIsWritten() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.path("customers.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        var nobody = KioskProcess("simulate", "--seed", "1", "--customers", "3", "--csv", fifo)
        nobody.timeout = .seconds(30)
        let refused = try nobody.run()
        #expect(refused.status == 73)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "kiosk simulate: cannot write '\(fifo)': is a FIFO nobody reads\n")

        // Three customers' rows fit in the pipe: the reader takes them after kiosk exits.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        var someone = KioskProcess("simulate", "--seed", "1", "--customers", "3", "--csv", fifo)
        someone.timeout = .seconds(30)
        let written = try someone.run()
        #expect(written.status == 0)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &buffer, buffer.count)
        let rows = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).split(separator: "\n")
        #expect(rows.first?.hasPrefix("customer,arrival,") == true)
        #expect(rows.count == 4)
    }
}
