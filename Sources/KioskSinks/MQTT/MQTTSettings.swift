import KioskMenu
import KioskText

/// What a `sink mqtt …` declaration asks for: the client's configuration and the sink's
/// own options, with what the menu language cannot check checked here.
struct MQTTSettings {
    var configuration: MQTTConfiguration
    /// The URL as written, any password masked.
    var target: String
    var topic: TopicTemplate
    var qos: Int
    var publishesStock: Bool
    var timeout: Duration

    static let keepaliveRange: ClosedRange<Duration> = .seconds(5) ... .seconds(65_535)

    init(_ declaration: SinkDeclaration, kiosk: String) throws(SinkSetupError) {
        func fail(_ reason: String) -> SinkSetupError { SinkSetupError(declaration: declaration, reason: reason) }
        guard let url = declaration.text("url") else { throw fail(tr("an mqtt sink needs a 'url'")) }
        let target = ServerURL.masked(url.display)
        let server: ServerURL
        do throws(ServerURL.Problem) {
            server = try ServerURL(parsing: url.value, schemes: ["mqtt", "mqtts"])
        } catch {
            throw fail(tr("'{url}' is not an mqtt:// or mqtts:// URL", ["url": target]))
        }
        let secure = server.scheme == "mqtts"
        let (cafile, certfile, keyfile) = (declaration.text("cafile")?.value, declaration.text("certfile")?.value, declaration.text("keyfile")?.value)
        if !secure, cafile != nil || certfile != nil || keyfile != nil {
            throw fail(tr("'cafile', 'certfile' and 'keyfile' need an mqtts:// url"))
        }
        if (certfile == nil) != (keyfile == nil) { throw fail(tr("'certfile' and 'keyfile' go together")) }
        if certfile != nil, cafile == nil { throw fail(tr("a client certificate needs 'cafile' too")) }
        let keepalive = declaration.duration("keepalive") ?? .seconds(30)
        guard MQTTSettings.keepaliveRange.contains(keepalive) else {
            throw fail(tr("'keepalive' must be between 5s and 65535s (found {value})", ["value": keepalive.menuText]))
        }
        let topicText = declaration.text("topic")?.value ?? MQTTSink.defaultTopic
        do throws(TopicTemplate.Problem) {
            topic = try TopicTemplate(parsing: topicText, placeholders: MQTTSink.placeholders)
        } catch {
            throw fail(tr("'{topic}' is not a topic to publish to", ["topic": declaration.text("topic")?.display ?? topicText]))
        }
        let backoff = declaration.duration("backoff") ?? .milliseconds(500)
        configuration = MQTTConfiguration(
            host: server.host, port: server.port ?? (secure ? 8883 : 1883),
            tls: secure ? MQTTConfiguration.TLS(cafile: cafile, certfile: certfile, keyfile: keyfile) : nil,
            username: declaration.text("username")?.value ?? server.user,
            password: declaration.text("password")?.value ?? server.password,
            clientID: declaration.text("client-id")?.value ?? "kiosk-" + MQTTSink.slug(kiosk),
            keepalive: keepalive,
            reconnect: RetryPolicy(maximumRetries: nil, initialBackoff: backoff, maximumBackoff: max(backoff, .seconds(30)))
        )
        self.target = target
        qos = declaration.integer("qos") ?? 1
        publishesStock = declaration.choice("stock")?.word != "off"
        timeout = declaration.duration("timeout") ?? .seconds(10)
    }
}
