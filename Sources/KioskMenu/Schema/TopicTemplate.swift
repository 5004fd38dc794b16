/// An MQTT topic to publish to, with placeholders: `kiosk/{kiosk}/events/{type}`.
///
/// `{{` and `}}` stand for literal braces, as in message templates. A topic to publish to
/// names one topic: it is not empty and has no `+` or `#` wildcard.
public struct TopicTemplate: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    /// What is wrong with a topic.
    public enum Problem: Error, Sendable, Hashable {
        case empty
        case wildcard(Character)
        /// `{name}` starts `utf8Offset` bytes into the topic and is `utf8Length` long.
        case unknownPlaceholder(name: String, utf8Offset: Int, utf8Length: Int)
    }

    /// The topic as written.
    public let text: String
    public let segments: [Segment]

    /// Reads `text`, whose `{name}`s must be among `placeholders`.
    public init(parsing text: String, placeholders: [String]) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        if let wildcard = text.first(where: { $0 == "+" || $0 == "#" }) { throw .wildcard(wildcard) }
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var utf8Offset = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" || scalar == "}", index + 1 < scalars.count, scalars[index + 1] == scalar {
                literal.unicodeScalars.append(scalar)
                index += 2
                utf8Offset += 2
                continue
            }
            if scalar == "{", let (name, length) = TopicTemplate.placeholder(in: scalars, at: index) {
                guard placeholders.contains(name) else {
                    throw .unknownPlaceholder(name: name, utf8Offset: utf8Offset, utf8Length: length)
                }
                if !literal.isEmpty { segments.append(.text(literal)) }
                literal = ""
                segments.append(.placeholder(name))
                index += length
                utf8Offset += length
                continue
            }
            literal.unicodeScalars.append(scalar)
            index += 1
            utf8Offset += UTF8.width(scalar)
        }
        if !literal.isEmpty { segments.append(.text(literal)) }
        self.text = text
        self.segments = segments
    }

    /// The topic with each placeholder replaced by `value(name)`.
    public func render(_ value: (String) -> String) -> String {
        var topic = ""
        for segment in segments {
            switch segment {
            case .text(let text): topic += text
            case .placeholder(let name): topic += value(name)
            }
        }
        return topic
    }

    /// The name of the `{name}` at `start` and the length of the whole `{name}` (ASCII, so
    /// scalars and UTF-8 bytes agree); `nil` when the brace opens no placeholder.
    private static func placeholder(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var name = ""
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            let scalar = scalars[index]
            guard scalar.isASCII, scalar.properties.isAlphabetic || scalar == "_" || scalar == "-" || scalar == "." else { return nil }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard index < scalars.count, !name.isEmpty else { return nil }
        return (name, index - start + 1)
    }
}
