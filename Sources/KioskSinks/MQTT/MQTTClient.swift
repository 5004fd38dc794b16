import CMosquitto
import KioskSystem
import Synchronization
import KioskText

/// An MQTT client over one libmosquitto handle: it connects in the background, reconnects
/// with back-off, and reports each publish's acknowledgement by message id.
///
/// - Connecting starts when the client is made, on a thread of the client's own; each
///   connection runs libmosquitto's network thread (`mosquitto_loop_start`). When the
///   connection drops, that thread is stopped and the client tries again after a back-off
///   (`MQTTConfiguration.reconnect`: exponential with full jitter). libmosquitto's own
///   reconnection is never used: it has no jitter, and a thread it ends on a TLS error
///   would end without a word.
/// - The session is not clean: messages of QoS 1 and 2 published while the connection is
///   down, or not yet acknowledged when it dropped, are kept by libmosquitto and sent
///   again after the next connection.
/// - MQTT 5 is asked for first; when the broker refuses it, the client speaks 3.1.1 from
///   then on, and message properties are left out.
/// - `publish` queues a message and returns its id at once; `outcome(of:)` and
///   `waitForAcknowledgements` tell when the broker has it: PUBACK for QoS 1, PUBCOMP for
///   QoS 2, written to the socket for QoS 0.
/// - `close` disconnects cleanly, so the broker discards the will. It publishes nothing
///   itself: a caller that wants an `offline` status publishes it first.
///
/// libmosquitto's callbacks carry no Swift context; they find their client through
/// `MQTTCallbacks`.
public final class MQTTClient: @unchecked Sendable {
    public let configuration: MQTTConfiguration
    private let library: MQTTLibrary
    private let handle: OpaquePointer
    private let onConnect: @Sendable (MQTTClient) -> Void
    /// Keeps publishes out of the way of connecting and stopping, and says whether the
    /// handle is destroyed. Never held in a callback: stopping joins the callbacks' thread.
    private let calls = Mutex(false)

    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var state = State.connecting
    private var lastError: MQTTError?
    private var version: MQTTProtocolVersion
    private var connections = 0
    /// Counts attempts to connect: libmosquitto drops the unwritten packets of the last
    /// connection at each, which for QoS 0 messages means they are lost.
    private var epoch = 0
    private var failedAttempts = 0
    private var failuresInARow = 0
    /// What the callbacks reported during the current connection.
    private var connack: Int32?
    private var lost: (code: Int32, errorNumber: Int32)?
    private var libraryError: String?
    /// Whether the first attempt to connect has begun. libmosquitto (2.0) drops the retain
    /// flag of a message published before then.
    private var attempted = false
    private var closing = false
    private var finished = false
    private var waiters = 0
    /// An acknowledgement of this sequence or a later one wakes the waiters; the ones
    /// before it would only wake them to find the newest they wait for still pending.
    private var wakeAt: UInt64 = .max
    private var nextSequence: UInt64 = 1
    /// 0 for a message nobody waits for.
    private var sequenceByMid: [Int32: UInt64] = [:]
    private var unsettled: [UInt64: Unsettled] = [:]
    /// Messages refused by the broker or lost with their connection; absent and settled
    /// means acknowledged.
    private var failed: [UInt64: Delivery] = [:]
    /// Acknowledgements that arrived before `publish` recorded their message.
    private var earlyAcknowledgements: [Int32: Int32] = [:]

    /// Loads libmosquitto if need be, sets up a handle and starts connecting.
    ///
    /// - Parameter onConnect: runs on the client's thread after each connection is
    ///   established, before anything else is done with it (to publish an `online`).
    /// The library MQTT sinks load, as `kiosk --version` names it.
    public static let libraryName = "libmosquitto.so.1"

    /// The version of the libmosquitto a client would load (`2.0.11`), loading it; `nil`
    /// when it cannot be. For `kiosk --version`.
    public static func libraryVersion() -> String? {
        MQTTLibrary.version()
    }

