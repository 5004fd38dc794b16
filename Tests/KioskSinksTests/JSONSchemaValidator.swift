import Foundation

/// A JSON value as Foundation's `JSONDecoder` reads it: parsed independently of kiosk's
/// own JSON code, so a test that validates kiosk's output also checks it is JSON at all.
enum JSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    init(parsing bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}

/// Enough of JSON Schema draft-07 for the CloudEvents schema: `type`, `properties`,
/// `required`, `minLength`, `format`, `contentEncoding`, `$ref` into `definitions`,
/// `allOf`/`anyOf`/`oneOf`. Any other keyword is reported as unsupported rather than
/// ignored, so a schema this validator does not fully understand never passes quietly.
/// Formats are checked strictly (RFC 3986, RFC 3339, RFC 6570); an unknown one fails.
struct JSONSchemaValidator {
    let root: JSON

    /// Keywords that only describe: they never make an instance invalid.
    private static let annotations: Set<String> = ["$schema", "$id", "$comment", "title", "description", "examples", "default", "definitions"]

    init(schema: JSON) {
        root = schema
    }

    /// Every way `instance` fails the schema, each as `path: problem`; empty when it is valid.
    func errors(in instance: JSON) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, at: "$", into: &errors)
        return errors
    }

    private func validate(_ instance: JSON, against schema: JSON, at path: String, into errors: inout [String]) {
        guard case .object(let keywords) = schema else {
            if schema != .bool(true) { errors.append("\(path): \(schema == .bool(false) ? "the schema is false" : "a schema must be an object")") }
            return
        }
        // Draft-07: beside "$ref" every other keyword is ignored.
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else {
                errors.append("\(path): cannot resolve $ref \(reference)")
                return
            }
            validate(instance, against: target, at: path, into: &errors)
            return
        }
        for (keyword, value) in keywords.sorted(by: { $0.key < $1.key }) where !JSONSchemaValidator.annotations.contains(keyword) {
            check(keyword, value, instance, at: path, into: &errors)
        }
    }

    private func check(_ keyword: String, _ value: JSON, _ instance: JSON, at path: String, into errors: inout [String]) {
        switch (keyword, value) {
        case ("type", .string(let type)):
            if !JSONSchemaValidator.instance(instance, is: type) { errors.append("\(path): not of type \(type)") }
        case ("type", .array(let types)):
            let names = types.compactMap { if case .string(let name) = $0 { name } else { nil } }
            if !names.contains(where: { JSONSchemaValidator.instance(instance, is: $0) }) {
                errors.append("\(path): not of any type of \(names)")
            }
        case ("properties", .object(let properties)):
            guard case .object(let members) = instance else { return }
            for (name, schema) in properties.sorted(by: { $0.key < $1.key }) {
                if let member = members[name] { validate(member, against: schema, at: "\(path).\(name)", into: &errors) }
            }
        case ("required", .array(let names)):
            guard case .object(let members) = instance else { return }
            for case .string(let name) in names where members[name] == nil {
                errors.append("\(path): required property \(name) is missing")
            }
        case ("minLength", .number(let minimum)):
            if case .string(let text) = instance, Double(text.unicodeScalars.count) < minimum {
                errors.append("\(path): shorter than \(Int(minimum))")
            }
        case ("format", .string(let format)):
            guard case .string(let text) = instance else { return }
            switch JSONSchemaFormat.check(format, text) {
            case nil: errors.append("\(path): unsupported format \(format)")
            case false?: errors.append("\(path): \(String(reflecting: text)) is not a valid \(format)")
            case true?: break
            }
        case ("contentEncoding", .string(let encoding)):
            guard case .string(let text) = instance else { return }
            guard encoding == "base64" else {
                errors.append("\(path): unsupported contentEncoding \(encoding)")
                return
            }
            if Data(base64Encoded: text) == nil { errors.append("\(path): not base64") }
        case ("allOf", .array(let schemas)), ("anyOf", .array(let schemas)), ("oneOf", .array(let schemas)):
            let passing = schemas.filter { schema in
                var nested: [String] = []
                validate(instance, against: schema, at: path, into: &nested)
                return nested.isEmpty
            }.count
            let ok = switch keyword {
            case "allOf": passing == schemas.count
            case "anyOf": passing >= 1
            default: passing == 1
            }
            if !ok { errors.append("\(path): \(passing) of \(schemas.count) schemas of \(keyword) pass") }
        default:
            errors.append("\(path): unsupported keyword \(keyword)")
        }
    }

    private static func instance(_ instance: JSON, is type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let value)): value.rounded() == value
        default: false
        }
    }

    /// A JSON pointer into this schema, such as `#/definitions/iddef`.
    private func resolve(_ reference: String) -> JSON? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }
}

/// The string formats the validator knows, each checked against its RFC's grammar with
/// regular expressions written from the ABNF (independently of kiosk's own URI code).
enum JSONSchemaFormat {
    /// Whether `text` has the format; `nil` for a format this validator does not know.
    static func check(_ format: String, _ text: String) -> Bool? {
        switch format {
        case "uri": matches(uri, text)
        case "uri-reference": matches(uri, text) || matches(relativeReference, text)
        case "date-time": isDateTime(text)
        case "uri-template": matches(uriTemplate, text)
        default: nil
        }
    }

    // MARK: RFC 3986, appendix A

