import KioskSinks
import KioskWire
import Testing

@Suite struct WebhookSecretRuleTests {
    @Test func theMenuRuleSaysWhyNeverWhat() {
        #expect(WebhookSecret.rule.problem("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") == nil)
        #expect(WebhookSecret.rule.problem("sk_live_s3cret") == "it does not start with 'whsec_'")
        #expect(WebhookSecret.rule.problem("whsec_s3cret!") == "what follows 'whsec_' is not base64")
        #expect(WebhookSecret.rule.problem("whsec_") == "the key after 'whsec_' is empty")
    }
}
