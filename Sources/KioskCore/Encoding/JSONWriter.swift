/// Writes compact JSON into a byte buffer, fields in the order they are written.
///
/// Hand-written rather than `JSONEncoder` because events are encoded once per event per
/// sink and the field order of CloudEvents output is fixed.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` for a key written in the source, copied as is: such keys are plain
    /// ASCII that needs no escaping. The value follows.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { utf8 in
            assert(!utf8.contains(where: JSONWriter.needsEscape), "a JSON key literal that needs escaping")
            bytes.append(contentsOf: utf8)
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"name":` for any text, escaped. The value follows.
    public mutating func key(string name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func number(_ value: some BinaryInteger) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    public mutating func number(_ value: Money) {
        separate()
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// `"01a1…"`: an event id's canonical form.
    public mutating func eventID(_ id: EventID) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        id.write(into: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `"2026-11-21T15:08:30.589Z"`, made on the stack and appended at once.
    public mutating func timestamp(_ time: Timestamp) {
        let c = time.civil()
        separate()
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0) // 32 bytes: room for 26
        withUnsafeMutableBytes(of: &text) { buffer in
            var position = 0
            func put(_ byte: UInt8) {
                buffer[position] = byte
                position += 1
            }
            func put(_ value: Int, width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
                    divisor /= 10
                }
            }
            put(UInt8(ascii: "\""))
            put(c.year, width: 4)
            put(UInt8(ascii: "-"))
            put(c.month, width: 2)
            put(UInt8(ascii: "-"))
            put(c.day, width: 2)
            put(UInt8(ascii: "T"))
            put(c.hour, width: 2)
            put(UInt8(ascii: ":"))
            put(c.minute, width: 2)
            put(UInt8(ascii: ":"))
            put(c.second, width: 2)
            put(UInt8(ascii: "."))
            put(c.millisecond, width: 3)
            put(UInt8(ascii: "Z"))
            put(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<position]))
        }
        needsComma = true
    }

    /// Ends a line of JSON Lines: a newline, then the next value starts afresh.
    public mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Appends JSON text written in the source — punctuation and keys that end where a
    /// value follows (`,"type":"`) — in one copy.
    public mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = false
    }

    /// Appends text known to need no escaping (a type name), without quotes or separator.
    public mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes already-encoded JSON as one value.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: some BinaryInteger) {
        key(name)
        number(value)
    }

    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// `{"name": count, …}` in the given order.
    public mutating func object(_ name: StaticString, counts: [IngredientCount]) {
        key(name)
        beginObject()
        for entry in counts {
            key(string: entry.ingredient)
            number(entry.count)
        }
        endObject()
    }

    /// `"name":[{"item":…,"quantity":…},…]`: an order's lines.
    public mutating func array(_ name: StaticString, lines: [ItemQuantity]) {
        key(name)
        beginArray()
        for line in lines {
            beginObject()
            field("item", line.item)
            field("quantity", line.quantity)
            endObject()
        }
        endArray()
    }

    /// `"name":[{"ingredient":…,"needed":…,"available":…},…]`: what a refused order lacked.
    public mutating func array(_ name: StaticString, missing: [Missing]) {
        key(name)
        beginArray()
        for entry in missing {
            beginObject()
            field("ingredient", entry.ingredient)
            field("needed", entry.needed)
            field("available", entry.available)
            endObject()
        }
        endArray()
    }

    /// `"name":["…",…]`.
    public mutating func array(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for text in strings { string(text) }
        endArray()
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escaping: copy them whole.
            guard utf8.contains(where: JSONWriter.needsEscape) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20, 0x7F:
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(JSONWriter.hexDigit(byte >> 4))
            bytes.append(JSONWriter.hexDigit(byte & 0xF))
        default: bytes.append(byte)
        }
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Appends the decimal digits of `value` without making a `String`.
    private mutating func appendDecimal(_ value: some BinaryInteger) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - count)...]))
        }
    }
}
