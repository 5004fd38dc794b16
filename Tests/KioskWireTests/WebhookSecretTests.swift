import KioskText
import KioskWire
import Testing

@Suite struct WebhookSecretTests {
    @Test func aSecretIsWhsecAndTheKeyInBase64() throws {
        let secret = try WebhookSecret(parsing: "whsec_" + Base64.encode(Array("a 24-byte signing key!!!".utf8)))
        #expect(secret.key == Array("a 24-byte signing key!!!".utf8))
    }

    @Test func whatIsWrongIsSaid() {
        #expect(throws: WebhookSecret.Problem.missingPrefix) { try WebhookSecret(parsing: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
        #expect(throws: WebhookSecret.Problem.missingPrefix) { try WebhookSecret(parsing: "WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
        #expect(throws: WebhookSecret.Problem.missingPrefix) { try WebhookSecret(parsing: "") }
        #expect(throws: WebhookSecret.Problem.invalidBase64) { try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS") }
        #expect(throws: WebhookSecret.Problem.invalidBase64) { try WebhookSecret(parsing: "whsec_ MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
        #expect(throws: WebhookSecret.Problem.invalidBase64) { try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLa-_") }
        #expect(throws: WebhookSecret.Problem.emptyKey) { try WebhookSecret(parsing: "whsec_") }
    }

    @Test func printingASecretNeverShowsTheKey() throws {
        let secret = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        for text in ["\(secret)", String(reflecting: secret), "\([secret])"] {
            #expect(!text.contains("MfKQ"), "\(text)")
        }
        #expect(String(reflecting: secret) == "WebhookSecret(24 bytes)")
    }

}
