import KioskHTTP
import KioskText
import KioskWire
import Testing

@Suite struct WebhookSignerTests {
    /// The test vector of the Standard Webhooks reference libraries (standard-webhooks/
    /// standard-webhooks: `test_sign_function` in libraries/python/tests/test_webhooks.py,
    /// and the same values in the Go and JavaScript tests).
    @Test func signsTheStandardWebhooksTestVector() throws {
        let signer = WebhookSigner(secrets: [try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")])
        let signature = signer.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Array(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    /// The Rust library's vector (`test_sign` in libraries/rust/src/lib.rs).
    @Test func signsTheRustLibrarysTestVector() throws {
        let signer = WebhookSigner(secrets: [try WebhookSecret(parsing: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD")])
        let body = Array(#"{"email":"test@example.com","username":"test_user"}"#.utf8)
        #expect(signer.signature(id: "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk", timestamp: 1_649_367_553, body: body)
            == "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=")
    }

    @Test func twoSecretsGiveTwoSignaturesEachOfWhichVerifiesAlone() throws {
        let new = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let old = try WebhookSecret(parsing: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD")
        let body = Array(#"{"test": 2432232314}"#.utf8)
        let both = try #require(WebhookSigner(secrets: [new, old]).signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: body))
        let parts = both.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 2)
        #expect(parts[0] == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        // What a receiver that knows only one key does: compute its own and find it in the list.
        for secret in [new, old] {
            let alone = WebhookSigner(secrets: [secret]).signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: body)
            #expect(alone.map(parts.contains) == true)
        }
        #expect(parts[0] != parts[1])
    }

    @Test func theSignatureCoversIdTimestampAndBody() throws {
        let signer = WebhookSigner(secrets: [try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")])
        let body = Array(#"{"test": 2432232314}"#.utf8)
        let reference = signer.signature(id: "msg_1", timestamp: 1_614_265_330, body: body)
        #expect(signer.signature(id: "msg_2", timestamp: 1_614_265_330, body: body) != reference)
        #expect(signer.signature(id: "msg_1", timestamp: 1_614_265_331, body: body) != reference)
        #expect(signer.signature(id: "msg_1", timestamp: 1_614_265_330, body: body + [0x20]) != reference)
        // The signed content is exactly "{id}.{timestamp}.{body}".
        let key = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").key
        let code = try #require(HMACSHA256.code(for: Array("msg_1.1614265330.".utf8) + body, key: key))
        #expect(reference == "v1," + Base64.encode(code))
    }
}