    private static let pct = "%[0-9A-Fa-f]{2}"
    private static let unreserved = "A-Za-z0-9\\-._~"
    private static let subDelims = "!$&'()*+,;="
    private static let pchar = "(?:[\(unreserved)\(subDelims):@]|\(pct))"
    private static let segment = "\(pchar)*"
    private static let segmentNZ = "\(pchar)+"
    private static let segmentNZNC = "(?:[\(unreserved)\(subDelims)@]|\(pct))+"
    private static let queryOrFragment = "(?:\(pchar)|[/?])*"
    private static let scheme = "[A-Za-z][A-Za-z0-9+\\-.]*"
    private static let h16 = "[0-9A-Fa-f]{1,4}"
    private static let decOctet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
    private static let ipv4 = "\(decOctet)\\.\(decOctet)\\.\(decOctet)\\.\(decOctet)"
    private static let ls32 = "(?:\(h16):\(h16)|\(ipv4))"
    private static let ipv6 = "(?:" + [
        "(?:\(h16):){6}\(ls32)",
        "::(?:\(h16):){5}\(ls32)",
        "(?:\(h16))?::(?:\(h16):){4}\(ls32)",
        "(?:(?:\(h16):){0,1}\(h16))?::(?:\(h16):){3}\(ls32)",
        "(?:(?:\(h16):){0,2}\(h16))?::(?:\(h16):){2}\(ls32)",
        "(?:(?:\(h16):){0,3}\(h16))?::\(h16):\(ls32)",
        "(?:(?:\(h16):){0,4}\(h16))?::\(ls32)",
        "(?:(?:\(h16):){0,5}\(h16))?::\(h16)",
        "(?:(?:\(h16):){0,6}\(h16))?::",
    ].joined(separator: "|") + ")"
    private static let ipvFuture = "[vV][0-9A-Fa-f]+\\.[\(unreserved)\(subDelims):]+"
    private static let host = "(?:\\[(?:\(ipv6)|\(ipvFuture))\\]|\(ipv4)|(?:[\(unreserved)\(subDelims)]|\(pct))*)"
    private static let authority = "(?:(?:[\(unreserved)\(subDelims):]|\(pct))*@)?\(host)(?::[0-9]*)?"
    private static let pathAbEmpty = "(?:/\(segment))*"
    private static let pathAbsolute = "/(?:\(segmentNZ)(?:/\(segment))*)?"
    private static let pathRootless = "\(segmentNZ)(?:/\(segment))*"
    private static let pathNoScheme = "\(segmentNZNC)(?:/\(segment))*"
    private static let tail = "(?:\\?\(queryOrFragment))?(?:#\(queryOrFragment))?"

    static let uri = regex("\(scheme):(?://\(authority)\(pathAbEmpty)|\(pathAbsolute)|\(pathRootless)|)\(tail)")
    static let relativeReference = regex("(?://\(authority)\(pathAbEmpty)|\(pathAbsolute)|\(pathNoScheme)|)\(tail)")

    // MARK: RFC 6570 §2

    /// RFC 3987's `ucschar`: planes 1 to 13 but their last two code points, and most of 14.
    private static let ucschar = "\\x{A0}-\\x{D7FF}\\x{F900}-\\x{FDCF}\\x{FDF0}-\\x{FFEF}" + (1...13).map { plane in
        let base = String(plane, radix: 16, uppercase: true)
        return "\\x{\(base)0000}-\\x{\(base)FFFD}"
    }.joined() + "\\x{E1000}-\\x{EFFFD}"
    private static let iprivate = "\\x{E000}-\\x{F8FF}\\x{F0000}-\\x{FFFFD}\\x{100000}-\\x{10FFFD}"
    private static let literal = "(?:[\\x{21}\\x{23}\\x{24}\\x{26}\\x{28}-\\x{3B}\\x{3D}\\x{3F}-\\x{5B}\\x{5D}\\x{5F}\\x{61}-\\x{7A}\\x{7E}\(ucschar)\(iprivate)]|\(pct))"
    private static let varchar = "(?:[A-Za-z0-9_]|\(pct))"
    private static let varspec = "\(varchar)(?:\\.?\(varchar))*(?::[1-9][0-9]{0,3}|\\*)?"
    private static let expression = "\\{[+#./;?&=,!@|]?\(varspec)(?:,\(varspec))*\\}"
    static let uriTemplate = regex("(?:\(literal)|\(expression))*")

    // MARK: RFC 3339 §5.6

    private static let dateTime = regex(
        "([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))"
    )

    /// The grammar, then the ranges: month 01–12, the day within its month (29 February
    /// only in leap years), hour 00–23, minute 00–59, second 00–59, or 60 for a leap
    /// second, which can only be the last second of a UTC day; offsets up to 23:59.
    static func isDateTime(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = dateTime.firstMatch(in: text, range: range), match.range == range else { return false }
        func field(_ index: Int) -> Int? {
            Range(match.range(at: index), in: text).flatMap { Int(text[$0]) }
        }
        guard let year = field(1), let month = field(2), let day = field(3), let hour = field(4), let minute = field(5), let second = field(6) else {
            return false
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day), hour <= 23, minute <= 59, second <= 60 else { return false }
        var offset = 0
        if let sign = Range(match.range(at: 7), in: text).map({ text[$0] }), let offsetHour = field(8), let offsetMinute = field(9) {
            guard offsetHour <= 23, offsetMinute <= 59 else { return false }
            offset = (offsetHour * 60 + offsetMinute) * (sign == "-" ? -1 : 1)
        }
        if second == 60 {
            let utcMinute = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
            return utcMinute == 23 * 60 + 59
        }
        return true
    }

    // MARK: Matching

    private static func regex(_ pattern: String) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: "^(?:\(pattern))$")
        } catch {
            preconditionFailure("a format's regular expression does not compile: \(error)")
        }
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range)?.range == range
    }
}
