@testable import KioskCore
import Testing

/// The board's ticket store: numbers as indices, removal from the front and the middle,
/// growth over many chunks, and copies that share storage.
@Suite struct TicketStoreTests {
    private func ticket(_ number: Int, station: Int = 0) -> Ticket {
        Ticket(
            number: number, lines: [TicketLine(item: "Mango Juice", quantity: 1, station: station, prep: 60_000)],
            ordered: Timestamp(millisecondsSince1970: Int64(number)), promised: Timestamp(millisecondsSince1970: Int64(number) + 60_000),
            state: .queued, firstPart: Ticket.Part(station: station, prep: 60_000, state: .queued, started: nil), otherParts: [],
            consumed: [], lineTotals: []
        )
    }

    private func store(_ numbers: some Sequence<Int>) -> TicketStore {
        var store = TicketStore()
        for number in numbers { store.append(ticket(number)) }
        return store
    }

    @Test func ticketsAreFoundByTheirNumbersFromWhereverNumberingStarts() {
        let store = store(41...45)
        #expect(store.count == 5)
        #expect(store.ticket(41)?.number == 41)
        #expect(store.ticket(45)?.number == 45)
        #expect(store.ticket(43)?.lines.map(\.item) == ["Mango Juice"])
        #expect(store[43]?.promised == Timestamp(millisecondsSince1970: 43 + 60_000))
        #expect(store[40] == nil)
        #expect(store[46] == nil)
        #expect(store.tickets.map(\.number) == [41, 42, 43, 44, 45])
    }

    @Test func skippedNumbersAreEmptyAndASmallerNumberIsNotAdded() {
        var store = store([1, 2])
        store.append(ticket(5))
        store.append(ticket(3))
        #expect(store.tickets.map(\.number) == [1, 2, 5])
        #expect(store[3] == nil && store[4] == nil)
        #expect(store.end == 6)
    }

    @Test func removingFromTheFrontAndTheMiddleLeavesTheRestInOrder() {
        var store = store(1...6)
        #expect(store.remove(3)?.number == 3)
        #expect(store.remove(3) == nil)
        #expect(store.remove(1)?.number == 1)
        store.drop(2)
        #expect(store.tickets.map(\.number) == [4, 5, 6])
        #expect(store.count == 3)
        #expect(store[2] == nil)
        #expect(store.remove(99) == nil)
    }

    @Test func ticketsAndTheirPartsAreChangedInPlace() {
        var store = store(1...3)
        store.update(2) { $0.state = .preparing }
        store.updatePart(2, 0) { $0.state = .preparing }
        store.updatePart(2, 1) { $0.state = .ready }
        store.update(7) { $0.state = .ready }
        #expect(store[2]?.state == .preparing)
        #expect(store.part(2, 0)?.state == .preparing)
        #expect(store.part(2, 1) == nil)
        #expect(store.ticket(2)?.parts.map(\.state) == [.preparing])
        #expect(store[1]?.state == .queued)
        #expect(store[7] == nil)
        #expect(store.count == 3)
    }

    @Test func aTicketOfSeveralStationsKeepsEveryPart() {
        var store = TicketStore()
        var ticket = ticket(1)
        ticket.otherParts = [Ticket.Part(station: 1, prep: 30_000, state: .queued, started: nil)]
        store.append(ticket)
        store.updatePart(1, 1) { $0.state = .ready }
        #expect(store.ticket(1)?.parts.map(\.station) == [0, 1])
        #expect(store.part(1, 1)?.state == .ready)
        #expect(!store.allPartsReady(1))
        store.updatePart(1, 0) { $0.state = .ready }
        #expect(store.allPartsReady(1))
    }

    @Test func aLongRunKeepsOnlyTheWindowFromTheOldestTicketHeld() {
        var store = TicketStore()
        // One ticket stays while 10,000 pass: the window grows over many chunks.
        store.append(ticket(1))
        for number in 2...10_001 {
            store.append(ticket(number))
            if number > 21 { store.remove(number - 20) }
        }
        #expect(store.count == 21)
        #expect(store.tickets.map(\.number) == [1] + Array(9_982...10_001))
        // The oldest leaves: the front jumps to the next held, and every number before it is gone.
        store.remove(1)
        #expect(store.count == 20)
        #expect(store[1] == nil)
        #expect(store.ticket(9_982)?.number == 9_982)
        #expect(store.tickets.map(\.number) == Array(9_982...10_001))
    }

