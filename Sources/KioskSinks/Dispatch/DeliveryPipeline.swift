import KioskCore
import KioskJournal

/// Hands what the runner read to its sink and moves the cursor past what was delivered,
/// never further: that is what keeps delivery at least once.
///
/// An ordinary sink gets each batch through the `SinkSender`, which returns once the batch
/// is settled. A pipelined sink (MQTT) keeps batches in flight — waiting for one batch's
/// acknowledgements would stall the next — so the events it holds are kept here, each with
/// the position of its record, until it reports them delivered; when it fails, the sender
/// settles every one of them before anything more is submitted.
struct DeliveryPipeline {
    /// Where the cursor stands.
    private(set) var mark: CursorFile.Mark
    private let cursor: SinkCursor
    private let sender: SinkSender
    private let pipelined: (any PipelinedSink)?
    /// A pipelined sink's events not yet reported delivered, oldest first.
    private var inFlight: [Event] = []
    /// The position of each one's record.
    private var positions: [UInt64] = []
    /// Where reading stopped after the newest event in flight.
    private var readUpTo: UInt64 = 0

    init(from mark: CursorFile.Mark, cursor: SinkCursor, sender: SinkSender) {
        self.mark = mark
        self.cursor = cursor
        self.sender = sender
        pipelined = sender.sink as? any PipelinedSink
    }

    /// Delivers `batch`, read from the records at `positions`, reading having stopped at
    /// `readUpTo`. Returns `false` when the stop deadline came first.
    mutating func deliver(_ batch: [Event], at positions: [UInt64], readUpTo: UInt64) -> Bool {
        if let pipelined {
            inFlight += batch
            self.positions += positions
            self.readUpTo = readUpTo
            return hand(batch[...], to: pipelined)
        }
        let delivered = sender.deliver(batch[...])
        if delivered == batch.count {
            mark = CursorFile.Mark(position: readUpTo, sequence: batch[batch.count - 1].sequence)
        } else if delivered > 0 {
            mark = CursorFile.Mark(position: positions[delivered], sequence: batch[delivered - 1].sequence)
        }
        cursor.save(mark)
        return delivered == batch.count
    }

    /// Nothing more to read for now: flushes a pipelined sink, and moves the cursor past
    /// records that held no event the sink takes, so they are not read again. Returns
    /// `false` when the stop deadline came first.
    mutating func caughtUp(readUpTo position: UInt64) -> Bool {
        if let pipelined, !inFlight.isEmpty {
            guard hand(nil, to: pipelined) else { return false }
        }
        if position > mark.position {
            mark = CursorFile.Mark(position: position, sequence: mark.sequence)
            cursor.save(mark)
        }
        return true
    }

    /// Submits `batch` (`nil`: flushes) and moves the cursor past what the sink reports
    /// delivered. When the sink fails, settles everything in flight — retries, back-off,
    /// failures recorded — so the pipeline starts empty again.
    private mutating func hand(_ batch: ArraySlice<Event>?, to sink: any PipelinedSink) -> Bool {
        do throws(BatchFailure) {
            let delivered = if let batch { try sink.submit(batch) } else { try sink.flush() }
            sender.status.count(delivered: delivered)
            advance(delivered)
            return true
        } catch {
            sender.status.count(delivered: error.delivered)
            advance(error.delivered)
            advance(sender.deliver(inFlight[...]))
            return inFlight.isEmpty
        }
    }

    /// Forgets the oldest `count` events in flight, delivered, and moves the cursor past them.
    private mutating func advance(_ count: Int) {
        guard count > 0 else { return }
        let position = count == inFlight.count ? readUpTo : positions[count]
        mark = CursorFile.Mark(position: position, sequence: inFlight[count - 1].sequence)
        inFlight.removeFirst(count)
        positions.removeFirst(count)
        cursor.save(mark)
    }
}
