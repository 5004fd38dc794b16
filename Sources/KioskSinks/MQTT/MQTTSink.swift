import KioskCore
import KioskMenu
import KioskText
import Synchronization

/// Publishes each event to an MQTT broker, and keeps the kiosk's presence and stock there.
///
/// Topics, where `{kiosk}` is the slug of the kiosk's name (`Juice Maker` → `juice-maker`):
/// - `topic` (default `kiosk/{kiosk}/events/{type}`): each event, as the CloudEvents JSON
///   every sink sends. Over MQTT 5 it carries the content type
///   `application/cloudevents+json`, a UTF-8 payload format, and a user property `id`
///   with the event id. `{item}` is the slug of the first order line's item, `{ingredient}`
///   that of the event's (first) ingredient; `-` when the event has none.
/// - `kiosk/{kiosk}/status`, retained: `online` after every connection, `offline` at a
///   clean close — and `offline` as the connection's will, which the broker publishes
///   itself when the kiosk vanishes without a goodbye (a crash, a kill, a lost network).
/// - `kiosk/{kiosk}/stock/{ingredient}`, retained (unless `stock off`): after each event
///   that changes stock — `order.succeeded` (its `stock` after) and `stock.changed` (its
///   `to`) — each affected ingredient's count, as a small JSON object that says which
///   event set it: `{"ingredient":"mango","stock":7,"time":"2026-11-21T20:19:14.454Z","seq":12}`.
///   Within one batch only the last count of each ingredient is sent.
///
/// Delivery: `send(batch:)` publishes the batch (at most 256 events and their stock
/// counts) and returns once the broker has acknowledged every message of it (QoS 1 and
/// 2; QoS 0: once written), or throws a retryable `BatchFailure` with the acknowledged
/// prefix when the broker is down or `timeout` passes. It never waits longer than
/// `timeout`. A message not yet acknowledged when a batch fails is not published again by
/// the retry: libmosquitto keeps it and sends it after reconnecting, and the retry waits
/// for it. Delivery is at least once; a consumer deduplicates on the event id.
public final class MQTTSink: PipelinedSink, BatchingSink {
    /// The placeholders a topic may use.
    public static let placeholders = ["kiosk", "type", "item", "ingredient"]
    public static let defaultTopic = "kiosk/{kiosk}/events/{type}"
    /// The most events one batch publishes before waiting for their acknowledgements.
    public static let window = 256
    /// The most events `submit` keeps in flight. The broker takes a few at a time (a stock
    /// mosquitto: 20); libmosquitto queues the rest, and its queue is walked at every
    /// acknowledgement, so it is kept short.
    public static let pipelineWindow = 1_024

    public static let kind = SinkKind(
        schema: SinkSchema(kind: "mqtt", options: [
            PropertySpec("url", .serverURL(schemes: ["mqtt", "mqtts"]), required: true),
            PropertySpec("cafile", .path),
            PropertySpec("certfile", .path),
            PropertySpec("keyfile", .path),
            PropertySpec("client-id", .text),
            PropertySpec("username", .text),
            PropertySpec("password", .text),
            PropertySpec("topic", .topic(placeholders: MQTTSink.placeholders)),
            PropertySpec("qos", .integer(0...2)),
            PropertySpec("keepalive", .duration),
            PropertySpec("stock", .choice(["retained", "off"])),
            PropertySpec("backoff", .duration),
            PropertySpec("timeout", .duration),
        ]),
        make: { declaration, environment throws(SinkSetupError) -> any Sink in
            try MQTTSink(declaration, kiosk: environment.kioskName)
        }
    )

    public let target: String
    private let client: MQTTClient
    private let topic: TopicTemplate
    private let qos: Int
    private let publishesStock: Bool
    private let kioskSlug: String
    private let timeout: Duration
    /// Messages published and not yet known to be acknowledged, by event and topic: a
    /// retried batch waits for these instead of publishing them again.
    private let unacknowledged = Mutex<[MessageKey: MQTTClient.MessageID]>([:])
    /// Events submitted and not yet reported delivered, oldest first, with their messages.
    private let pipeline = Mutex<[Published]>([])

