import Foundation
import KioskTestSupport
import Testing

/// Values from `${…}` are used, and never printed: not in `sinks`, errors, diagnostics or
/// `--json`, whether in a header written as one string, a sink's name or a bad URL.
@Suite struct SecretTests {
    private static let secret = "s3cr3t-T0KEN-value"
    private let environment = ["TOKEN": SecretTests.secret]

    @Test(arguments: [false, true])
    func aSecretInAOneStringHeaderAndASinkNameIsSentButNeverShown(json: Bool) throws {
        // A failure, then success: the secret is in a request, and in an error to mask, and
        // kiosk leaves as soon as the retry is delivered, however loaded the machine.
        let server = try TestHTTPServer(replies: [.status(500), .status(200)])
        var arguments = KioskProcess.settlingEveryEvent + [
            "--sink",
            "webhook url \"\(server.url)?key=${TOKEN}\" header \"Authorization: Bearer ${TOKEN}\" name \"hook-${TOKEN}\" backoff 10ms",
            "-c", "order mango juice; sinks; sinks failed; sinks retry hook-${TOKEN}",
        ]
        if json { arguments.insert("--json", at: 0) }
        let result = try KioskProcess(arguments: arguments, environment: environment).run()
        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer \(SecretTests.secret)", "the secret is used")
        #expect(request.path.contains(SecretTests.secret))
        #expect(!result.stdout.contains(SecretTests.secret), "standard output: \(result.stdout)")
        #expect(!result.stderr.contains(SecretTests.secret), "standard error: \(result.stderr)")
        #expect(result.stdout.contains("${TOKEN}"), "shown as written")
    }

    @Test(arguments: [false, true])
    func aSecretInAHeaderWithoutValueIsNotInTheDiagnostics(json: Bool) throws {
        let sink = "webhook url \"http://127.0.0.1:1/\" header \"Bearer ${TOKEN}\""
        let result = try KioskProcess(arguments: (json ? ["--json"] : []) + ["--sink", sink, "-c", "menu"], environment: environment).run()
        #expect(result.status == 64)
        #expect(result.stderr.contains("'Bearer ${TOKEN}'"))
        #expect(!result.stderr.contains(SecretTests.secret), "standard error: \(result.stderr)")
    }

    /// A URL the menu accepts but the sender cannot parse: its error (in `sinks`, and at
    /// exit) shows the URL as written.
    @Test(arguments: [false, true])
    func aSecretInAMalformedURLIsNotInItsLastError(json: Bool) throws {
        let sink = "webhook url \"http://[${TOKEN}/x\" backoff 10ms"
        let arguments = (json ? ["--json"] : []) + ["--flush-timeout", "2s", "--sink", sink, "-c", "order mango juice; sinks; sinks failed"]
        let result = try KioskProcess(arguments: arguments, environment: environment).run()
        #expect(!result.stdout.contains(SecretTests.secret), "standard output: \(result.stdout)")
        #expect(!result.stderr.contains(SecretTests.secret), "standard error: \(result.stderr)")
    }

    /// A receiver that echoes the secret back — a redirect to the URL it was sent to — in
    /// the error that `sinks`, `sinks failed` and the farewell quote: every span from
    /// `${…}` shows as `••••`.
    @Test(arguments: [false, true])
    func aSecretEchoedByTheReceiverIsMaskedInEveryError(json: Bool) throws {
        let location = "http://127.0.0.1:1/moved?key=\(SecretTests.secret)&again=\(SecretTests.secret)"
        let server = try TestHTTPServer(replies: [.status(302, headers: [("Location", location)])])
        let sink = "webhook url \"\(server.url)?key=${TOKEN}\" header \"X-Token: ${TOKEN}\" backoff 10ms"
        // A far deadline: the sink's thread runs below others' priority and, on a busy
        // machine, may not reach the receiver for seconds; kiosk leaves once the event failed.
        let arguments = (json ? ["--json"] : []) + ["--flush-timeout", "60s", "--sink", sink, "-c", "order mango juice; sinks; sinks failed"]
        let result = try KioskProcess(arguments: arguments, environment: environment).run()
        #expect(server.requestCount >= 1, "the receiver was asked")
        #expect(!result.stdout.contains(SecretTests.secret), "standard output: \(result.stdout)")
        #expect(!result.stderr.contains(SecretTests.secret), "standard error: \(result.stderr)")
        if !json {
            #expect(result.stderr.contains("(last: HTTP 302: redirects are not followed (to http://127.0.0.1:1/moved?key=••••&again=••••))"))
        }
    }

    /// A value from `${…}` in a path or a command quoted by the system's error at start-up.
    @Test(arguments: [false, true])
    func aSecretInAPathOrACommandIsNotInTheStartUpError(json: Bool) throws {
        for sink in ["exec command \"/nonexistent/${TOKEN}\"", "log path \"/proc/${TOKEN}/events.jsonl\"", "mqtt url \"mqtt://${TOKEN}:1\""] {
            let arguments = (json ? ["--json"] : []) + ["--flush-timeout", "1s", "--sink", sink, "-c", "order mango juice; sinks"]
            let result = try KioskProcess(arguments: arguments, environment: environment).run()
            #expect(!result.stdout.contains(SecretTests.secret), "\(sink), standard output: \(result.stdout)")
            #expect(!result.stderr.contains(SecretTests.secret), "\(sink), standard error: \(result.stderr)")
        }
    }
}
