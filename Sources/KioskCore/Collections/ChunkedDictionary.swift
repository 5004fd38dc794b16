/// A dictionary of `UInt64` keys copied a chunk at a time, as `ChunkedArray` is.
///
/// A session keeps the kiosk as it was before each transaction, to put back if the commit
/// fails: with what recent orders were paid in one plain dictionary, every payment after
/// that copy would copy the whole dictionary — two thousand orders' entries, and free them
/// again at the commit. Here keys that share all but their low bits share a chunk, and a
/// change copies the list of chunks and the one chunk it lands in.
public struct ChunkedDictionary<Value> {
    /// Keys per chunk: consecutive keys (orders' `seq`s) fill one chunk before the next.
    static var chunkShift: UInt64 { 6 }

    /// Never changed while shared: a change to a shared chunk replaces it with a copy.
    private final class Chunk {
        @exclusivity(unchecked) var entries: [UInt64: Value]

        init(_ entries: [UInt64: Value]) {
            self.entries = entries
        }
    }

    private var chunks: [UInt64: Chunk] = [:]
    public private(set) var count = 0

    public init() {}

    public init(_ entries: [UInt64: Value]) {
        for (key, value) in entries { self[key] = value }
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(key: UInt64) -> Value? {
        get { chunks[key >> Self.chunkShift]?.entries[key] }
        set {
            let index = key >> Self.chunkShift
            // Taken out of the list while it changes, so that only the copies that share it
            // hold it: unique then means no copy sees the change.
            guard var chunk = chunks.removeValue(forKey: index) else {
                guard let newValue else { return }
                chunks[index] = Chunk([key: newValue])
                count += 1
                return
            }
            if !isKnownUniquelyReferenced(&chunk) { chunk = Chunk(chunk.entries) }
            if let newValue {
                if chunk.entries.updateValue(newValue, forKey: key) == nil { count += 1 }
            } else if chunk.entries.removeValue(forKey: key) != nil {
                count -= 1
            }
            if !chunk.entries.isEmpty { chunks[index] = chunk }
        }
    }

    /// `self[key]` with `value` in place of `nil`, changed in place.
    public subscript(key: UInt64, default value: @autoclosure () -> Value) -> Value {
        get { self[key] ?? value() }
        set { self[key] = newValue }
    }

    /// Lets go of every key below `bound`.
    public mutating func removeKeys(below bound: UInt64) {
        let boundChunk = bound >> Self.chunkShift
        for index in chunks.keys where index <= boundChunk {
            if index < boundChunk {
                count -= chunks[index]?.entries.count ?? 0
                chunks[index] = nil
            } else {
                let kept = (chunks[index]?.entries ?? [:]).filter { $0.key >= bound }
                count -= (chunks[index]?.entries.count ?? 0) - kept.count
                chunks[index] = kept.isEmpty ? nil : Chunk(kept)
            }
        }
    }

    /// Every entry, by key.
    public var sorted: [(key: UInt64, value: Value)] {
        chunks.keys.sorted().flatMap { index in (chunks[index]?.entries ?? [:]).sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) } }
    }
}

// Chunks are never changed while shared (a change copies a shared one first), so a copy
// on another thread sees only chunks nobody changes.
extension ChunkedDictionary: @unchecked Sendable where Value: Sendable {}

extension ChunkedDictionary: Equatable where Value: Equatable {
    public static func == (lhs: ChunkedDictionary, rhs: ChunkedDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.chunks.allSatisfy { index, chunk in
            rhs.chunks[index].map { $0 === chunk || $0.entries == chunk.entries } ?? false
        }
    }
}

extension ChunkedDictionary: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        // Entries in key order, whatever the chunks' order.
        for entry in sorted {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
