import Foundation

/// A real MQTT subscriber for the tests: `mosquitto_sub` on a `MosquittoBroker`, with every
/// message it receives — retained ones too, and the MQTT 5 properties.
///
/// mosquitto_sub reconnects by itself when the broker comes back; with a fixed `clientID`
/// and `persistentSession`, a broker with persistence keeps its subscription and its
/// messages meanwhile.
public final class MQTTSubscriber: @unchecked Sendable {
    /// One message as mosquitto_sub printed it.
    public struct Message: Sendable, CustomStringConvertible {
        public let topic: String
        /// Set for a retained message delivered because the subscription is new.
        public let retained: Bool
        public let qos: Int
        /// MQTT 5 content type, if any.
        public let contentType: String?
        /// MQTT 5 user properties.
        public let userProperties: [String: String]
        public let payload: [UInt8]

        public var text: String { String(decoding: payload, as: UTF8.self) }
        public var description: String { "\(topic) \(retained ? "(retained) " : "")\(text)" }
    }

    private let process = Process()
    private let lock = NSLock()
    private var received: [Message] = []
    private var subscribed = false
    private var output = ""

    /// Starts `mosquitto_sub -t TOPIC -q QOS -V 5` and waits until it has subscribed.
    public init(
        broker: MosquittoBroker, topic: String = "kiosk/#", qos: Int = 1, username: String? = nil, password: String? = nil,
        clientID: String? = nil, persistentSession: Bool = false
    ) throws {
        var arguments = [
            "-oL", try MosquittoBroker.locate("mosquitto_sub"),
            "-h", broker.options.tls ? "localhost" : "127.0.0.1", "-p", String(broker.port),
            "-t", topic, "-q", String(qos), "-V", "5", "-d",
            // One line per message, fields by tab, the payload in hex: nothing in a
            // payload can break a line.
            "-F", "MSG\t%t\t%r\t%q\t%C\t%P\t%x",
            // mosquitto 2.0.11 lets more QoS 2 messages be in flight to a subscriber than
            // the receive maximum it asked for (20 by default), and the subscriber then
            // drops the connection as a protocol error: ask for the most MQTT allows.
            "-D", "connect", "receive-maximum", "65535",
        ]
        if let username { arguments += ["-u", username] }
        if let password { arguments += ["-P", password] }
        if let clientID { arguments += ["-i", clientID] }
        if persistentSession { arguments += ["-c"] }
        if broker.options.tls {
            arguments += ["--cafile", broker.caFile]
            if broker.options.requireClientCertificate {
                arguments += ["--cert", broker.clientCertificate.certfile, "--key", broker.clientCertificate.keyfile]
            }
        }
        // stdbuf: mosquitto_sub's debug lines, which say it has subscribed, are otherwise
        // held in its buffer.
        process.executableURL = URL(fileURLWithPath: try MosquittoBroker.locate("stdbuf"))
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let reader = pipe.fileHandleForReading
        // Weak: the subscriber goes away (and stops mosquitto_sub) with its last user.
        Thread.detachNewThread { [weak self] in MQTTSubscriber.read(reader) { self?.take($0) } }
        try waitFor("mosquitto_sub to subscribe to \(topic)") { _ in lock.withLock { subscribed } }
    }

    deinit {
        stop()
    }

    /// Every message so far, in arrival order.
    public var messages: [Message] { lock.withLock { received } }

    /// The messages on one topic.
    public func messages(on topic: String) -> [Message] { messages.filter { $0.topic == topic } }

    /// Everything mosquitto_sub printed that was not a message (its debug lines).
    public var log: String { lock.withLock { output } }

    /// Waits until `condition` holds for the messages so far.
    /// Waits until `condition` holds of the messages received. The bound is generous: under
    /// a full parallel test run on two cores, `mosquitto_sub` printing thousands of
    /// messages is slow.
    public func waitFor(_ what: String, timeout: Duration = .seconds(60), _ condition: ([Message]) -> Bool) throws {
        try KioskTestSupport.waitFor(what, timeout: timeout) { condition(messages) }
    }

    public func stop() {
        if process.isRunning {
            // Not SIGTERM: mosquitto_sub then says goodbye to a broker that may be gone.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private static func read(_ handle: FileHandle, _ take: (String) -> Void) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                take(line)
            }
        }
    }

    private func take(_ line: String) {
        lock.withLock {
            guard line.hasPrefix("MSG\t"), let message = MQTTSubscriber.parse(line) else {
                output += line + "\n"
                if line.hasPrefix("Subscribed (mid:") { subscribed = true }
                return
            }
            received.append(message)
        }
    }

    private static func parse(_ line: String) -> Message? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7 else { return nil }
        var properties: [String: String] = [:]
        for pair in fields[5].split(separator: " ") {
            guard let colon = pair.firstIndex(of: ":") else { continue }
            properties[String(pair[..<colon])] = String(pair[pair.index(after: colon)...])
        }
        var payload: [UInt8] = []
        var hex = fields[6].utf8.makeIterator()
        while let high = hex.next(), let low = hex.next() {
            guard let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            payload.append(byte)
        }
        return Message(
            topic: String(fields[1]), retained: fields[2] == "1", qos: Int(fields[3]) ?? -1,
            contentType: fields[4].isEmpty ? nil : String(fields[4]), userProperties: properties, payload: payload
        )
    }
}