    @Test func theLastTwentyPickedUpStayForRecallWhileOlderOnesGo() {
        // As a board keeps them: every ticket picked up in turn, the one 21 back removed.
        var store = TicketStore()
        var recallable: [Int] = []
        for number in 1...200 {
            store.append(ticket(number))
            recallable.append(number)
            if recallable.count > Board.recallDepth { store.remove(recallable.removeFirst()) }
        }
        #expect(store.tickets.map(\.number) == Array(181...200))
        #expect(store[180] == nil)
        #expect(store.ticket(181)?.number == 181)
    }

    @Test func anEmptiedStoreStartsAgainAtTheNextNumber() {
        var store = store(1...100)
        for number in 1...100 { store.remove(number) }
        #expect(store.isEmpty)
        #expect(store.tickets.isEmpty)
        store.append(ticket(101))
        store.append(ticket(102))
        #expect(store.tickets.map(\.number) == [101, 102])
        #expect(store[100] == nil)
    }

    @Test func aCopyIsUnchangedByChangesToTheOriginal() {
        var original = store(1...130)
        let copy = original
        original.update(65) { $0.state = .ready }
        original.remove(1)
        original.append(ticket(131))
        #expect(copy.count == 130)
        #expect(copy[65]?.state == .queued)
        #expect(copy.ticket(1)?.number == 1)
        #expect(copy[131] == nil)
        #expect(original[65]?.state == .ready)
        #expect(original != copy)
    }

    @Test func ticketsEitherSideOfAChunkBoundaryAreKeptApart() {
        let size = TicketStore.chunkSize
        var store = store(1...(3 * size))
        for number in [size - 1, size, size + 1, 2 * size, 2 * size + 1] {
            store.update(number) { $0.state = .preparing }
            #expect(store.markReady(number, at: Int64(number)) == true)
        }
        #expect(store[size - 2]?.state == .queued)
        #expect(store[size]?.readyAt == Timestamp(millisecondsSince1970: Int64(size)))
        #expect(store[size + 2]?.readyAt == nil)
        #expect(store[2 * size + 1]?.state == .ready)
        #expect(store.tickets.filter { $0.state == .ready }.map(\.number) == [size - 1, size, size + 1, 2 * size, 2 * size + 1])
        // Removing a whole chunk's worth from the front keeps the rest where they were.
        for number in 1...(size + 1) { store.drop(number) }
        #expect(store.numbers == (size + 2)..<(3 * size + 1))
        #expect(store[2 * size]?.readyAt == Timestamp(millisecondsSince1970: Int64(2 * size)))
    }

    @Test func aNumberFarAheadGrowsTheStoreOverEmptyChunks() {
        var store = store([1])
        let far = 10 * TicketStore.chunkSize + 3
        store.append(ticket(far))
        #expect(store.count == 2)
        #expect(store.numbers == 1..<(far + 1))
        #expect(store[far - 1] == nil && store[TicketStore.chunkSize] == nil)
        store.drop(1)
        #expect(store.numbers == far..<(far + 1))
        #expect(store.ticket(far)?.number == far)
    }

    @Test func everyMoveOnACopyLeavesTheOriginalAsItWas() {
        var original = TicketStore()
        var several = ticket(2)
        several.otherParts = [Ticket.Part(station: 1, prep: 30_000, state: .queued, started: nil)]
        original.append(ticket(1))
        original.append(several)
        for number in 3...300 { original.append(ticket(number)) }
        let before = original.tickets
        var copy = original
        _ = copy.begin(1, part: 0, prep: nil, at: 10)
        _ = copy.finish(1, part: 0, at: 20)
        _ = copy.begin(2, part: 1, prep: nil, at: 30)
        copy.updatePart(2, 0) { $0.state = .preparing }
        _ = copy.release(3, part: 0)
        _ = copy.markReady(257, at: 40)
        copy.drop(4)
        copy.append(ticket(301))
        #expect(original.tickets == before)
        #expect(original.part(2, 1)?.state == .queued)
        #expect(copy[1]?.readyAt == Timestamp(millisecondsSince1970: 20))
        #expect(copy.part(2, 1)?.started == Timestamp(millisecondsSince1970: 30))
        #expect(copy.part(2, 0)?.state == .preparing)
        #expect(copy.part(3, 0)?.state == .ready)
        #expect(copy[257]?.state == .ready)
        #expect(copy.count == 300)
        // And the other way round: the copy keeps what it was given.
        let kept = copy.tickets
        original.drop(1)
        original.update(257) { $0.isLate = true }
        #expect(copy.tickets == kept)
    }

