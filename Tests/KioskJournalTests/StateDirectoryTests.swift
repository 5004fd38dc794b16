@testable import KioskJournal
import KioskTestSupport
import Testing

/// The names of a state directory's files: positions as twenty zero-padded digits, so a
/// listing sorts as the journal runs.
@Suite struct StateDirectoryTests {
    @Test func positionsAreNamedWithTwentyDigits() {
        #expect(StateDirectory.name(0) == "00000000000000000000")
        #expect(StateDirectory.name(1_441_717) == "00000000000001441717")
        #expect(StateDirectory.name(10_000_000_000_000_000_000) == "10000000000000000000")
        #expect(StateDirectory.name(.max) == "18446744073709551615")
    }

    @Test func segmentAndSnapshotPathsAreReadBackFromAListing() throws {
        let scratch = try ScratchDirectory()
        let directory = StateDirectory(path: scratch.path)
        let segment = directory.segmentPath(base: 86_000)
        let snapshot = directory.snapshotPath(position: 123)
        #expect(segment == scratch.path + "/00000000000000086000.journal")
        _ = try scratch.file("00000000000000086000.journal", "")
        _ = try scratch.file("00000000000000000123.snapshot", "")
        let listing = try directory.list()
        #expect(listing.segments == [86_000] && listing.snapshots == [123])
        #expect(snapshot == scratch.path + "/00000000000000000123.snapshot")
    }
}
