import KioskWire

/// A request's target as libmicrohttpd hands it, its query already taken off: the path,
/// and for a target in absolute form (`http://127.0.0.1:8080/api/v1/menu`, which RFC 9112
/// §3.2.2 has a server accept) the authority it names, which stands for `Host`.
struct RequestTarget {
    let path: String
    let authority: String?
    /// Bytes of the target without its query.
    let length: Int

    init(_ target: String) {
        length = target.utf8.count
        let bytes = Array(target.utf8)
        let scheme = RequestTarget.schemeLength(bytes)
        guard scheme > 0 else {
            path = target
            authority = nil
            return
        }
        let rest = bytes[scheme...]
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        authority = String(decoding: rest[..<slash], as: UTF8.self)
        path = slash == rest.endIndex ? "/" : String(decoding: rest[slash...], as: UTF8.self)
    }

    /// `http://` or `https://` in any case: their length, else 0.
    private static func schemeLength(_ bytes: [UInt8]) -> Int {
        for scheme in ["http://", "https://"] {
            let prefix = bytes.prefix(scheme.utf8.count).map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }
            if prefix.elementsEqual(scheme.utf8) { return scheme.utf8.count }
        }
        return 0
    }

    /// Bytes of `?name=value&…` as it was sent (a name without a value counted without `=`).
    static func queryLength(_ query: [HTTPField]) -> Int {
        query.reduce(0) { total, field in total + 1 + field.name.utf8.count + (field.value.isEmpty ? 0 : 1 + field.value.utf8.count) }
    }
}
