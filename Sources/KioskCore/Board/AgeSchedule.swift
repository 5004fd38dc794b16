/// When tickets reach the board's `warn` and `late` ages, without an entry per ticket.
///
/// Tickets are numbered in the order they are made, and a ticket's marks fall a constant
/// time after it was made, so the marks of tickets made under the same settings come due
/// in number order: two cursors over the numbers (the next ticket to warn, the next to go
/// late) are the whole queue. Settings that change (a menu reload) start a new run of
/// numbers with its own cursors; the next mark is the earliest of a few cursors.
///
/// The board moves the cursors: a cursor never stops on a ticket whose mark no longer
/// applies (marks stop applying for good once a ticket leaves the kitchen or is late),
/// and it passes a ticket once its mark has fired or been settled.
struct AgeSchedule: Sendable {
    /// Tickets made under one `warn` and `late`, numbered from `first` to before `end`.
    struct Run: Sendable {
        let warn: Int64
        let late: Int64
        var end: Int
        /// The next ticket whose warn mark is due, and when; `end` when none is.
        var nextWarn: Int
        var warnDue: Int64 = 0
        var nextLate: Int
        var lateDue: Int64 = 0

        var isDone: Bool { nextWarn >= end && nextLate >= end }
    }

    /// A mark that comes due.
    struct Mark: Sendable, Hashable, Comparable {
        let time: Int64
        let ticket: Int
        let isLate: Bool
        /// Which run it is the head of.
        let run: Int

        /// In time order; at the same time in the order the board scheduled them: by
        /// ticket, a ticket's warn before its late.
        static func < (lhs: Mark, rhs: Mark) -> Bool {
            (lhs.time, lhs.ticket, lhs.isLate ? 1 : 0) < (rhs.time, rhs.ticket, rhs.isLate ? 1 : 0)
        }
    }

    private(set) var runs: [Run] = []

    init() {}

    /// The schedule of `runs` as a snapshot kept them, each cursor's due time found again
    /// from its ticket's order time (`ordered`; a cursor on a ticket it does not know is
    /// passed by the board's next prune).
    init(runs saved: [BoardSnapshot.AgeRun], ordered: (Int) -> Int64?) {
        runs = saved.map { run in
            func due(_ number: Int, _ offset: Int64) -> Int64 {
                guard number < run.end, let made = ordered(number) else { return 0 }
                return Timestamp(millisecondsSince1970: made).adding(milliseconds: offset).millisecondsSince1970
            }
            return Run(
                warn: run.warn, late: run.late, end: run.end, nextWarn: run.nextWarn, warnDue: due(run.nextWarn, run.warn),
                nextLate: run.nextLate, lateDue: due(run.nextLate, run.late)
            )
        }
    }

    var isEmpty: Bool { runs.isEmpty }

    /// Adds ticket `number`, made at `ordered`, larger than every number added before.
    ///
    /// - Returns: the earliest of its marks when it is now at the head of a cursor (its
    ///   marks may be the next due), `nil` when tickets before it come due first.
    @discardableResult
    mutating func admit(_ number: Int, ordered: Int64, warn: Int64, late: Int64) -> Int64? {
        // The usual case, a ticket behind others still waiting for both marks: one store.
        let last = runs.count - 1
        if last >= 0 {
            let run = runs[last]
            if run.warn == warn, run.late == late, run.nextWarn < run.end, run.nextLate < run.end {
                runs[last].end = number + 1
                return nil
            }
        }
        let warnDue = Timestamp(millisecondsSince1970: ordered).adding(milliseconds: warn).millisecondsSince1970
        let lateDue = Timestamp(millisecondsSince1970: ordered).adding(milliseconds: late).millisecondsSince1970
        guard let last = runs.indices.last, runs[last].warn == warn, runs[last].late == late else {
            runs.append(Run(warn: warn, late: late, end: number + 1, nextWarn: number, warnDue: warnDue, nextLate: number, lateDue: lateDue))
            return min(warnDue, lateDue)
        }
        // Numbers skipped since the run's end were never made: nothing to mark.
        var head: Int64?
        if runs[last].nextWarn >= runs[last].end {
            runs[last].nextWarn = number
            runs[last].warnDue = warnDue
            head = warnDue
        }
        if runs[last].nextLate >= runs[last].end {
            runs[last].nextLate = number
            runs[last].lateDue = lateDue
            head = min(head ?? lateDue, lateDue)
        }
        runs[last].end = number + 1
        return head
    }

    /// The earliest mark at the head of a run, whether it still applies or not.
    var next: Mark? {
        var best: Mark?
        for (index, run) in runs.enumerated() {
            if run.nextWarn < run.end {
                let mark = Mark(time: run.warnDue, ticket: run.nextWarn, isLate: false, run: index)
                if best.map({ mark < $0 }) ?? true { best = mark }
            }
            if run.nextLate < run.end {
                let mark = Mark(time: run.lateDue, ticket: run.nextLate, isLate: true, run: index)
                if best.map({ mark < $0 }) ?? true { best = mark }
            }
        }
        return best
    }

    /// Moves a run's warn or late cursor on from its head to the first ticket after it
    /// that `applies`, with that ticket's due time from `ordered`.
    mutating func pass(
        run index: Int, late: Bool, from start: Int? = nil, applies: (Int) -> Bool, ordered: (Int) -> Int64?
    ) {
        var number = start ?? ((late ? runs[index].nextLate : runs[index].nextWarn) + 1)
        let end = runs[index].end
        var made: Int64?
        while number < end {
            if applies(number), let time = ordered(number) {
                made = time
                break
            }
            number += 1
        }
        let offset = late ? runs[index].late : runs[index].warn
        let due = made.map { Timestamp(millisecondsSince1970: $0).adding(milliseconds: offset).millisecondsSince1970 } ?? 0
        if late {
            runs[index].nextLate = number
            runs[index].lateDue = due
        } else {
            runs[index].nextWarn = number
            runs[index].warnDue = due
        }
    }

    /// Forgets runs every mark of which has passed, but the last (new tickets join it).
    mutating func dropDoneRuns() {
        guard runs.count > 1, runs.dropLast().contains(where: \.isDone) else { return }
        let last = runs.removeLast()
        runs.removeAll(where: \.isDone)
        runs.append(last)
    }

    /// Every mark still to come from the cursors on, that `applies`: for comparing boards.
    func pending(applies: (Int, Bool) -> Bool, ordered: (Int) -> Int64?) -> [Mark] {
        var marks: [Mark] = []
        for (index, run) in runs.enumerated() {
            for (late, from, offset) in [(false, run.nextWarn, run.warn), (true, run.nextLate, run.late)] {
                for number in from..<max(from, run.end) where applies(number, late) {
                    guard let made = ordered(number) else { continue }
                    let time = Timestamp(millisecondsSince1970: made).adding(milliseconds: offset).millisecondsSince1970
                    marks.append(Mark(time: time, ticket: number, isLate: late, run: index))
                }
            }
        }
        return marks.map { Mark(time: $0.time, ticket: $0.ticket, isLate: $0.isLate, run: 0) }.sorted()
    }
}
