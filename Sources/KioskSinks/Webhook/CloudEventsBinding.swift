import KioskCore
import KioskText
import KioskWire

/// The CloudEvents HTTP protocol binding (version 1.0): how an event rides in a request.
///
/// In structured mode the body is `Event.json` with `structuredContentType`. In binary mode
/// (`binary(_:)`) the attributes travel as `ce-*` headers and the body is `data` alone.
public enum CloudEventsBinding {
    /// The `Content-Type` of a request whose body is the whole event.
    public static let structuredContentType = "application/cloudevents+json; charset=utf-8"

    /// The headers and body of `event` in binary mode: `ce-specversion`, `ce-id`,
    /// `ce-source`, `ce-type`, `ce-time`, the extension `ce-seq`, and `Content-Type`
    /// for `data` (its `datacontenttype`). Values are percent-encoded as the binding requires.
    public static func binary(_ event: Event) -> BinaryMessage {
        let headers = [
            HTTPField("ce-specversion", "1.0"),
            HTTPField("ce-id", percentEncoded(event.id.description)),
            HTTPField("ce-source", percentEncoded(event.source)),
            HTTPField("ce-type", percentEncoded(event.type.rawValue)),
            HTTPField("ce-time", percentEncoded(event.time.iso8601)),
            HTTPField("ce-seq", String(event.sequence)),
            HTTPField("Content-Type", Event.dataContentType),
        ]
        return BinaryMessage(headers: headers, body: event.dataJSON)
    }

    /// An event in binary mode: its attributes as headers, its data as the body.
    public struct BinaryMessage: Sendable, Equatable {
        public let headers: [HTTPField]
        public let body: [UInt8]
    }

    /// `value` as a header value: space, `"`, `%` and every byte outside printable ASCII
    /// as `%XX` of its UTF-8, upper-case, and everything else as it is (the binding's §3.1.3.2).
    public static func percentEncoded(_ value: String) -> String {
        PercentEncoding.encode(value) { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "%")
        }
    }
}
