/// The bytes of the parts that a journal's records repeat, so the next record copies them
/// instead of encoding them again: the kiosk's source, and an order's lines and consumed
/// counts — one array for each item, which every order of one of that item shares
/// (`Menu.unitOrder`).
///
/// An array is known by the address of its storage. The memo holds the array it learned
/// from, so no other array can take that address meanwhile: the same address is the same
/// contents. An address is learned the second time it is met, so an array that an order
/// made for itself, met once, costs a pointer store and not an encoding of its own.
///
/// Looking up is a comparison of addresses and calls nothing, so an encoder writing into
/// reserved room (`ReservedBytes`) may look up; learning allocates, and comes after.
package struct RecordMemo {
    struct Learned<Value> {
        var key: UnsafeRawPointer?
        /// The array the bytes are of: held, so that its address stays its own.
        var value: [Value] = []
        var bytes: [UInt8] = []
    }

    /// Entries of each table, a power of two: items ordered in turn each keep their own.
    static let slots = 16

    private(set) var lines = [Learned<ItemQuantity>](repeating: Learned(), count: slots)
    private(set) var counts = [Learned<IngredientCount>](repeating: Learned(), count: slots)
    private var seenLines = [UnsafeRawPointer?](repeating: nil, count: slots)
    private var seenCounts = [UnsafeRawPointer?](repeating: nil, count: slots)
    /// A bit per slot, set when a record copies the slot's bytes and cleared when another
    /// array asks for the slot: an entry in use is kept (a second chance), so arrays that
    /// orders make for themselves — whose freed addresses come back — never push out the
    /// item every other order is of.
    var linesUsed: UInt32 = 0
    var countsUsed: UInt32 = 0
    /// Whether a lookup missed since the last `learn`.
    var missed = false

    package private(set) var source = ""
    /// `source` as a record writes it: its length, then its UTF-8.
    package private(set) var sourceBytes: [UInt8] = [0]
    private(set) var currency: String?
    private(set) var currencyBytes: [UInt8] = []
    /// The default message text of `order.succeeded`: a record of an order with another
    /// text is written by the general encoder.
    let orderSucceededText = RecordCodec.defaultTexts[EventType.orderSucceeded.ordinal]

    package init() {}

    // MARK: Looking up

    @inline(__always)
    static func key<Value>(of array: [Value]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @inline(__always)
    static func slot(of key: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: key) >> 5) & (slots - 1)
    }

    /// The slot of `table` that holds the bytes of `array`, if it is learned.
    @inline(__always)
    static func find<Value>(_ array: [Value], in table: [Learned<Value>]) -> Int? {
        guard let key = key(of: array) else { return nil }
        let slot = slot(of: key)
        return table[slot].key == key ? slot : nil
    }

    // MARK: Learning

    /// Makes `source` the one whose bytes are kept.
    package mutating func learn(source: String) {
        self.source = source
        sourceBytes = RecordMemo.bytes(of: source)
    }

    private static func bytes(of string: String) -> [UInt8] {
        var writer = ByteWriter(capacity: string.utf8.count + 10)
        writer.string(string)
        return writer.bytes
    }

    /// After a record of `events` was written: if a lookup missed, learns the parts of
    /// `events` met before and notes the others' addresses.
    package mutating func learnIfMissed(from events: [Event]) {
        guard missed else { return }
        missed = false
        for event in events {
            guard case .orderSucceeded(let e) = event.payload else { continue }
            if let currency = e.currency, currency != self.currency {
                self.currency = currency
                currencyBytes = RecordMemo.bytes(of: currency)
            }
            RecordMemo.learn(e.lines, in: &lines, seen: &seenLines, used: &linesUsed) { PayloadCodec.encode(lines: e.lines, into: &$0) }
            RecordMemo.learn(e.consumed, in: &counts, seen: &seenCounts, used: &countsUsed) { PayloadCodec.encode(counts: e.consumed, into: &$0) }
        }
    }

    private static func learn<Value>(
        _ array: [Value], in table: inout [Learned<Value>], seen: inout [UnsafeRawPointer?], used: inout UInt32, encode: (inout ByteWriter) -> Void
    ) {
        guard let key = key(of: array) else { return }
        let slot = slot(of: key)
        guard table[slot].key != key else { return }
        guard seen[slot] == key else {
            seen[slot] = key
            return
        }
        let bit: UInt32 = 1 << UInt32(slot)
        if used & bit != 0 {
            used &= ~bit
            return
        }
        var writer = ByteWriter(capacity: 64)
        encode(&writer)
        table[slot] = Learned(key: key, value: array, bytes: writer.bytes)
    }
}
