import KioskCore

/// The lines and the consumed counts of the last `order.succeeded` written or read, with
/// their bytes. A journal of orders repeats them record after record: the encoder copies
/// the bytes of an equal part instead of encoding it again, the decoder shares the value of
/// equal bytes instead of decoding new strings and arrays.
///
/// A part is known by its contents, never by where it is: the encoder compares values
/// (`==` on arrays looks at their storage first, so a run of orders sharing one array costs
/// a comparison of two pointers), the decoder bytes. A part's encoding ends itself (a
/// count, then that many entries), so equal bytes are an equal part, of the same length.
///
/// Whoever writes or reads a run of records keeps one, mutable state of its own: the
/// journal's appender, a scan of records.
package struct RepeatedParts: Sendable {
    struct Part<Value: Equatable & Sendable>: Sendable {
        /// Empty until a part is learned: no part encodes to no bytes.
        var bytes: [UInt8] = []
        var value: Value

        /// Whether `candidate` is the part whose bytes are kept.
        @inline(__always)
        func holds(_ candidate: Value) -> Bool {
            !bytes.isEmpty && candidate == value
        }

        /// Keeps `value`, whose bytes are `range` of what `writer` holds.
        mutating func learn(_ value: Value, at range: Range<Int>, of writer: borrowing ByteWriter) {
            self.value = value
            bytes.removeAll(keepingCapacity: true)
            writer.withUnsafeBytes(from: range.lowerBound) { written in
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: written[..<range.count]))
            }
        }
    }

    /// Where an encoder wrote the parts of an event it did not find kept: to learn them
    /// once the event is written.
    struct Written {
        var lines: Range<Int>?
        var consumed: Range<Int>?
    }

    var lines = Part<[ItemQuantity]>(value: [])
    var consumed = Part<[IngredientCount]>(value: [])

    package init() {}

    /// Nothing kept: for a record written once, outside a run.
    static let empty = RepeatedParts()

    /// Keeps the parts of `event` that `written` says were encoded afresh, from `writer`.
    mutating func learn(_ written: Written, of event: UnsafePointer<Event>, from writer: borrowing ByteWriter) {
        guard case .orderSucceeded(let e) = event.pointee.payload else { return }
        if let range = written.lines { lines.learn(e.lines, at: range, of: writer) }
        if let range = written.consumed { consumed.learn(e.consumed, at: range, of: writer) }
    }
}
