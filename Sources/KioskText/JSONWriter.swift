/// Writes compact JSON into a byte buffer, fields in the order they are written.
///
/// Hand-written rather than `JSONEncoder` because events are encoded once per event per
/// sink and the field order of CloudEvents output is fixed. The kiosk's own values (events,
/// money, ids) are written by extensions where those types live.
public struct JSONWriter: Sendable {
    /// Room for the JSON, zero-filled past `length`: bytes are stored through a pointer
    /// into room made beforehand, so that a log writing hundreds of thousands of lines does
    /// not pay `Array.append`'s generic copy for every key and value. Kept outside the
    /// system wall on purpose: `append`, `OutputSpan` and `Span` in its place were measured,
    /// and cost instructions on every key and string.
    @usableFromInline var storage: [UInt8]
    /// How many bytes of `storage` are JSON.
    @usableFromInline var length = 0
    @usableFromInline var needsComma = false
    /// The last time written, whole second by whole second: the events of a batch mostly
    /// share their second, and only the milliseconds need writing again.
    @usableFromInline var lastTime: (second: Int64, text: (UInt64, UInt64, UInt64)) = (-1, (0, 0, 0))

    public init(capacity: Int = 256) {
        storage = [UInt8](repeating: 0, count: max(capacity, 16))
    }

    /// The JSON written so far.
    public var bytes: [UInt8] { Array(storage[0..<length]) }

    /// How many bytes were written.
    public var count: Int { length }

    /// Forgets what was written and keeps the buffer, so that a writer used for line after
    /// line allocates only when a line is longer than any before it.
    @inlinable
    public mutating func removeAll() {
        length = 0
        needsComma = false
    }

    // MARK: Storing bytes

    /// Stores one byte.
    @inlinable
    mutating func put(_ byte: UInt8) {
        if length == storage.count { grow(toHold: 1) }
        let at = length
        storage.withUnsafeMutableBufferPointer { $0[at] = byte }
        length = at + 1
    }

