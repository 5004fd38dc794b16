import KioskCore
import Testing

@Suite struct ChunkedArrayTests {
    @Test(arguments: [0, 1, 63, 64, 65, 200])
    func holdsWhatWasAppendedInOrder(count: Int) {
        var chunked = ChunkedArray<Int>()
        for value in 0..<count { chunked.append(value * 3) }
        #expect(chunked.count == count)
        #expect(Array(chunked) == (0..<count).map { $0 * 3 })
        #expect(chunked.indices == 0..<count)
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = ChunkedArray((0..<300).map { "line \($0)" })
        var copy = original
        copy[0] = "changed"
        copy[130] = "changed too"
        copy.append("appended")
        #expect(original.count == 300)
        #expect(Array(original) == (0..<300).map { "line \($0)" })
        #expect(copy.count == 301)
        #expect(copy[0] == "changed" && copy[130] == "changed too" && copy[300] == "appended")
        #expect(Array(copy[1..<130]) == Array(original[1..<130]))
        #expect(copy != original)
    }

    @Test func anAppendToACopyLeavesTheOriginalsLastChunkAlone() {
        var original = ChunkedArray([1, 2, 3])
        var copy = original
        copy.append(4)
        original.append(5)
        #expect(Array(original) == [1, 2, 3, 5])
        #expect(Array(copy) == [1, 2, 3, 4])
    }

    @Test func equalContentsAreEqualAndHashAlike() {
        var built = ChunkedArray<Int>()
        for value in 0..<100 { built.append(value) }
        let literal: ChunkedArray = ChunkedArray(0..<100)
        #expect(built == literal)
        #expect(built.hashValue == literal.hashValue)
    }
}