    /// Connects to the broker (in the background) with `configuration`, whose will this
    /// sets to `offline` on the status topic.
    ///
    /// - Parameters:
    ///   - kiosk: the kiosk's name; its slug goes in the topics.
    ///   - target: what `target` shows: the broker URL, with no password in it.
    public init(
        configuration: MQTTConfiguration, kiosk: String, target: String, topic: TopicTemplate, qos: Int = 1,
        publishesStock: Bool = true, timeout: Duration = .seconds(10)
    ) throws(MQTTError) {
        let slug = MQTTSink.slug(kiosk)
        let status = "kiosk/\(slug)/status"
        var configuration = configuration
        configuration.will = MQTTConfiguration.Will(topic: status, payload: Array("offline".utf8), qos: 1, retain: true)
        self.target = target
        self.topic = topic
        self.qos = qos
        self.publishesStock = publishesStock
        self.kioskSlug = slug
        self.timeout = timeout
        self.client = try MQTTClient(configuration) { client in
            // After every connection: the will may have said `offline` since the last one.
            _ = try? client.publish(topic: status, payload: Array("online".utf8), qos: 1, retain: true)
        }
    }

    /// The sink a `sink mqtt …` declaration describes.
    convenience init(_ declaration: SinkDeclaration, kiosk: String) throws(SinkSetupError) {
        let settings = try MQTTSettings(declaration, kiosk: kiosk)
        do throws(MQTTError) {
            try self.init(
                configuration: settings.configuration, kiosk: kiosk, target: settings.target, topic: settings.topic,
                qos: settings.qos, publishesStock: settings.publishesStock, timeout: settings.timeout
            )
        } catch {
            throw SinkSetupError(declaration: declaration, reason: error.description)
        }
    }

    /// The connection, for `sinks`: connected or not, and the last error.
    public var connection: MQTTClient.Status { client.status }

    public var batchLimit: Int { MQTTSink.window }

