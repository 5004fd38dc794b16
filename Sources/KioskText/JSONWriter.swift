/// Writes compact JSON into a byte buffer, fields in the order they are written.
///
/// Hand-written rather than `JSONEncoder` because events are encoded once per event per
/// sink and the field order of CloudEvents output is fixed. The kiosk's own values (events,
/// money, ids) are written by extensions where those types live.
public struct JSONWriter: Sendable {
    @usableFromInline var storage: [UInt8] = []
    @usableFromInline var needsComma = false

    public init(capacity: Int = 256) {
        storage.reserveCapacity(capacity)
    }

    /// The JSON written so far.
    public var bytes: [UInt8] { storage }

    @inlinable
    public mutating func beginObject() {
        separate()
        storage.append(UInt8(ascii: "{"))
        needsComma = false
    }

    @inlinable
    public mutating func endObject() {
        storage.append(UInt8(ascii: "}"))
        needsComma = true
    }

    @inlinable
    public mutating func beginArray() {
        separate()
        storage.append(UInt8(ascii: "["))
        needsComma = false
    }

    @inlinable
    public mutating func endArray() {
        storage.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` for a key written in the source, copied as is: such keys are plain
    /// ASCII that needs no escaping. The value follows.
    @inlinable
    public mutating func key(_ name: StaticString) {
        separate()
        storage.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { utf8 in
            assert(!utf8.contains(where: JSONWriter.needsEscape), "a JSON key literal that needs escaping")
            storage.append(contentsOf: utf8)
        }
        storage.append(UInt8(ascii: "\""))
        storage.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"name":` for any text, escaped. The value follows.
    @inlinable
    public mutating func key(string name: String) {
        separate()
        appendQuoted(name)
        storage.append(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// A string whose bytes `body` appends, between quotes and without escaping: for
    /// values whose form has no character that needs one (an id, a time).
    @inlinable
    public mutating func unescapedString(_ body: (inout [UInt8]) -> Void) {
        separate()
        storage.append(UInt8(ascii: "\""))
        body(&storage)
        storage.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `"2026-11-21T15:08:30.589Z"`: a moment in ISO-8601, in UTC.
    @inlinable
    public mutating func time(millisecondsSince1970 milliseconds: Int64) {
        unescapedString { ISO8601.append(millisecondsSince1970: milliseconds, to: &$0) }
    }

    @inlinable
    public mutating func number(_ value: some BinaryInteger) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separate()
        storage.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    @inlinable
    public mutating func null() {
        separate()
        storage.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Ends a line of JSON Lines: a newline, then the next value starts afresh.
    @inlinable
    public mutating func endLine() {
        storage.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Appends JSON text written in the source — punctuation and keys that end where a
    /// value follows (`,"type":"`) — in one copy.
    @inlinable
    public mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
        needsComma = false
    }

    /// Appends text known to need no escaping (a type name), without quotes or separator.
    @inlinable
    public mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { storage.append(contentsOf: $0) }
    }

    /// Writes already-encoded JSON as one value.
    @inlinable
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        storage.append(contentsOf: json)
        needsComma = true
    }

    @inlinable
    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inlinable
    public mutating func field(_ name: StaticString, _ value: some BinaryInteger) {
        key(name)
        number(value)
    }

    @inlinable
    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// `"name":["…",…]`.
    @inlinable
    public mutating func array(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for text in strings { string(text) }
        endArray()
    }

    /// `"name":[{…},…]`: an object per element, whose fields `fields` writes.
    @inlinable
    public mutating func array<Elements: Sequence>(
        _ name: StaticString, objects elements: Elements, _ fields: (inout JSONWriter, Elements.Element) -> Void
    ) {
        key(name)
        beginArray()
        for element in elements {
            beginObject()
            fields(&self, element)
            endObject()
        }
        endArray()
    }

    @inlinable
    mutating func separate() {
        if needsComma { storage.append(UInt8(ascii: ",")) }
    }

    @inlinable
    mutating func appendQuoted(_ value: String) {
        storage.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escaping: copy them whole.
            guard utf8.contains(where: JSONWriter.needsEscape) else {
                storage.append(contentsOf: utf8)
                return
            }
            var index = 0
            while index < utf8.count {
                index += appendEscaped(utf8, at: index)
            }
        }
        storage.append(UInt8(ascii: "\""))
    }

    /// Whether a string with this byte goes the slow way: a control character, a quote, a
    /// backslash, or the first byte of a C1 control (`C2`) or of a bidirectional override
    /// or line separator (`E2`), which are written as `\u` escapes so that JSON shown on a
    /// terminal cannot reorder or drive it.
    @inlinable
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// Appends the character at `index` of `utf8`, escaped if it must be; returns how
    /// many bytes it took.
    @usableFromInline
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        if let scalar = JSONWriter.terminalControl(utf8, at: index) {
            storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            for shift in stride(from: 12, through: 0, by: -4) { storage.append(Hex.lowercaseDigit(UInt8((scalar >> UInt32(shift)) & 0xF))) }
            return byte == 0xC2 ? 2 : 3
        }
        appendEscaped(byte)
        return 1
    }

    /// The C1 control (U+0080–U+009F), line or paragraph separator (U+2028, U+2029) or
    /// bidirectional control (U+202A–U+202E, U+2066–U+2069) whose UTF-8 starts at `index`.
    @usableFromInline
    static func terminalControl(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        let byte = utf8[index]
        if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) { return UInt32(utf8[index + 1]) }
        guard byte == 0xE2, index + 2 < utf8.count else { return nil }
        switch (utf8[index + 1], utf8[index + 2]) {
        case (0x80, 0xA8...0xAE): return 0x2000 + UInt32(utf8[index + 2] - 0x80)
        case (0x81, 0xA6...0xA9): return 0x2040 + UInt32(utf8[index + 2] - 0x80)
        default: return nil
        }
    }

    @usableFromInline
    mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20, 0x7F:
            storage.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            storage.append(Hex.lowercaseDigit(byte >> 4))
            storage.append(Hex.lowercaseDigit(byte & 0xF))
        default: storage.append(byte)
        }
    }

    /// Appends the decimal digits of `value` without making a `String`.
    @inlinable
    mutating func appendDecimal(_ value: some BinaryInteger) {
        if value < 0 { storage.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - count)...]))
        }
    }
}
