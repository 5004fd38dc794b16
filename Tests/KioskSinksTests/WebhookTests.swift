import KioskCore
import KioskMenu
@testable import KioskSinks
import KioskWire
import Testing

@Suite struct RetryAfterTests {
    let now: Int64 = 1_795_280_910 // Fri, 21 Nov 2026 17:08:30 GMT

    @Test func secondsOrAnHTTPDate() {
        #expect(RetryAfter.parse("1", now: now) == .seconds(1))
        #expect(RetryAfter.parse(" 120 ", now: now) == .seconds(120))
        #expect(RetryAfter.parse("Fri, 21 Nov 2026 17:08:35 GMT", now: now) == .seconds(5))
        #expect(RetryAfter.parse("Fri, 21 Nov 2026 17:08:00 GMT", now: now) == .zero)
    }

    @Test func nonsenseIsIgnoredAndHugeAsksAreCapped() {
        #expect(RetryAfter.parse(nil, now: now) == nil)
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
        #expect(RetryAfter.parse("99999999999", now: now) == .seconds(3600))
    }
}

/// The webhook sink's reading of responses, with a client that answers from a list.
@Suite struct WebhookSinkTests {
    final class ScriptedClient: HTTPClient, @unchecked Sendable {
        var outcomes: [HTTPOutcome]
        var requests: [HTTPRequest] = []

        init(_ outcomes: [HTTPOutcome]) {
            self.outcomes = outcomes
        }

        func post(_ request: HTTPRequest) -> HTTPOutcome {
            requests.append(request)
            return outcomes.removeFirst()
        }
    }

    private func sink(_ client: ScriptedClient) -> WebhookSink {
        WebhookSink(
            url: ConfigTextFixture.url, headers: [("Authorization", ConfigTextFixture.token)], client: client,
            timeout: .seconds(3), retryPolicy: .untilShutdown, concurrency: 1
        )
    }

    @Test func statusesMapToDeliveredRetryableOrPermanent() throws {
        let event = try #require(Events.orders(1).first)
        let cases: [(HTTPOutcome, SinkFailure?)] = [
            (.response(status: 204, retryAfter: nil, location: nil), nil),
            (.response(status: 503, retryAfter: "2", location: nil), .retryable("HTTP 503", retryAfter: .seconds(2))),
            (.response(status: 408, retryAfter: nil, location: nil), .retryable("HTTP 408", retryAfter: nil)),
            (.response(status: 404, retryAfter: nil, location: nil), .permanent("HTTP 404")),
            (.response(status: 301, retryAfter: nil, location: "https://x/"), .permanent("HTTP 301: redirects are not followed (to https://x/)")),
            (.failure("Could not connect to the server."), .retryable("Could not connect to the server.")),
        ]
        for (outcome, expected) in cases {
            let client = ScriptedClient([outcome])
            var failure: SinkFailure?
            do { try sink(client).send(event) } catch { failure = error }
            #expect(failure == expected, "\(outcome)")
            let headers = client.requests.first?.headers.map(\.name) ?? []
            #expect(headers == ["User-Agent", "webhook-id", "Content-Type", "Authorization"])
            #expect(client.requests.first?.headers[1].value == event.id.description)
            #expect(client.requests.first?.headers[2].value == "application/cloudevents+json; charset=utf-8")
            #expect(client.requests.first?.headers[3].value == "Bearer secret")
            #expect(client.requests.first?.body == event.json)
            #expect(client.requests.first?.stamp == WebhookStamp(id: event.id.description, secrets: []))
        }
        #expect(sink(ScriptedClient([])).target == "https://example.com/${HOOK}")
    }

    @Test func binaryModeSendsTheAttributesAsHeadersAndTheDataAsTheBody() throws {
        let event = try #require(Events.orders(1).first)
        let client = ScriptedClient([.response(status: 200, retryAfter: nil, location: nil)])
        let sink = WebhookSink(
            url: ConfigTextFixture.url, headers: [], client: client, timeout: .seconds(3), retryPolicy: .untilShutdown, concurrency: 1,
            secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], binary: true
        )
        try sink.send(event)
        let request = try #require(client.requests.first)
        #expect(request.headers.map(\.name) == ["User-Agent", "webhook-id", "ce-specversion", "ce-id", "ce-source", "ce-type", "ce-time", "ce-seq", "Content-Type"])
        #expect(request.headers.last?.value == "application/json")
        #expect(request.body == event.dataJSON)
        #expect(request.stamp?.secrets == ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"])
    }
}

enum ConfigTextFixture {
    static let url = ConfigText(value: "https://example.com/x", display: "https://example.com/${HOOK}")
    static let token = ConfigText(value: "Bearer secret", display: "Bearer ${TOKEN}")
}
