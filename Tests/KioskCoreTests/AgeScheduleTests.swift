@testable import KioskCore
import Testing

/// The warn and late marks as cursors over ticket numbers: first in, first out, in time
/// order across settings, ties as the board scheduled them, and tickets skipped once
/// their marks no longer apply.
@Suite struct AgeScheduleTests {
    /// Tickets made at `ordered[number]`, warn after 5 and late after 8 (milliseconds).
    private func schedule(_ ordered: [Int: Int64], warn: Int64 = 5, late: Int64 = 8) -> AgeSchedule {
        var ages = AgeSchedule()
        for number in ordered.keys.sorted() { ages.admit(number, ordered: ordered[number] ?? 0, warn: warn, late: late) }
        return ages
    }

    /// Takes every mark in order, as the board fires them.
    private func drain(_ ages: inout AgeSchedule, ordered: [Int: Int64], skipping dead: Set<Int> = []) -> [String] {
        var fired: [String] = []
        while let mark = ages.next {
            fired.append("\(mark.isLate ? "late" : "warn") \(mark.ticket) @\(mark.time)")
            ages.pass(run: mark.run, late: mark.isLate, from: mark.ticket + 1, applies: { !dead.contains($0) }, ordered: { ordered[$0] })
        }
        return fired
    }

    @Test func marksComeDueInTicketOrderWithAWarnBeforeTheLateOfTheSameTime() {
        let ordered: [Int: Int64] = [1: 0, 2: 3, 3: 3]
        var ages = schedule(ordered)
        #expect(drain(&ages, ordered: ordered) == [
            "warn 1 @5", "late 1 @8", "warn 2 @8", "warn 3 @8", "late 2 @11", "late 3 @11",
        ])
    }

    @Test func ticketsWhoseMarksNoLongerApplyAreSkipped() {
        let ordered: [Int: Int64] = [1: 0, 2: 1, 3: 2, 4: 3]
        var ages = schedule(ordered)
        #expect(drain(&ages, ordered: ordered, skipping: [2, 3]) == ["warn 1 @5", "late 1 @8", "warn 4 @8", "late 4 @11"])
    }

    @Test func numbersSkippedBetweenTicketsAreNeverDue() {
        let ordered: [Int: Int64] = [1: 0, 7: 2]
        var ages = schedule(ordered)
        #expect(drain(&ages, ordered: ordered, skipping: Set(2...6)) == ["warn 1 @5", "warn 7 @7", "late 1 @8", "late 7 @10"])
        // Drained: a new ticket starts the cursors again at its own number.
        ages.admit(9, ordered: 20, warn: 5, late: 8)
        #expect(ages.next == AgeSchedule.Mark(time: 25, ticket: 9, isLate: false, run: 0))
    }

    @Test func shorterMarksAfterASettingsChangeComeDueBeforeOlderTicketsLongerOnes() {
        var ages = AgeSchedule()
        ages.admit(1, ordered: 0, warn: 50, late: 80)
        ages.admit(2, ordered: 10, warn: 50, late: 80)
        ages.admit(3, ordered: 20, warn: 5, late: 8)
        ages.admit(4, ordered: 21, warn: 5, late: 8)
        #expect(ages.runs.count == 2)
        var copy = ages
        let ordered: [Int: Int64] = [1: 0, 2: 10, 3: 20, 4: 21]
        #expect(drain(&copy, ordered: ordered) == [
            "warn 3 @25", "warn 4 @26", "late 3 @28", "late 4 @29", "warn 1 @50", "warn 2 @60", "late 1 @80", "late 2 @90",
        ])
        copy.dropDoneRuns()
        #expect(copy.runs.count == 1)
        #expect(ages.pending(applies: { number, _ in number != 2 }, ordered: { ordered[$0] }).map(\.ticket) == [3, 4, 3, 4, 1, 1])
    }

    @Test func aMillionTicketsNeedNoEntryOfTheirOwn() {
        var ages = AgeSchedule()
        for number in 1...1_000_000 { ages.admit(number, ordered: Int64(number), warn: 5, late: 8) }
        #expect(ages.runs.count == 1)
        #expect(ages.next == AgeSchedule.Mark(time: 6, ticket: 1, isLate: false, run: 0))
    }
}