    public var connectionStatus: SinkConnection? {
        let status = client.status
        let state = switch status.state {
        case .connected: trNoop("connected")
        case .connecting: trNoop("connecting")
        case .waiting: trNoop("waiting to reconnect")
        case .closed: trNoop("closed")
        }
        return SinkConnection(state: state, inFlight: inFlight, lastError: status.lastError?.description)
    }

    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: .milliseconds(200), maximumBackoff: .seconds(10))
    }

    public func send(batch: ArraySlice<Event>) throws(BatchFailure) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let events = batch
        let lastChange = publishesStock ? MQTTSink.lastChanges(in: events) : [:]
        var published: [Published] = []
        var publishFailure: MQTTError?
        for (index, event) in events.enumerated() {
            do throws(MQTTError) {
                published.append(try publish(event, stockOf: lastChange.filter { $0.value == index }.keys))
            } catch {
                publishFailure = error
                break
            }
        }
        let ids = published.flatMap { $0.map(\.id) }
        var outcomes = client.waitForAcknowledgements(ids, until: deadline)[...]
        var delivered = 0
        var failure: SinkFailure?
        for messages in published {
            let results = outcomes.prefix(messages.count)
            outcomes = outcomes.dropFirst(messages.count)
            failure = results.lazy.compactMap(self.failure(for:)).first
            guard failure == nil else { break }
            delivered += 1
        }
        // Messages of undelivered events stay known, so that a retry waits for them.
        forget(published.prefix(delivered).flatMap { $0.map(\.key) })
        if delivered == events.count { return }
        if let failure { throw BatchFailure(delivered: delivered, failure: failure) }
        guard let publishFailure else { throw BatchFailure(delivered: delivered, failure: .retryable(stalledReason)) }
        throw BatchFailure(delivered: delivered, failure: MQTTSink.failure(publishing: publishFailure))
    }

    // MARK: Pipelining

    public var inFlight: Int { pipeline.withLock { $0.count } }

    public func submit(_ batch: ArraySlice<Event>) throws(BatchFailure) -> Int {
        let lastChange = publishesStock ? MQTTSink.lastChanges(in: batch) : [:]
        var publishFailure: MQTTError?
        for (index, event) in batch.enumerated() {
            do throws(MQTTError) {
                let messages = try publish(event, stockOf: lastChange.filter { $0.value == index }.keys)
                pipeline.withLock { $0.append(messages) }
            } catch {
                publishFailure = error
                break
            }
        }
        return try report(leaving: publishFailure == nil ? MQTTSink.pipelineWindow : 0, publishFailure: publishFailure)
    }

    public func flush() throws(BatchFailure) -> Int {
        try report(leaving: 0, publishFailure: nil)
    }

    /// Waits (up to `timeout`) until at most `window` events are in flight, then reports
    /// the delivered prefix. Throws when a message failed, when more than `window` are still
    /// in flight, or after `publishFailure`; the rest of the pipeline is then dropped, its
    /// messages left in `unacknowledged` for `send(batch:)` to wait for.
    private func report(leaving window: Int, publishFailure: MQTTError?) throws(BatchFailure) -> Int {
        let oldest = pipeline.withLock { $0.count > window ? $0[..<($0.count - window)].flatMap { $0.map(\.id) } : [] }
        if !oldest.isEmpty, publishFailure == nil {
            _ = client.waitForAcknowledgements(oldest, until: ContinuousClock.now.advanced(by: timeout))
        }
        var failure: SinkFailure?
        var stalled = false
        let delivered = pipeline.withLock { events -> Int in
            var delivered = 0
            counting: for messages in events {
                for message in messages {
                    switch client.outcome(of: message.id) {
                    case .acknowledged: continue
                    case .pending: break counting
                    case let other:
                        failure = self.failure(for: other)
                        break counting
                    }
                }
                delivered += 1
            }
            forget(events.prefix(delivered).flatMap { $0.map(\.key) })
            events.removeFirst(delivered)
            stalled = events.count > window
            if failure != nil || publishFailure != nil || stalled { events.removeAll() }
            return delivered
        }
        if let failure { throw BatchFailure(delivered: delivered, failure: failure) }
        if let publishFailure { throw BatchFailure(delivered: delivered, failure: MQTTSink.failure(publishing: publishFailure)) }
        if stalled { throw BatchFailure(delivered: delivered, failure: .retryable(stalledReason)) }
        return delivered
    }

    private static func failure(publishing error: MQTTError) -> SinkFailure {
        if case .messageRejected = error { return .permanent(error.description) }
        return .retryable(error.description)
    }

    /// Publishes `offline` (retained), waits for it briefly, then disconnects cleanly. Not
    /// connected, it only stops: the broker has published the will already, or will.
    public func close(by deadline: ContinuousClock.Instant) {
        let status = "kiosk/\(kioskSlug)/status"
        let deadline = min(deadline, ContinuousClock.now.advanced(by: .seconds(2)))
        if client.status.state == .connected,
           let id = try? client.publish(topic: status, payload: Array("offline".utf8), qos: 1, retain: true) {
            _ = client.waitForAcknowledgements([id], until: deadline)
        }
        // A clean DISCONNECT takes a moment; a connection attempt stuck on an unreachable
        // host must not hold kiosk's exit for long.
        client.close(timeout: .seconds(1))
    }

    // MARK: Messages

    /// One event's messages: its own and its stock counts.
    private typealias Published = [(key: MessageKey, id: MQTTClient.MessageID)]

    private struct MessageKey: Hashable, Sendable {
        let event: EventID
        let topic: String
    }

    /// The event's message and its stock counts; each is published unless an earlier try
    /// left it with libmosquitto.
    private func publish(_ event: Event, stockOf ingredients: Dictionary<String, Int>.Keys) throws(MQTTError) -> [(key: MessageKey, id: MQTTClient.MessageID)] {
        var messages: [(key: MessageKey, id: MQTTClient.MessageID)] = []
        let eventTopic = topic.render { MQTTSink.value(of: $0, for: event, kiosk: kioskSlug) }
        let properties = MQTTClient.Properties(
            contentType: "application/cloudevents+json", userProperties: [.init(name: "id", value: event.id.description)], utf8Payload: true
        )
        messages.append(try publish(MessageKey(event: event.id, topic: eventTopic), payload: event.json, retain: false, properties: properties))
        for count in MQTTSink.stock(after: event) where ingredients.contains(count.ingredient) {
            let key = MessageKey(event: event.id, topic: "kiosk/\(kioskSlug)/stock/\(MQTTSink.slug(count.ingredient))")
            messages.append(try publish(key, payload: MQTTSink.stockPayload(count, of: event), retain: true, properties: MQTTClient.Properties(
                contentType: "application/json", utf8Payload: true
            )))
        }
        return messages
    }

    private func publish(_ key: MessageKey, payload: [UInt8], retain: Bool, properties: MQTTClient.Properties) throws(MQTTError) -> (key: MessageKey, id: MQTTClient.MessageID) {
        if qos > 0, let earlier = unacknowledged.withLock({ $0[key] }), client.outcome(of: earlier) != .lost {
            return (key, earlier)
        }
        let id = try client.publish(topic: key.topic, payload: payload, qos: qos, retain: retain, properties: properties)
        if qos > 0 { unacknowledged.withLock { $0[key] = id } }
        return (key, id)
    }

    private func forget(_ keys: [MessageKey]) {
        unacknowledged.withLock { waiting in
            for key in keys { waiting[key] = nil }
            // Events a worker gave up on (spooled at exit, set aside) leave theirs behind.
            if waiting.count > 4 * MQTTSink.window {
                waiting = waiting.filter { client.outcome(of: $0.value) == .pending }
            }
        }
    }

    private func failure(for delivery: MQTTClient.Delivery) -> SinkFailure? {
        switch delivery {
        case .acknowledged: nil
        case .refused(let reason): .permanent(tr("the broker refused the message: {reason}", ["reason": reason]))
        case .pending, .lost: .retryable(stalledReason)
        }
    }

    /// Why acknowledgements did not come: the connection's last error, or the timeout.
    private var stalledReason: String {
        let status = client.status
        if status.state != .connected, let error = status.lastError { return error.description }
        return tr("no acknowledgement from {address} within {duration}", ["address": client.configuration.address, "duration": timeout.menuText])
    }

    // MARK: Topics and payloads

    /// The slug of a name for a topic level: letters and digits of any script and `-`,
    /// so never `/`, `+` or `#`; `-` for a name with none.
    static func slug(_ name: String) -> String {
        let slug = NameKey.slug(name)
        return slug.isEmpty ? "-" : slug
    }

    static func value(of placeholder: String, for event: Event, kiosk: String) -> String {
        switch placeholder {
        case "kiosk": kiosk
        case "type": event.type.rawValue
        case "item": slug(item(of: event) ?? "")
        case "ingredient": slug(ingredient(of: event) ?? "")
        default: "-"
        }
    }

    private static func item(of event: Event) -> String? {
        switch event.payload {
        case .orderSucceeded(let e): e.lines.first?.item
        case .orderFailed(let e): e.lines.first?.item
        case .ticketStarted(let e): e.lines.first?.item
        case .ticketReady(let e), .ticketPickedUp(let e), .ticketRecalled(let e), .ticketLate(let e): e.lines.first?.item
        case .ticketCancelled(let e): e.lines.first?.item
        default: nil
        }
    }

    private static func ingredient(of event: Event) -> String? {
        switch event.payload {
        case .orderSucceeded(let e): e.consumed.first?.ingredient
        case .orderFailed(let e): e.missing.first?.ingredient
        case .restockNeeded(let e): e.ingredient
        case .stockChanged(let e): e.ingredient
        default: nil
        }
    }

    /// The counts an event leaves behind, for the ingredients whose stock it changed.
    static func stock(after event: Event) -> [IngredientCount] {
        switch event.payload {
        case .orderSucceeded(let e): e.stock
        case .stockChanged(let e): [IngredientCount(ingredient: e.ingredient, count: e.to)]
        default: []
        }
    }

    /// For each ingredient, the index of the last event in `events` that changed it.
    private static func lastChanges(in events: ArraySlice<Event>) -> [String: Int] {
        var last: [String: Int] = [:]
        for (index, event) in events.enumerated() {
            for count in stock(after: event) { last[count.ingredient] = index }
        }
        return last
    }

    /// `{"ingredient":"mango","stock":7,"time":"…","seq":12}`.
    static func stockPayload(_ count: IngredientCount, of event: Event) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.beginObject()
        writer.field("ingredient", count.ingredient)
        writer.field("stock", count.count)
        writer.key("time")
        writer.timestamp(event.time)
        writer.field("seq", event.sequence)
        writer.endObject()
        return writer.bytes
    }
}
