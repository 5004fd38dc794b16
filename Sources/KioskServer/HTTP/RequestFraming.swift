import KioskText
import KioskWire

/// Why a request is refused from its request line and headers alone, before any of its body
/// is read: its head is too large, or where its body ends is not one clear answer
/// (RFC 9112 §6). A server and a proxy in front of it that read such a request's length
/// differently see different requests in the same bytes (request smuggling), so none is
/// guessed at: each is refused, and the connection closed after the answer.
public enum FramingProblem: Sendable, Equatable {
    /// White space between a header's name and its colon (RFC 9112 §5.1): libmicrohttpd
    /// keeps it in the name, so `Content-Length : 5` would be no length to it.
    case whitespaceInFieldName
    /// More than one `Content-Length`, with different values.
    case conflictingLengths
    /// `Content-Length` and `Transfer-Encoding` together.
    case lengthWithTransferEncoding
    /// A `Transfer-Encoding` that leaves the body's end unknown: `chunked` not last, or
    /// twice, or in an HTTP/1.0 request.
    case unframedTransferEncoding
    /// A transfer coding other than `chunked` (`gzip, chunked`).
    case unsupportedTransferCoding(String)
    /// A declared length past the body limit.
    case bodyTooLarge(limit: Int)
    /// A request target longer than the head limit.
    case targetTooLong(limit: Int)
    /// A request line and headers larger than the head limit.
    case headersTooLarge(limit: Int)

    /// The status RFC 9110 and RFC 9112 give it.
    public var status: Int {
        switch self {
        case .whitespaceInFieldName, .conflictingLengths, .lengthWithTransferEncoding, .unframedTransferEncoding: 400
        case .unsupportedTransferCoding: 501
        case .bodyTooLarge: 413
        case .targetTooLong: 414
        case .headersTooLarge: 431
        }
    }
}

/// The checks of a request's head that decide whether its body can be read at all.
public enum RequestFraming {
    /// What is wrong with a request's framing, or `nil`. `headSize` is the bytes of its
    /// request line and headers, `targetLength` those of its target.
    ///
    /// libmicrohttpd reads the first `Content-Length` alone, and a `Transfer-Encoding` that
    /// is not exactly `chunked` as a body that ends when the connection does; both are
    /// refused here before it reads a byte of such a body.
    public static func problem(
        version: String, headers: [HTTPField], headSize: Int, targetLength: Int, bodyLimit: Int, headLimit: Int
    ) -> FramingProblem? {
        if targetLength > headLimit { return .targetTooLong(limit: headLimit) }
        if headSize > headLimit { return .headersTooLarge(limit: headLimit) }
        if headers.contains(where: { $0.name.utf8.contains { $0 == 0x20 || $0 == 0x09 } }) { return .whitespaceInFieldName }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map { $0.value.trimmingWhitespace() }
        let encodings = headers.filter { $0.name.lowercased() == "transfer-encoding" }.map(\.value)
        if !encodings.isEmpty {
            if !lengths.isEmpty { return .lengthWithTransferEncoding }
            return transferProblem(encodings, version: version)
        }
        guard let length = lengths.first else { return nil }
        if lengths.contains(where: { $0 != length }) { return .conflictingLengths }
        // libmicrohttpd has refused a first length that is not all digits; any number of
        // them past the limit is too large, however many digits (2^64 − 1 included).
        let digits = length.drop { $0 == "0" }
        if digits.count > 19 || (UInt64(digits) ?? 0) > UInt64(bodyLimit) { return .bodyTooLarge(limit: bodyLimit) }
        return nil
    }

    /// `chunked` alone is a body whose end is known; anything else is refused.
    private static func transferProblem(_ fields: [String], version: String) -> FramingProblem? {
        if version == "HTTP/1.0" { return .unframedTransferEncoding }
        let codings = fields.flatMap { $0.split(separator: ",") }.map { String($0).trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
        guard codings.last == "chunked" else { return .unframedTransferEncoding }
        if let other = codings.first(where: { $0 != "chunked" }) { return .unsupportedTransferCoding(other) }
        // `chunked` once, in one field as libmicrohttpd compares it.
        guard codings.count == 1, fields.count == 1, fields[0].lowercased() == "chunked" else { return .unframedTransferEncoding }
        return nil
    }
}