    public init(_ configuration: MQTTConfiguration, onConnect: @escaping @Sendable (MQTTClient) -> Void = { _ in }) throws(MQTTError) {
        let library = try MQTTLibrary.load()
        self.library = library
        self.configuration = configuration
        self.onConnect = onConnect
        self.version = configuration.protocolVersion
        self.handle = try MQTTClient.makeHandle(configuration, library: library)
        MQTTCallbacks.register(self, handle: handle)
        MQTTCallbacks.install(on: handle, library: library)
        WorkerThread.start(name: "kiosk-mqtt", background: true) { [self] in runConnector() }
    }

    // MARK: Types

    /// Where the connection is.
    public enum State: Sendable, Equatable {
        /// An attempt is under way.
        case connecting
        case connected
        /// Waiting out the back-off before the next attempt.
        case waiting
        case closed
    }

    /// The connection as `sinks` shows it.
    public struct Status: Sendable, Equatable {
        public let state: State
        /// The last thing that went wrong, even if it has since recovered.
        public let lastError: MQTTError?
        /// The version in use, or to be tried next.
        public let protocolVersion: MQTTProtocolVersion
        /// Connections established so far.
        public let connections: Int
        /// Attempts that failed so far.
        public let failedAttempts: Int
    }

    /// A published message, to ask about its acknowledgement.
    public struct MessageID: Sendable, Hashable {
        /// The MQTT packet identifier libmosquitto gave it (reused after 65,535).
        public let packetIdentifier: Int32
        /// Never reused: what the client tracks the message by.
        let sequence: UInt64
    }

    /// What became of a published message.
    public enum Delivery: Sendable, Equatable {
        case pending
        /// The broker has it: PUBACK, PUBCOMP, or (QoS 0) it was written to the socket.
        case acknowledged
        /// The broker answered with an MQTT 5 failure reason: `not authorized`.
        case refused(String)
        /// A QoS 0 message whose connection ended before it was written.
        case lost
    }

    /// MQTT 5 properties of a message; left out over 3.1.1.
    public struct Properties: Sendable {
        public var contentType: String?
        public var userProperties: [UserProperty]
        /// Says the payload is UTF-8 text.
        public var utf8Payload: Bool

        public init(contentType: String? = nil, userProperties: [UserProperty] = [], utf8Payload: Bool = false) {
            self.contentType = contentType
            self.userProperties = userProperties
            self.utf8Payload = utf8Payload
        }

        var isEmpty: Bool { contentType == nil && userProperties.isEmpty && !utf8Payload }

        /// An MQTT 5 user property: a name and a value, both text.
        public struct UserProperty: Sendable, Equatable {
            public let name: String
            public let value: String

            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }
    }

    private struct Unsettled {
        let mid: Int32
        let qos: Int
        /// The attempt to connect it was published after.
        let epoch: Int
    }

    private enum Attempt {
        case connected(since: ContinuousClock.Instant)
        case failed
        case retryAt311
        case closing
    }

    // MARK: Publishing

