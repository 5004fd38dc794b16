/// Moments as ISO-8601 text, in the one form kiosk writes: `2026-11-21T15:08:30.589Z` —
/// UTC, milliseconds, 24 bytes.
public enum ISO8601 {
    /// `2026-11-21T15:08:30.589Z`.
    public static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(millisecondsSince1970: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many bytes the text takes.
    static let length = 24

    /// Appends the text to `bytes` in one append, made on the stack: events carry a time
    /// each, so this is on every event's way out.
    public static func append(millisecondsSince1970 milliseconds: Int64, to bytes: inout [UInt8]) {
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes
        withUnsafeMutableBytes(of: &text) { buffer in
            let typed = buffer.bindMemory(to: UInt8.self)
            guard let base = typed.baseAddress else { return }
            write(millisecondsSince1970: milliseconds, to: base)
            bytes.append(contentsOf: typed)
        }
    }

    /// Writes the text's `length` bytes from `start`: `JSONWriter.time` writes it straight
    /// into its own room, the pointer being that writer's (see `JSONWriter.storage`).
    static func write(millisecondsSince1970 milliseconds: Int64, to start: UnsafeMutablePointer<UInt8>) {
        let c = CivilTime(millisecondsSince1970: milliseconds)
        var position = start
        func put(_ byte: UInt8) {
            position.pointee = byte
            position += 1
        }
        func put(_ value: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: (value / divisor) % 10))
                divisor /= 10
            }
        }
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
    }

    /// Reads `2026-11-21T15:08:30.589Z`, as `string` writes it, or the same without the
    /// milliseconds; `nil` for anything else.
    public static func milliseconds(parsing text: String) -> Int64? {
        let digits = Array(text.utf8)
        guard digits.count == 24 || digits.count == 20, digits.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = digits[index]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        func separator(_ index: Int, _ character: Unicode.Scalar) -> Bool { digits[index] == UInt8(ascii: character) }
        guard separator(4, "-"), separator(7, "-"), separator(10, "T"), separator(13, ":"), separator(16, ":"),
              digits.count == 20 || separator(19, "."),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let millisecond = digits.count == 24 ? number(20..<23) : 0 else { return nil }
        return CivilTime.milliseconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
    }
}
