/// Why the HTTP daemon could not start.
public enum DaemonError: Error, Sendable, Equatable {
    /// libmicrohttpd cannot be loaded (not installed): the loader's words.
    case libraryUnavailable(String)
    /// HTTPS was asked for and this libmicrohttpd has none.
    case noTLS
    /// The library would not start; its last message, when it gave one.
    case startFailed(String?)

    public var message: String {
        switch self {
        case .libraryUnavailable(let reason):
            "libmicrohttpd (libmicrohttpd.so.12) cannot be loaded: \(reason); install libmicrohttpd12 (Debian: apt-get install libmicrohttpd12)"
        case .noTLS: "this libmicrohttpd was built without HTTPS"
        case .startFailed(let reason?): "the HTTP server did not start: \(reason)"
        case .startFailed(nil): "the HTTP server did not start"
        }
    }
}
