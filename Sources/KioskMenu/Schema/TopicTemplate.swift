import KioskText

/// An MQTT topic to publish to, with placeholders: `kiosk/{kiosk}/events/{type}`.
///
/// `{{` and `}}` stand for literal braces, as in message templates. A topic to publish to
/// names one topic: it is not empty and has no `+` or `#` wildcard.
public struct TopicTemplate: Sendable, Hashable {
    public typealias Segment = BraceTemplate.Piece<String>

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
        segments = try BraceTemplate.pieces(of: text) { (name, utf8Offset, utf8Length) throws(Problem) in
            guard placeholders.contains(name) else { throw .unknownPlaceholder(name: name, utf8Offset: utf8Offset, utf8Length: utf8Length) }
            return name
        }
        self.text = text
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
}
