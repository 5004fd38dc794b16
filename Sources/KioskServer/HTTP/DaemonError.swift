import KioskText

/// Why the HTTP daemon could not start.
public enum DaemonError: Error, Sendable, Equatable {
    /// libmicrohttpd cannot be loaded (not installed): the loader's words.
    case libraryUnavailable(String)
    /// HTTPS was asked for and this libmicrohttpd has none.
    case noTLS
    /// The library would not start; its last message, when it gave one.
    case startFailed(String?)

    /// The error in words, in the operator's language.
    public var message: String {
        switch self {
        case .libraryUnavailable(let reason):
            tr("libmicrohttpd (libmicrohttpd.so.12) cannot be loaded: {reason}; install libmicrohttpd12 (Debian: apt-get install libmicrohttpd12)", ["reason": reason])
        case .noTLS: tr("this libmicrohttpd was built without HTTPS")
        case .startFailed(let reason?): tr("the HTTP server did not start: {reason}", ["reason": reason])
        case .startFailed(nil): tr("the HTTP server did not start")
        }
    }
}