    /// Stores `bytes` in one copy.
    @inlinable
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        if storage.count - length < count { grow(toHold: count) }
        let at = length
        storage.withUnsafeMutableBufferPointer { room in
            guard let base = room.baseAddress else { return }
            (base + at).update(from: source, count: count)
        }
        length = at + count
    }

    /// Stores exactly `count` bytes, which `body` writes from the pointer it is given.
    @inlinable
    mutating func put(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if storage.count - length < count { grow(toHold: count) }
        let at = length
        storage.withUnsafeMutableBufferPointer { room in
            guard let base = room.baseAddress else { return }
            body(base + at)
        }
        length = at + count
    }

    /// Doubles the room until `extra` more bytes fit.
    @usableFromInline
    mutating func grow(toHold extra: Int) {
        var size = max(storage.count, 16)
        while size - length < extra { size *= 2 }
        storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }

    @inlinable
    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    @inlinable
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    @inlinable
    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    @inlinable
    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` for a key written in the source, copied as is: such keys are plain
    /// ASCII that needs no escaping. The value follows.
    @inlinable
    public mutating func key(_ name: StaticString) {
        name.withUTF8Buffer { utf8 in
            assert(!utf8.contains(where: JSONWriter.needsEscape), "a JSON key literal that needs escaping")
            // One store for the separator, the quotes, the name and the colon.
            let comma = needsComma ? 1 : 0
            put(count: comma + utf8.count + 3) { at in
                if comma == 1 { at[0] = UInt8(ascii: ",") }
                at[comma] = UInt8(ascii: "\"")
                if let name = utf8.baseAddress { (at + comma + 1).update(from: name, count: utf8.count) }
                at[comma + 1 + utf8.count] = UInt8(ascii: "\"")
                at[comma + 2 + utf8.count] = UInt8(ascii: ":")
            }
        }
        needsComma = false
    }

    /// Writes `"name":` for any text, escaped. The value follows.
    @inlinable
    public mutating func key(string name: String) {
        separate()
        appendQuoted(name)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// Opens a string written in parts (`stringPart`), each escaped as it is appended:
    /// text made of pieces is written without being assembled into a `String` first.
    /// `endString` closes it.
    @inlinable
    public mutating func beginString() {
        separate()
        put(UInt8(ascii: "\""))
    }

    /// Appends `text`, escaped, to the string `beginString` opened.
    @inlinable
    public mutating func stringPart(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped(contentsOf: $0) }
    }

    /// Appends text written in the source, escaped, to the string `beginString` opened.
    @inlinable
    public mutating func stringPart(literal text: StaticString) {
        text.withUTF8Buffer { appendEscaped(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value` to the string `beginString` opened.
    @inlinable
    public mutating func stringPart(decimal value: some BinaryInteger) {
        appendDecimal(value)
    }

    @inlinable
    public mutating func endString() {
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A string whose bytes `body` appends, between quotes and without escaping: for
    /// values whose form has no character that needs one (an id, a time).
    @inlinable
    public mutating func unescapedString(_ body: (inout [UInt8]) -> Void) {
        separate()
        put(UInt8(ascii: "\""))
        var made: [UInt8] = []
        body(&made)
        made.withUnsafeBufferPointer { put($0) }
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A string of exactly `count` bytes that `body` writes from the pointer it is given,
    /// between quotes and without escaping: for fixed-width forms (an id, a time) made in
    /// place.
    @inlinable
    public mutating func unescapedString(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        separate()
        put(count: count + 2) { at in
            at[0] = UInt8(ascii: "\"")
            body(at + 1)
            at[count + 1] = UInt8(ascii: "\"")
        }
        needsComma = true
    }

    /// `"2026-11-21T15:08:30.589Z"`: a moment in ISO-8601, in UTC.
    public mutating func time(millisecondsSince1970 milliseconds: Int64) {
        let second = milliseconds >= 0 ? milliseconds / 1000 : -1
        if second < 0 || second != lastTime.second {
            withUnsafeMutableBytes(of: &lastTime.text) { text in
                guard let base = text.bindMemory(to: UInt8.self).baseAddress else { return }
                ISO8601.write(millisecondsSince1970: milliseconds, to: base)
            }
            lastTime.second = second
        }
        let fraction = Int(milliseconds - second * 1000)
        let made = lastTime.text
        unescapedString(count: ISO8601.length) { at in
            withUnsafeBytes(of: made) { text in
                guard let base = text.bindMemory(to: UInt8.self).baseAddress else { return }
                at.update(from: base, count: ISO8601.length)
            }
            // `…:30.589Z`: the milliseconds are the three digits before the `Z`.
            if second >= 0 {
                at[20] = UInt8(ascii: "0") + UInt8(fraction / 100)
                at[21] = UInt8(ascii: "0") + UInt8(fraction / 10 % 10)
                at[22] = UInt8(ascii: "0") + UInt8(fraction % 10)
            }
        }
    }

    @inlinable
    public mutating func number(_ value: some BinaryInteger) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    /// `4500`, `4.50` or `-0.25`: an exact amount held in hundredths, as a number with two
    /// fraction digits unless it is whole.
    @inlinable
    public mutating func number(hundredths: Int) {
        separate()
        if hundredths < 0 { put(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        appendDecimal(magnitude / 100)
        let fraction = UInt8(magnitude % 100)
        if fraction != 0 {
            put(UInt8(ascii: "."))
            put(UInt8(ascii: "0") + fraction / 10)
            put(UInt8(ascii: "0") + fraction % 10)
        }
        needsComma = true
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separate()
        (value ? "true" as StaticString : "false").withUTF8Buffer { put($0) }
        needsComma = true
    }

    @inlinable
    public mutating func null() {
        separate()
        ("null" as StaticString).withUTF8Buffer { put($0) }
        needsComma = true
    }

    /// Ends a line of JSON Lines: a newline, then the next value starts afresh.
    @inlinable
    public mutating func endLine() {
        put(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Appends JSON text written in the source — punctuation and keys that end where a
    /// value follows (`,"type":"`) — in one copy.
    @inlinable
    public mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
        needsComma = false
    }

    /// Appends text known to need no escaping (a type name), without quotes or separator.
    @inlinable
    public mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// Writes already-encoded JSON as one value.
    @inlinable
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        if json.withContiguousStorageIfAvailable({ put($0) }) == nil {
            for byte in json { put(byte) }
        }
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
        if needsComma { put(UInt8(ascii: ",")) }
    }

    @inlinable
    mutating func appendQuoted(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            guard JSONWriter.anyNeedsEscape(utf8) else {
                // Text with nothing to escape, the usual name: quotes and all in one store.
                put(count: utf8.count + 2) { at in
                    at[0] = UInt8(ascii: "\"")
                    if let text = utf8.baseAddress { (at + 1).update(from: text, count: utf8.count) }
                    at[utf8.count + 1] = UInt8(ascii: "\"")
                }
                return
            }
            put(UInt8(ascii: "\""))
            appendEscaped(contentsOf: utf8)
            put(UInt8(ascii: "\""))
        }
    }

    @inlinable
    mutating func appendEscaped(contentsOf utf8: UnsafeBufferPointer<UInt8>) {
        // Most text needs no escaping: copy it whole.
        guard JSONWriter.anyNeedsEscape(utf8) else {
            put(utf8)
            return
        }
        var index = 0
        while index < utf8.count {
            index += appendEscaped(utf8, at: index)
        }
    }

    /// Whether any byte of `utf8` needs escaping: a plain loop, which the compiler keeps
    /// tight, where `contains(where:)` calls a closure per byte.
    @inlinable
    static func anyNeedsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            if needsEscape(utf8[index]) { return true }
            index += 1
        }
        return false
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
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) { put(Hex.lowercaseDigit(UInt8((scalar >> UInt32(shift)) & 0xF))) }
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
        // Byte by byte, without an array literal (an allocation) per escape.
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            put(UInt8(ascii: "\\"))
            put(byte)
        case 0x0A:
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "n"))
        case 0x0D:
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "r"))
        case 0x09:
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "t"))
        case 0..<0x20, 0x7F:
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "u"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(Hex.lowercaseDigit(byte >> 4))
            put(Hex.lowercaseDigit(byte & 0xF))
        default: put(byte)
        }
    }

    /// Appends the decimal digits of `value` without making a `String`.
    @inlinable
    mutating func appendDecimal(_ value: some BinaryInteger) {
        DecimalDigits.withDigits(of: value) { put($0) }
    }
}
