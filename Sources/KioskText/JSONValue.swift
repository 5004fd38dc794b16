/// A parsed JSON value that keeps object keys in the order they were written and numbers
/// as their text, so what `JSONWriter` wrote reads back exactly.
public enum JSONValue: Sendable, Hashable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number as written: `4.50` stays `4.50`.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let fields):
            for field in fields {
                hasher.combine(field.key)
                hasher.combine(field.value)
            }
        case .array(let values): hasher.combine(values)
        case .string(let text), .number(let text): hasher.combine(text)
        case .bool(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        }
    }

    /// Parses one JSON document; `nil` for anything malformed or nested deeper than 64.
    public init?(parsing bytes: some Collection<UInt8>) {
        var reader = JSONReader(Array(bytes))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        guard reader.atEnd else { return nil }
        self = value
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var int: Int? { if case .number(let n) = self { Int(n) } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var fields: [(key: String, value: JSONValue)]? { if case .object(let f) = self { f } else { nil } }
}

private struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard index < bytes.count, depth < 64 else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var fields: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value(depth: depth + 1) else { return nil }
            fields.append((key, value))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(fields)
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var values: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            guard let value = value(depth: depth + 1) else { return nil }
            values.append(value)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(values)
        }
    }

    private mutating func string() -> String? {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    out.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                out.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Hex.value(of: bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6), nothing else:
    /// no leading zeros, no bare `.` or exponent, no `+` in front.
    private mutating func number() -> JSONValue? {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { return nil }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return nil }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips one or more digits; `false` when there is none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }
}
