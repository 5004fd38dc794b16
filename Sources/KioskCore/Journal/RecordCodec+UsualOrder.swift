extension RecordCodec {
    /// Writes the body of a record of one `order.succeeded` — the record of nearly every
    /// command — straight into `base`, which has `room` bytes, copying its source, lines
    /// and consumed counts (and currency) from `memo`. Returns how many bytes it wrote.
    ///
    /// Returns `nil`, having written nothing, for a record of another shape (several
    /// events, a custom message text, stock not in the order of the consumed counts), for
    /// parts the memo has not learned (`memo.missed` is then set), and when the record
    /// would not fit in `room`: the general encoder writes that record, to the bytes this
    /// would have written. The bytes are `encode(time:source:facts:events:into:)`'s, field
    /// for field: a test holds the two to that.
    package static func encodeUsualOrder(
        time: Timestamp, events: UnsafeBufferPointer<Event>, memo: UnsafeMutablePointer<RecordMemo>,
        into base: UnsafeMutableRawPointer, room: Int
    ) -> Int? {
        guard events.count == 1, let event = events.baseAddress else { return nil }
        switch event.pointee.payload {
        case .orderSucceeded(let e):
            guard event.pointee.template.text == memo.pointee.orderSucceededText else { return nil }
            return encodeUsualOrder(event, e, time: time, memo: memo, into: base, room: room)
        default:
            return nil
        }
    }

    @inline(__always)
    private static func encodeUsualOrder(
        _ event: UnsafePointer<Event>, _ e: borrowing OrderSucceeded, time: Timestamp, memo: UnsafeMutablePointer<RecordMemo>,
        into base: UnsafeMutableRawPointer, room: Int
    ) -> Int? {
        guard let lines = RecordMemo.find(e.lines, in: memo.pointee.lines),
              let counts = RecordMemo.find(e.consumed, in: memo.pointee.counts),
              e.currency == nil || e.currency == memo.pointee.currency else {
            memo.pointee.missed = true
            return nil
        }
        guard PayloadCodec.stockFollowsConsumed(e) else { return nil }
        memo.pointee.linesUsed |= 1 << UInt32(lines)
        memo.pointee.countsUsed |= 1 << UInt32(counts)
        // Every varint at its longest: nothing below checks the room again.
        let fixed = 10 + 1 + (1 + 16 + 10 + 10 + 1) + 1 + 10 + 10 + 10 + 10
        let needed = fixed + memo.pointee.sourceBytes.count + memo.pointee.lines[lines].bytes.count
            + memo.pointee.counts[counts].bytes.count + memo.pointee.currencyBytes.count
            + 10 * (e.stock.count + e.lineTotals.count)
        guard needed <= room else { return nil }

        var offset = 0
        @inline(__always) func varint(_ value: UInt64) { offset = ReservedBytes.varint(value, at: base, offset) }
        @inline(__always) func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
        @inline(__always) func byte(_ value: UInt8) {
            base.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        @inline(__always) func copy(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            ReservedBytes.copy(source, to: base + offset, count: bytes.count)
            offset += bytes.count
        }

        // The record: time, source, one entry.
        signed(time.millisecondsSince1970)
        memo.pointee.sourceBytes.withUnsafeBytes { copy($0) }
        varint(1)
        // The event, its message text the default one.
        byte(code(of: .orderSucceeded))
        base.storeBytes(of: event.pointee.id.high.bigEndian, toByteOffset: offset, as: UInt64.self)
        base.storeBytes(of: event.pointee.id.low.bigEndian, toByteOffset: offset + 8, as: UInt64.self)
        offset += 16
        varint(event.pointee.sequence)
        signed(event.pointee.time.millisecondsSince1970 &- time.millisecondsSince1970)
        byte(0)
        // The payload, as `PayloadCodec` writes an `order.succeeded` whose stock follows
        // its consumed counts.
        memo.pointee.lines[lines].bytes.withUnsafeBytes { copy($0) }
        memo.pointee.counts[counts].bytes.withUnsafeBytes { copy($0) }
        var flags = PayloadCodec.SucceededFlag.stockFollowsConsumed
        if e.total != nil { flags |= PayloadCodec.SucceededFlag.total }
        if e.currency != nil { flags |= PayloadCodec.SucceededFlag.currency }
        if !e.lineTotals.isEmpty { flags |= PayloadCodec.SucceededFlag.lineTotals }
        if e.ticket != nil { flags |= PayloadCodec.SucceededFlag.ticket }
        byte(flags)
        for index in e.stock.indices { signed(Int64(e.stock[index].count)) }
        if let total = e.total { signed(Int64(total.hundredths)) }
        if e.currency != nil { memo.pointee.currencyBytes.withUnsafeBytes { copy($0) } }
        if !e.lineTotals.isEmpty {
            varint(UInt64(e.lineTotals.count))
            for index in e.lineTotals.indices { signed(Int64(e.lineTotals[index].hundredths)) }
        }
        if let ticket = e.ticket {
            signed(Int64(ticket))
            signed(e.promised?.millisecondsSince1970 ?? 0)
        }
        return offset
    }
}
