import KioskWire
import Testing

@Suite struct AgentWireTests {
    @Test func requestsAndAnswersSurviveTheTrip() {
        let request = HTTPRequest(
            url: "https://example.com/hook?a=1", headers: [HTTPField("webhook-id", "x"), HTTPField("X-Quote", "a\"b")],
            body: Array(#"{"message":"망고 \"주스\"\n"}"#.utf8), timeout: .milliseconds(2500)
        )
        let line = AgentWire.encode(id: 42, request)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") }, "one line, whatever the body")
        let decoded = AgentWire.decodeRequest(line.dropLast())
        #expect(decoded?.id == 42)
        #expect(decoded?.request == request)

        for outcome in [HTTPOutcome.response(status: 429, retryAfter: "1", location: nil), .response(status: 302, retryAfter: nil, location: "/x"),
                        .failure("Could not connect to the server.")] {
            let answer = AgentWire.encode(id: 7, outcome)
            #expect(AgentWire.decodeOutcome(answer.dropLast())?.outcome == outcome)
        }
        #expect(AgentWire.decodeOutcome(Array("garbage".utf8)) == nil)
    }
}