    @Test func aStoreEmptiedWhileACopySharesItFillsAgainWithoutChangingTheCopy() {
        var store = store(1...10)
        let copy = store
        for number in 1...10 { store.drop(number) }
        store.append(ticket(11))
        _ = store.markReady(11, at: 5)
        #expect(store.tickets.map(\.number) == [11])
        #expect(copy.tickets.map(\.number) == Array(1...10))
        #expect(copy[1]?.readyAt == nil && copy[1]?.state == .queued)
    }

    @Test func storesAreEqualByTheirTicketsWhateverTheirHistory() {
        var grown = store(1...70)
        for number in 1...66 { grown.remove(number) }
        let fresh = store(67...70)
        #expect(grown == fresh)
        #expect(grown != store(67...71))
    }
}

/// Tickets of one line, the usual order: kept in their slot, their item by name index and
/// what their order took in a shared entry.
@Suite struct TicketStoreSingleLineTests {
    private let consumed = [IngredientCount(ingredient: "mango", count: 3)]

    private func append(_ store: inout TicketStore, _ number: Int, item: String = "Mango Juice", hint: Int? = 0, quantity: Int = 1,
                        consumed: [IngredientCount]? = nil, lineTotals: [Money] = []) {
        let line = TicketLine(item: item, quantity: quantity, station: 1, prep: 120_000)
        let part = Ticket.Part(station: 1, prep: 90_000, state: .queued, started: nil)
        store.append(number, line: line, hint: hint, part: part, ordered: Int64(number) * 1000, promised: Int64(number) * 1000 + 90_000,
                     consumed: consumed ?? self.consumed, lineTotals: lineTotals)
    }

    @Test func aTicketOfOneLineComesBackWhole() {
        var store = TicketStore()
        append(&store, 7, quantity: 2, lineTotals: [Money(hundredths: 1000)])
        let ticket = store.ticket(7)
        #expect(ticket?.lines == [TicketLine(item: "Mango Juice", quantity: 2, station: 1, prep: 120_000)])
        #expect(ticket?.parts == [Ticket.Part(station: 1, prep: 90_000, state: .queued, started: nil)])
        #expect(ticket?.consumed == consumed)
        #expect(ticket?.lineTotals == [Money(hundredths: 1000)])
        #expect(ticket?.ordered == Timestamp(millisecondsSince1970: 7000))
        #expect(ticket?.promised == Timestamp(millisecondsSince1970: 97_000))
        #expect(store.consumed(7) == consumed)
        #expect(store.stations(of: 7)?.first == 1)
    }

    @Test func itemsAreFoundByNameWithOrWithoutAHintAndAWrongHintIsNotBelieved() {
        var store = TicketStore()
        append(&store, 1, item: "Mango Juice", hint: 0)
        append(&store, 2, item: "Kiwi Juice", hint: 1)
        // The menu changed under the hint: the name, not the number, decides.
        append(&store, 3, item: "Banana Juice", hint: 0)
        append(&store, 4, item: "Mango Juice", hint: nil)
        #expect(store.tickets.map { $0.lines.map(\.item) } == [["Mango Juice"], ["Kiwi Juice"], ["Banana Juice"], ["Mango Juice"]])
    }

    @Test func ordersThatTookOrCostDifferentlyKeepTheirOwn() {
        var store = TicketStore()
        append(&store, 1)
        append(&store, 2, consumed: [IngredientCount(ingredient: "mango", count: 6)], lineTotals: [Money(hundredths: 800)])
        append(&store, 3)
        append(&store, 4, consumed: [], lineTotals: [])
        #expect(store.ticket(1)?.consumed == consumed)
        #expect(store.ticket(2)?.consumed == [IngredientCount(ingredient: "mango", count: 6)])
        #expect(store.ticket(2)?.lineTotals == [Money(hundredths: 800)])
        #expect(store.ticket(3)?.consumed == consumed)
        #expect(store.ticket(4)?.consumed == [])
    }

