import KioskCore
import KioskSinks
import KioskText
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

    @Test func theMenuRuleSaysWhyNeverWhat() {
        #expect(WebhookSecret.rule.problem("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") == nil)
        #expect(WebhookSecret.rule.problem("sk_live_s3cret") == "it does not start with 'whsec_'")
        #expect(WebhookSecret.rule.problem("whsec_s3cret!") == "what follows 'whsec_' is not base64")
        #expect(WebhookSecret.rule.problem("whsec_") == "the key after 'whsec_' is empty")
    }
}
