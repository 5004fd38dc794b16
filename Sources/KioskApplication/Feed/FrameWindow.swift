import KioskCore

/// The newest frames of an `EventFeed`, oldest first, within a byte budget.
///
/// Frames leave a record at a time, oldest first, so the window always starts at the first
/// event of a record: a reader that has read the journal up to `firstPosition` finds every
/// later event here.
struct FrameWindow {
    struct Frame {
        let sequence: UInt64
        let type: EventType
        /// Where the event's record starts in the journal.
        let position: UInt64
        let bytes: [UInt8]
    }

    /// What `frames(after:types:room:)` found.
    struct Slice {
        var bytes: [UInt8] = []
        /// The sequence number of the last event passed: copied, or left out by the types.
        var passed: UInt64
        /// The events after the asked-for number have left the window.
        var tooSlow = false
    }

    private var frames: [Frame] = []
    /// The index of the oldest frame held: frames before it have left.
    private var head = 0
    private(set) var bytes = 0
    /// The position after the last record read.
    private(set) var endPosition: UInt64 = 0
    /// The sequence number of the last event read.
    private(set) var lastSequence: UInt64 = 0

    var isEmpty: Bool { head == frames.count }

    /// Where the first frame's record starts; the end of what was read when there is none.
    var firstPosition: UInt64 { isEmpty ? endPosition : frames[head].position }

    /// The sequence number before the first frame's: a reader that has passed it reads on
    /// from the window.
    var sequenceBeforeFirst: UInt64 { isEmpty ? lastSequence : frames[head].sequence - 1 }

    mutating func start(at position: UInt64, after sequence: UInt64) {
        endPosition = position
        lastSequence = sequence
    }

    /// The feed read records without events up to `position`.
    mutating func reached(_ position: UInt64) {
        endPosition = max(endPosition, position)
    }

    /// Adds frames read up to `position`, then lets the oldest records go while the window
    /// holds more than `limit` bytes (never the newest record).
    mutating func append(_ new: [Frame], reaching position: UInt64, limit: Int) {
        for frame in new {
            frames.append(frame)
            bytes += frame.bytes.count
            lastSequence = max(lastSequence, frame.sequence)
        }
        reached(position)
        while bytes > limit, let last = frames.last, frames[head].position != last.position {
            let record = frames[head].position
            while frames[head].position == record {
                bytes -= frames[head].bytes.count
                head += 1
            }
        }
        // Drop what has left now and then, not at every frame.
        if head > 4096, head * 2 > frames.count {
            frames.removeFirst(head)
            head = 0
        }
    }

    /// The frames after `sequence` that `types` accepts, in order, while they fit in `room`
    /// bytes — and the first of them even when it does not.
    func frames(after sequence: UInt64, types: EventTypes, room: Int) -> Slice {
        var slice = Slice(passed: sequence)
        guard sequence >= sequenceBeforeFirst else {
            slice.tooSlow = true
            return slice
        }
        var index = firstIndex(after: sequence)
        while index < frames.count {
            let frame = frames[index]
            if types.contains(frame.type) {
                guard slice.bytes.isEmpty || slice.bytes.count + frame.bytes.count <= room else { break }
                slice.bytes.append(contentsOf: frame.bytes)
            }
            slice.passed = frame.sequence
            index += 1
        }
        return slice
    }

    /// The index of the first frame whose sequence number is above `sequence`.
    private func firstIndex(after sequence: UInt64) -> Int {
        var low = head
        var high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
