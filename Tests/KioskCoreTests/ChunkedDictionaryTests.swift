@testable import KioskCore
import Testing

/// `ChunkedDictionary`: a dictionary's answers, with copies that never see each other's
/// changes, and equality that does not depend on how it was built.
@Suite struct ChunkedDictionaryTests {
    @Test func itAnswersAsADictionary() {
        var table = ChunkedDictionary<Int>()
        var plain: [UInt64: Int] = [:]
        // Keys across many chunks, set, changed and removed in a scrambled order.
        for step in 0..<2_000 {
            let key = UInt64((step * 7_919) % 1_500)
            let value: Int? = step % 5 == 0 ? nil : step
            table[key] = value
            plain[key] = value
        }
        #expect(table.count == plain.count && table.isEmpty == plain.isEmpty)
        #expect(table.sorted.map(\.key) == plain.keys.sorted())
        #expect(table.sorted.map(\.value) == plain.sorted { $0.key < $1.key }.map(\.value))
        #expect(table == ChunkedDictionary(plain))
        #expect(table.hashValue == ChunkedDictionary(plain).hashValue)
        table[3, default: 0] += 1
        #expect(table[3] == (plain[3] ?? 0) + 1)
    }

    @Test func aCopyNeverSeesTheOriginalsChanges() {
        var original = ChunkedDictionary([1: "a", 2: "b", 200: "c"])
        let copy = original
        original[2] = "B"
        original[300] = "d"
        original[1] = nil
        #expect(copy.sorted.map(\.value) == ["a", "b", "c"] && copy.count == 3)
        #expect(original.sorted.map(\.value) == ["B", "c", "d"] && original.count == 3)
        #expect(copy != original)
    }

    @Test func keysBelowABoundAreLetGo() {
        var table = ChunkedDictionary<Int>()
        for key in 0..<500 as Range<UInt64> { table[key] = Int(key) }
        let before = table
        table.removeKeys(below: 130)
        #expect(table.count == 370 && table.sorted.first?.key == 130 && table[129] == nil && table[130] == 130)
        #expect(before.count == 500 && before[0] == 0, "the copy keeps its keys")
        table.removeKeys(below: 1_000)
        #expect(table.isEmpty && table == ChunkedDictionary())
    }
}
