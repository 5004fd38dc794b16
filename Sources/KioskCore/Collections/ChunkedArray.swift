/// An array that is copied a chunk at a time.
///
/// A copy shares every chunk; changing an element of one copy then copies only the list
/// of chunks and the one chunk that holds the element. A session keeps the kiosk as it was
/// before each transaction, to put back if the commit fails: with the ledger's totals in
/// plain arrays, the first order after that copy would copy every item's line, a cost that
/// grows with the menu. With chunks it copies one chunk whatever the size of the menu.
public struct ChunkedArray<Element> {
    /// Elements per chunk: a power of two, so an index splits with a shift and a mask.
    static var chunkShift: Int { 6 }
    static var chunkSize: Int { 1 << chunkShift }

    /// Never changed while shared: a change to a shared chunk replaces it with a copy.
    private final class Chunk {
        // Only ever changed through a uniquely referenced chunk: no dynamic access check.
        @exclusivity(unchecked) var elements: [Element]

        init(_ elements: [Element]) {
            self.elements = elements
        }
    }

    private var chunks: [Chunk] = []
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    public mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var elements: [Element] = []
            elements.reserveCapacity(Self.chunkSize)
            elements.append(element)
            chunks.append(Chunk(elements))
        } else {
            let last = chunks.count - 1
            makeChunkUnique(last)
            chunks[last].elements.append(element)
        }
        count += 1
    }

    private mutating func makeChunkUnique(_ chunk: Int) {
        if !isKnownUniquelyReferenced(&chunks[chunk]) {
            chunks[chunk] = Chunk(chunks[chunk].elements)
        }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        @inline(__always) get {
            precondition(position >= 0 && position < count, "index out of range")
            return chunks[position >> Self.chunkShift].elements[position & (Self.chunkSize - 1)]
        }
        _modify {
            precondition(position >= 0 && position < count, "index out of range")
            let chunk = position >> Self.chunkShift
            makeChunkUnique(chunk)
            yield &chunks[chunk].elements[position & (Self.chunkSize - 1)]
        }
    }
}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension ChunkedArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

// Chunks are shared between copies but never changed while shared (copy on write), so a
// copy sent to another thread sees only values.
extension ChunkedArray: @unchecked Sendable where Element: Sendable {}
