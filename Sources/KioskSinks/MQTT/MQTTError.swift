import KioskText

/// Why the MQTT client could not connect or publish, in words a person can act on. The
/// texts are made here, and none of them holds a password.
public enum MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libmosquitto could not be loaded.
    case libraryUnavailable(String)
    /// A setting libmosquitto would not take: a TLS file, a client id.
    case invalidSetting(String, reason: String)
    /// No connection could be made: the broker is down, the name does not resolve.
    case cannotConnect(address: String, reason: String)
    /// The TLS handshake failed: an unknown CA, a certificate for another name.
    case tls(address: String, reason: String)
    /// The broker answered the CONNECT with a refusal.
    case refused(address: String, reason: String)
    /// The broker did not answer the CONNECT in time.
    case noAnswer(address: String, within: Duration)
    /// An established connection dropped.
    case connectionLost(address: String, reason: String)
    /// libmosquitto would not take a message now: try again later.
    case publishFailed(topic: String, reason: String)
    /// libmosquitto will never take this message: too large for the broker, a bad topic.
    case messageRejected(topic: String, reason: String)
    /// The client was closed.
    case closed

    public var description: String {
        switch self {
        case .libraryUnavailable(let reason): tr("cannot load libmosquitto (Debian's libmosquitto1): {reason}", ["reason": reason])
        case .invalidSetting(let setting, let reason): tr("cannot use {setting}: {reason}", ["setting": setting, "reason": reason])
        case .cannotConnect(let address, let reason): tr("cannot connect to {address}: {reason}", ["address": address, "reason": reason])
        case .tls(let address, let reason): tr("TLS with {address} failed: {reason}", ["address": address, "reason": reason])
        case .refused(let address, let reason): tr("{address} refused the connection: {reason}", ["address": address, "reason": reason])
        case .noAnswer(let address, let within): tr("no answer from {address} within {duration}", ["address": address, "duration": within.menuText])
        case .connectionLost(let address, let reason): tr("lost the connection to {address}: {reason}", ["address": address, "reason": reason])
        case .publishFailed(let topic, let reason), .messageRejected(let topic, let reason):
            tr("cannot publish to '{topic}': {reason}", ["topic": topic, "reason": reason])
        case .closed: tr("the MQTT client is closed")
        }
    }
}