    /// Queues a message and returns its id. QoS 1 and 2 messages queued while the
    /// connection is down go out when it is back.
    public func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool, properties: Properties = Properties()) throws(MQTTError) -> MessageID {
        let v5 = condition.withLock {
            // A moment at most: the client's thread starts the first attempt at once.
            while !attempted, !closing { condition.wait() }
            return version == .v5
        }
        var mid: Int32 = 0
        var code = try publish(topic: topic, payload: payload, qos: qos, retain: retain, properties: v5 ? properties : Properties(), mid: &mid)
        if code == MOSQ_ERR_NOT_SUPPORTED.rawValue, v5, !properties.isEmpty {
            // The client fell back to 3.1.1 meanwhile.
            code = try publish(topic: topic, payload: payload, qos: qos, retain: retain, properties: Properties(), mid: &mid)
        }
        // Without a connection libmosquitto says so, but keeps a QoS 1 or 2 message queued
        // to send after connecting: it is published all the same.
        let queued = code == MOSQ_ERR_SUCCESS.rawValue || (qos > 0 && code == MOSQ_ERR_NO_CONN.rawValue)
        guard queued else {
            let reason = library.reason(code, errorNumber: SystemError.current().code)
            if qos > 0, mid != 0 { ignoreAcknowledgement(of: mid) }
            let never = [MOSQ_ERR_PAYLOAD_SIZE, MOSQ_ERR_OVERSIZE_PACKET, MOSQ_ERR_INVAL, MOSQ_ERR_MALFORMED_UTF8].map(\.rawValue)
            throw never.contains(code) ? .messageRejected(topic: topic, reason: reason) : .publishFailed(topic: topic, reason: reason)
        }
        return record(mid: mid, qos: qos)
    }

    private func publish(
        topic: String, payload: [UInt8], qos: Int, retain: Bool, properties: Properties, mid: inout Int32
    ) throws(MQTTError) -> Int32 {
        var list: OpaquePointer?
        defer { if list != nil { kiosk_mosq_property_free_all(library.api, &list) } }
        if let contentType = properties.contentType {
            _ = kiosk_mosq_property_add_string(library.api, &list, Int32(MQTT_PROP_CONTENT_TYPE.rawValue), contentType)
        }
        if properties.utf8Payload {
            _ = kiosk_mosq_property_add_byte(library.api, &list, Int32(MQTT_PROP_PAYLOAD_FORMAT_INDICATOR.rawValue), 1)
        }
        for property in properties.userProperties {
            _ = kiosk_mosq_property_add_string_pair(library.api, &list, Int32(MQTT_PROP_USER_PROPERTY.rawValue), property.name, property.value)
        }
        var packet: Int32 = 0
        let code = try calls.withLock { destroyed throws(MQTTError) -> Int32 in
            guard !destroyed else { throw .closed }
            return payload.withUnsafeBytes {
                kiosk_mosq_publish(library.api, handle, &packet, topic, Int32(payload.count), $0.baseAddress, Int32(qos), retain, list)
            }
        }
        mid = packet
        return code
    }

    private func record(mid: Int32, qos: Int) -> MessageID {
        condition.withLock {
            let sequence = nextSequence
            nextSequence += 1
            if let reason = earlyAcknowledgements.removeValue(forKey: mid) {
                settle(sequence, reason: reason)
            } else {
                sequenceByMid[mid] = sequence
                unsettled[sequence] = Unsettled(mid: mid, qos: qos, epoch: epoch)
            }
            return MessageID(packetIdentifier: mid, sequence: sequence)
        }
    }

    /// A message libmosquitto numbered (and may hold) although its publish failed: its
    /// acknowledgement, if one comes, must not be taken for another message's.
    private func ignoreAcknowledgement(of mid: Int32) {
        condition.withLock {
            if earlyAcknowledgements.removeValue(forKey: mid) == nil { sequenceByMid[mid] = 0 }
        }
    }

    /// What became of a message so far.
    public func outcome(of id: MessageID) -> Delivery {
        condition.withLock { outcomeLocked(id) }
    }

    private func outcomeLocked(_ id: MessageID) -> Delivery {
        if let message = unsettled[id.sequence] {
            return message.qos == 0 && message.epoch != epoch ? .lost : .pending
        }
        return failed[id.sequence] ?? .acknowledged
    }

    /// Waits until no message in `ids` is pending, or until `deadline`. Gives up early
    /// when the connection is down and an attempt to restore it has failed since the wait
    /// began (or the attempts were failing already): then the broker is down, not slow.
    /// Returns each message's outcome, in order.
    public func waitForAcknowledgements(_ ids: [MessageID], until deadline: ContinuousClock.Instant) -> [Delivery] {
        condition.withLock {
            let failuresAtStart = failedAttempts
            let failingAtStart = state != .connected && failuresInARow > 0
            waiters += 1
            defer { waiters -= 1 }
            var firstPending = 0
            while true {
                while firstPending < ids.count, outcomeLocked(ids[firstPending]) != .pending { firstPending += 1 }
                let down = state == .closed || (state != .connected && (failingAtStart || failedAttempts > failuresAtStart))
                if firstPending == ids.count || down { return ids.map(outcomeLocked) }
                let newest = ids[firstPending...].lazy.filter { self.outcomeLocked($0) == .pending }.map(\.sequence).max() ?? 0
                wakeAt = min(wakeAt, newest)
                if !condition.wait(until: deadline) { return ids.map(outcomeLocked) }
            }
        }
    }

    /// Waits until connected, closed or `deadline`; `true` when connected.
    public func waitUntilConnected(until deadline: ContinuousClock.Instant) -> Bool {
        condition.withLock {
            waiters += 1
            defer { waiters -= 1 }
            while state != .connected, state != .closed, condition.wait(until: deadline) {}
            return state == .connected
        }
    }

    public var status: Status {
        condition.withLock {
            Status(state: state, lastError: lastError, protocolVersion: version, connections: connections, failedAttempts: failedAttempts)
        }
    }

    /// Disconnects cleanly (DISCONNECT: the broker drops the will), stops the network
    /// thread and frees the handle; waits for that until `timeout`. Publishes nothing.
    public func close(timeout: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        condition.withLock {
            closing = true
            condition.broadcast()
            while !finished, condition.wait(until: deadline) {}
        }
    }

    // MARK: Callbacks (on the network thread)

    func didConnect(code: Int32) {
        condition.withLock {
            connack = code
            condition.broadcast()
        }
    }

    func didDisconnect(code: Int32, errorNumber: Int32) {
        // Stops libmosquitto's loop from reconnecting by itself: the state it checks becomes
        // "disconnected". The socket is already closed, so nothing is sent.
        _ = kiosk_mosq_disconnect(library.api, handle)
        condition.withLock {
            lost = (code, errorNumber)
            if state == .connected { state = .connecting }
            condition.broadcast()
        }
    }

    func didPublish(mid: Int32, reason: Int32) {
        condition.withLock {
            var settled: UInt64?
            if let sequence = sequenceByMid.removeValue(forKey: mid) {
                unsettled[sequence] = nil
                settle(sequence, reason: reason)
                settled = sequence
            } else {
                earlyAcknowledgements[mid] = reason
            }
            if waiters > 0, let sequence = settled, sequence >= wakeAt {
                wakeAt = .max
                condition.broadcast()
            }
        }
    }

    func didLogError(_ text: String) {
        condition.withLock {
            libraryError = text
            condition.broadcast()
        }
    }

    /// Records a refusal; an acknowledgement needs no record.
    private func settle(_ sequence: UInt64, reason: Int32) {
        guard reason >= 0x80 else { return }
        failed[sequence] = .refused(library.reason(connack: reason, version: .v5))
        trimFailed()
    }

    private func trimFailed() {
        // Callers ask about recent messages; an old refusal may be forgotten.
        if failed.count > 4096, let newest = failed.keys.max() {
            failed = failed.filter { $0.key + 2048 > newest }
        }
    }

    // MARK: Connecting (on the client's thread)

    private func runConnector() {
        var random = SystemRandomNumberGenerator()
        var retry = 0
        attempts: while true {
            switch connectOnce() {
            case .closing:
                break attempts
            case .retryAt311:
                continue attempts
            case .failed:
                retry += 1
            case .connected(let since):
                onConnect(self)
                let closingNow = condition.withLock { () -> Bool in
                    while lost == nil, !closing { condition.wait() }
                    return closing
                }
                if closingNow {
                    // A DISCONNECT, so the broker discards the will.
                    stopNetworkThread()
                    break attempts
                }
                connectionLost()
                // A connection that lasted starts the back-off over; one that keeps
                // dropping at once backs off further each time.
                retry = ContinuousClock.now - since >= .seconds(10) ? 1 : retry + 1
            }
            let delay = configuration.reconnect.delay(beforeRetry: max(retry, 1), retryAfter: nil, using: &random)
            let proceed = condition.withLock { () -> Bool in
                state = .waiting
                let deadline = ContinuousClock.now.advanced(by: delay)
                while !closing, condition.wait(until: deadline) {}
                return !closing
            }
            guard proceed else { break attempts }
        }
        finish()
    }

    /// One attempt: connect, start the network thread, wait for the CONNACK.
    private func connectOnce() -> Attempt {
        let version = condition.withLock { () -> MQTTProtocolVersion? in
            guard !closing else { return nil }
            state = .connecting
            connack = nil
            lost = nil
            libraryError = nil
            return self.version
        }
        guard let version else { return .closing }
        let (code, errorNumber) = calls.withLock { _ in
            condition.withLock {
                epoch += 1
                forgetUnwrittenQoS0()
            }
            MQTTCallbacks.logErrors(true, on: handle, library: library)
            let result = startConnection(version)
            condition.withLock {
                attempted = true
                condition.broadcast()
            }
            return result
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            let logged = condition.withLock { libraryError }
            let address = configuration.address
            fail(code == MOSQ_ERR_TLS.rawValue
                ? .tls(address: address, reason: logged ?? library.reason(code, errorNumber: errorNumber))
                : .cannotConnect(address: address, reason: library.reason(code, errorNumber: errorNumber)))
            return .failed
        }
        let deadline = ContinuousClock.now.advanced(by: configuration.connectTimeout)
        let (answer, dropped, logged, closingNow) = condition.withLock {
            while connack == nil, lost == nil, libraryError == nil, !closing, condition.wait(until: deadline) {}
            return (connack, lost, libraryError, closing)
        }
        if answer == 0, !closingNow {
            MQTTCallbacks.logErrors(false, on: handle, library: library)
            let since = ContinuousClock.now
            condition.withLock {
                connections += 1
                failuresInARow = 0
                state = .connected
                condition.broadcast()
            }
            return .connected(since: since)
        }
        stopNetworkThread()
        if closingNow { return .closing }
        let address = configuration.address
        if let answer {
            if answer == Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue), version == .v5 {
                condition.withLock { self.version = .v311 }
                return .retryAt311
            }
            fail(.refused(address: address, reason: library.reason(connack: answer, version: version)))
        } else if let logged {
            fail(.tls(address: address, reason: logged))
        } else if let dropped {
            fail(.cannotConnect(address: address, reason: library.reason(disconnect: dropped.code, errorNumber: dropped.errorNumber)))
        } else {
            fail(.noAnswer(address: address, within: configuration.connectTimeout))
        }
        return .failed
    }

    /// Connects (blocking until the TCP connection is made) and starts the network
    /// thread. Returns libmosquitto's code and `errno`.
    private func startConnection(_ version: MQTTProtocolVersion) -> (Int32, Int32) {
        _ = kiosk_mosq_int_option(library.api, handle, MOSQ_OPT_PROTOCOL_VERSION, version.rawValue)
        var properties: OpaquePointer?
        defer { if properties != nil { kiosk_mosq_property_free_all(library.api, &properties) } }
        if version == .v5 {
            let expiry = UInt32(clamping: configuration.sessionExpiry.milliseconds / 1000)
            _ = kiosk_mosq_property_add_int32(library.api, &properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), expiry)
        }
        let keepalive = Int32(clamping: configuration.keepalive.milliseconds / 1000)
        let code = kiosk_mosq_connect(library.api, handle, configuration.host, Int32(configuration.port), keepalive, properties)
        let errorNumber = SystemError.current().code
        guard code == MOSQ_ERR_SUCCESS.rawValue else { return (code, errorNumber) }
        let started = kiosk_mosq_loop_start(library.api, handle)
        if started != MOSQ_ERR_SUCCESS.rawValue { _ = kiosk_mosq_disconnect(library.api, handle) }
        return (started, SystemError.current().code)
    }

    /// Ends an attempt or a connection: no reconnection by libmosquitto, no network thread.
    private func stopNetworkThread() {
        calls.withLock { _ in
            // Sends a DISCONNECT if the socket is still open, so the thread's loop ends.
            _ = kiosk_mosq_disconnect(library.api, handle)
            _ = kiosk_mosq_loop_stop(library.api, handle)
        }
    }

    private func connectionLost() {
        let dropped = condition.withLock { lost }
        stopNetworkThread()
        guard let dropped else { return }
        let reason = library.reason(disconnect: dropped.code, errorNumber: dropped.errorNumber)
        condition.withLock {
            lastError = .connectionLost(address: configuration.address, reason: reason)
            state = .connecting
            condition.broadcast()
        }
    }

    private func fail(_ error: MQTTError) {
        condition.withLock {
            lastError = error
            failedAttempts += 1
            failuresInARow += 1
            condition.broadcast()
        }
    }

    /// QoS 0 messages of an ended connection that were never written are gone for good.
    private func forgetUnwrittenQoS0() {
        for (sequence, message) in unsettled where message.qos == 0 && message.epoch != epoch {
            unsettled[sequence] = nil
            sequenceByMid[message.mid] = nil
            failed[sequence] = .lost
        }
        trimFailed()
    }

    /// Frees the handle once the network thread is gone.
    private func finish() {
        calls.withLock { destroyed in
            destroyed = true
            kiosk_mosq_destroy(library.api, handle)
        }
        MQTTCallbacks.unregister(handle: handle)
        condition.withLock {
            state = .closed
            finished = true
            condition.broadcast()
        }
    }

    // MARK: Setting up

    private static func makeHandle(_ configuration: MQTTConfiguration, library: MQTTLibrary) throws(MQTTError) -> OpaquePointer {
        guard let handle = kiosk_mosq_new(library.api, configuration.clientID, false) else {
            throw .invalidSetting(tr("client id '{id}'", ["id": configuration.clientID]), reason: tr("libmosquitto would not take it"))
        }
        do throws(MQTTError) {
            try configure(handle, configuration, library: library)
            return handle
        } catch {
            kiosk_mosq_destroy(library.api, handle)
            throw error
        }
    }

    /// Where Debian and Ubuntu keep the CA certificates they trust, hashed for OpenSSL.
    static let systemCertificates = "/etc/ssl/certs"

    private static func configure(_ handle: OpaquePointer, _ configuration: MQTTConfiguration, library: MQTTLibrary) throws(MQTTError) {
        func check(_ code: Int32, _ setting: String) throws(MQTTError) {
            guard code == MOSQ_ERR_SUCCESS.rawValue else {
                throw .invalidSetting(setting, reason: library.reason(code, errorNumber: SystemError.current().code))
            }
        }
        _ = kiosk_mosq_int_option(library.api, handle, MOSQ_OPT_TCP_NODELAY, 1)
        // Now, not at connecting: messages published before the first connection keep
        // their MQTT 5 properties.
        _ = kiosk_mosq_int_option(library.api, handle, MOSQ_OPT_PROTOCOL_VERSION, configuration.protocolVersion.rawValue)
        // Only a backstop: the client reconnects by itself. Should libmosquitto's loop ever
        // try on its own, it waits a second first.
        _ = kiosk_mosq_reconnect_delay_set(library.api, handle, 1)
        if let username = configuration.username {
            try check(kiosk_mosq_username_pw_set(library.api, handle, username, configuration.password), tr("the user name and password"))
        }
        if let tls = configuration.tls {
            // libmosquitto only says "invalid function arguments" of a file it cannot read.
            for file in [tls.cafile, tls.certfile, tls.keyfile].compactMap({ $0 }) {
                do throws(SystemError) {
                    try FileSystem.checkReadable(file)
                } catch {
                    throw .invalidSetting(tr("the TLS file '{file}'", ["file": file]), reason: error.reason)
                }
            }
            if let cafile = tls.cafile {
                let files = ([cafile] + [tls.certfile, tls.keyfile].compactMap { $0 }).map { "'\($0)'" }.joined(separator: ", ")
                try check(kiosk_mosq_tls_set(library.api, handle, cafile, nil, tls.certfile, tls.keyfile), tr("the TLS files {files}", ["files": files]))
            } else if (try? FileSystem.status(of: MQTTClient.systemCertificates))?.kind == .directory {
                // The system's CAs as a directory, not MOSQ_OPT_TLS_USE_OS_CERTS alone: with
                // that option and neither a CA file nor a directory, libmosquitto refuses
                // every connection after the first ("invalid function arguments").
                try check(
                    kiosk_mosq_tls_set(library.api, handle, nil, MQTTClient.systemCertificates, tls.certfile, tls.keyfile),
                    tr("the system's CA certificates in {path}", ["path": MQTTClient.systemCertificates])
                )
            } else {
                try check(kiosk_mosq_int_option(library.api, handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), tr("the system's CA certificates"))
            }
        }
        if let will = configuration.will {
            let code = will.payload.withUnsafeBytes {
                kiosk_mosq_will_set(library.api, handle, will.topic, Int32(will.payload.count), $0.baseAddress, Int32(will.qos), will.retain)
            }
            try check(code, tr("the will on '{topic}'", ["topic": will.topic]))
        }
    }
}
