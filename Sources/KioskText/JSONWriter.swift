/// Writes compact JSON into a byte buffer, fields in the order they are written.
///
/// Hand-written rather than `JSONEncoder` because events are encoded once per event per
/// sink and the field order of CloudEvents output is fixed. The kiosk's own values (events,
/// money, ids) are written by extensions where those types live.
public struct JSONWriter: Sendable {
    /// The JSON written so far. Appended to in place, the room kept from line to line.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var needsComma = false
    /// The last time written, whole second by whole second: the events of a batch mostly
    /// share their second, and only the milliseconds need writing again.
    @usableFromInline var lastTime: (second: Int64, text: InlineArray<24, UInt8>) = (-1, InlineArray(repeating: 0))

    public init(capacity: Int = 256) {
        storage = []
        storage.reserveCapacity(max(capacity, 16))
    }

    /// The JSON written so far.
    public var bytes: [UInt8] { storage }

    /// How many bytes were written.
    public var count: Int { storage.count }

    /// Forgets what was written and keeps the buffer, so that a writer used for line after
    /// line allocates only when a line is longer than any before it.
    @inlinable
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        needsComma = false
    }

    // MARK: Storing bytes

    /// Stores one byte.
    @inlinable
    mutating func put(_ byte: UInt8) {
        storage.append(byte)
    }

    /// Stores `bytes` in one copy.
    @inlinable
    mutating func put(_ bytes: some Collection<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Stores at most `count` bytes, which `body` appends to the room it is given: short
    /// pieces (a key with its quotes, a fixed-width value) go in with one check for room.
    @inlinable
    mutating func put(count: Int, _ body: (inout OutputSpan<UInt8>) -> Void) {
        storage.append(addingCapacity: count, initializingWith: body)
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
            // One check for room for the separator, the quotes, the name and the colon.
            let comma = needsComma
            put(count: utf8.count + 4) { out in
                if comma { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\""))
                for byte in utf8 { out.append(byte) }
                out.append(UInt8(ascii: "\""))
                out.append(UInt8(ascii: ":"))
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
        appendEscaped(contentsOf: text.utf8)
    }

    /// Appends text written in the source, escaped, to the string `beginString` opened.
    @inlinable
    public mutating func stringPart(literal text: StaticString) {
        appendEscaped(literal: text)
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
        put(made)
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A string of at most `count` bytes that `body` appends to the room it is given,
    /// between quotes and without escaping: for fixed-width forms (an id, a time) made in
    /// place.
    @inlinable
    public mutating func unescapedString(count: Int, _ body: (inout OutputSpan<UInt8>) -> Void) {
        separate()
        put(count: count + 2) { out in
            out.append(UInt8(ascii: "\""))
            body(&out)
            out.append(UInt8(ascii: "\""))
        }
        needsComma = true
    }

    /// `"2026-11-21T15:08:30.589Z"`: a moment in ISO-8601, in UTC.
    public mutating func time(millisecondsSince1970 milliseconds: Int64) {
        let second = milliseconds >= 0 ? milliseconds / 1000 : -1
        if second < 0 || second != lastTime.second {
            lastTime.text = ISO8601.text(millisecondsSince1970: milliseconds)
            lastTime.second = second
        }
        let fraction = Int(milliseconds - second * 1000)
        let made = lastTime.text
        unescapedString(count: ISO8601.length) { out in
            // `…:30.589Z`: the milliseconds are the three digits before the `Z`.
            for index in made.indices {
                switch index {
                case 20 where second >= 0: out.append(UInt8(ascii: "0") + UInt8(fraction / 100))
                case 21 where second >= 0: out.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
                case 22 where second >= 0: out.append(UInt8(ascii: "0") + UInt8(fraction % 10))
                default: out.append(made[index])
                }
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
        put(text.utf8)
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
        if needsComma { put(UInt8(ascii: ",")) }
    }

    @inlinable
    mutating func appendQuoted(_ value: String) {
        let utf8 = value.utf8
        guard JSONWriter.anyNeedsEscape(utf8.span) else {
            // Text with nothing to escape, the usual name: copied whole between its quotes.
            put(UInt8(ascii: "\""))
            put(utf8)
            put(UInt8(ascii: "\""))
            return
        }
        put(UInt8(ascii: "\""))
        appendEscaped(utf8.span)
        put(UInt8(ascii: "\""))
    }

    @inlinable
    mutating func appendEscaped(contentsOf utf8: String.UTF8View) {
        // Most text needs no escaping: copy it whole.
        guard JSONWriter.anyNeedsEscape(utf8.span) else {
            put(utf8)
            return
        }
        appendEscaped(utf8.span)
    }

    /// Text written in the source, escaped: copied whole, but for the rare literal with
    /// something to escape.
    @inlinable
    mutating func appendEscaped(literal text: StaticString) {
        text.withUTF8Buffer { utf8 in
            if utf8.contains(where: JSONWriter.needsEscape) {
                let text = String(decoding: utf8, as: UTF8.self)
                appendEscaped(text.utf8.span)
            } else {
                put(utf8)
            }
        }
    }

    /// `utf8`, escaped character by character.
    @usableFromInline
    mutating func appendEscaped(_ utf8: Span<UInt8>) {
        var index = 0
        while index < utf8.count {
            index += appendEscaped(utf8, at: index)
        }
    }

    /// Whether any byte of `utf8` needs escaping: a plain loop, which the compiler keeps
    /// tight, where `contains(where:)` calls a closure per byte.
    @inlinable
    static func anyNeedsEscape(_ utf8: Span<UInt8>) -> Bool {
        for index in utf8.indices where needsEscape(utf8[index]) { return true }
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
    mutating func appendEscaped(_ utf8: Span<UInt8>, at index: Int) -> Int {
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
    static func terminalControl(_ utf8: Span<UInt8>, at index: Int) -> UInt32? {
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
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var first = digits.count
        repeat {
            first -= 1
            digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        put(count: digits.count - first) { out in
            for index in first..<digits.count { out.append(digits[index]) }
        }
    }
}