    @Test func timesAndStatesChangeInTheSlot() {
        var store = TicketStore()
        append(&store, 1)
        store.update(1) {
            $0.state = .ready
            $0.started = Timestamp(millisecondsSince1970: 5)
            $0.readyAt = Timestamp(millisecondsSince1970: 0)
        }
        store.updatePart(1, 0) { $0.started = Timestamp(millisecondsSince1970: 5) }
        #expect(store[1]?.started == Timestamp(millisecondsSince1970: 5))
        #expect(store[1]?.readyAt == Timestamp(millisecondsSince1970: 0))
        #expect(store[1]?.pickedUpAt == nil)
        #expect(store.part(1, 0)?.started == Timestamp(millisecondsSince1970: 5))
        store.update(1) { $0.started = nil }
        #expect(store[1]?.started == nil)
    }

    @Test func aLongRunOfSingleLineTicketsGrowsLeavesFromTheFrontAndKeepsTheLastTwenty() {
        var store = TicketStore()
        var recallable: [Int] = []
        for number in 1...5_000 {
            append(&store, number)
            recallable.append(number)
            if recallable.count > Board.recallDepth { store.drop(recallable.removeFirst()) }
        }
        #expect(store.count == 20)
        #expect(store.numbers == 4_981..<5_001)
        #expect(store[4_980] == nil)
        #expect(store.ticket(4_981)?.lines.first?.item == "Mango Juice")
        for number in 4_981...5_000 { store.drop(number) }
        #expect(store.isEmpty)
        append(&store, 6_000)
        #expect(store.tickets.map(\.number) == [6_000])
    }

    @Test func aCopyKeepsItsSlotsWhenTheOriginalChanges() {
        var original = TicketStore()
        for number in 1...100 { append(&original, number) }
        let copy = original
        original.update(70) { $0.state = .preparing }
        original.drop(3)
        #expect(copy[70]?.state == .queued)
        #expect(copy.ticket(3)?.number == 3)
        #expect(original[70]?.state == .preparing)
        #expect(original[3] == nil)
    }
}

/// How a ticket is stored: 32 bytes for every ticket, its times and an unusual line prep
/// beside it only once it has them.
@Suite struct TicketSlotTests {
    @Test func everyTicketStoresHalfACacheLine() {
        #expect(MemoryLayout<TicketSlot>.stride == 32)
    }

    @Test func aRecordComesBackWholeFromItsSlotAndTimes() {
        var record = TicketRecord(ordered: 1_000, promised: 61_000, state: .ready, firstPartPrep: 60_000, firstPartState: .ready)
        record.line = 3
        record.linePrep = 60_000
        #expect(record.times == nil)
        #expect(TicketRecord(slot: record.slot, times: TicketTimes()) == record)
        record.started = Timestamp(millisecondsSince1970: 2_000)
        record.readyAt = Timestamp(millisecondsSince1970: 62_000)
        record.pickedUpAt = Timestamp(millisecondsSince1970: 0)
        record.linePrep = 45_000
        record.isLate = true
        let times = record.times
        #expect(times == TicketTimes(started: 2_000, readyAt: 62_000, pickedUpAt: 0, linePrep: 45_000))
        #expect(TicketRecord(slot: record.slot, times: times ?? TicketTimes()) == record)
    }

    @Test func aPartWhosePrepChangesKeepsItsLinesPrep() {
        var store = TicketStore()
        let line = TicketLine(item: "Mango Juice", quantity: 1, station: 0, prep: 60_000)
        store.append(1, line: line, hint: 0, part: Ticket.Part(station: 0, prep: 60_000, state: .queued, started: nil), ordered: 0,
                     promised: 60_000, consumed: [], lineTotals: [])
        store.updatePart(1, 0) {
            $0.prep = 20_000
            $0.state = .preparing
            $0.started = Timestamp(millisecondsSince1970: 5)
        }
        #expect(store.ticket(1)?.lines == [line])
        #expect(store.part(1, 0) == Ticket.Part(station: 0, prep: 20_000, state: .preparing, started: Timestamp(millisecondsSince1970: 5)))
        #expect(store[1]?.started == Timestamp(millisecondsSince1970: 5))
    }
}
