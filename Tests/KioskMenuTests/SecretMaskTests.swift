@testable import KioskMenu
import Testing

/// Values from `${…}` are known by the sink that uses them, and hidden in any text made
/// from them.
@Suite struct SecretMaskTests {
    @Test func everySpanAndItsPercentEncodedFormIsMaskedLongestFirst() {
        let mask = SecretMask(["tok-123", "tok-123-long", "a b/c"])
        #expect(mask.apply("GET /x?k=tok-123-long&j=tok-123 (a b/c, a%20b%2Fc)") == "GET /x?k=••••&j=•••• (••••, ••••)")
        #expect(mask.apply("nothing secret here") == "nothing secret here")
    }

    @Test func valuesTooShortToBeSecretsAreLeftAlone() {
        let mask = SecretMask(["1", "443", ""])
        #expect(mask.isEmpty)
        #expect(mask.apply("HTTP 401 on port 443") == "HTTP 401 on port 443")
    }

    @Test func aSinkDeclarationKnowsTheValuesItsOptionsTookFromTheEnvironment() throws {
        let source = """
        sink webhook url "http://127.0.0.1:1/${PATH_PART}" header "Authorization: Bearer ${TOKEN}" secret "${SECRET:-whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw}"

        """
        let environment = ["PATH_PART": "hooks-9f8e", "TOKEN": "s3cr3t-T0KEN-value"]
        let menu = try #require(Compile(source, environment: environment).menu)
        let sink = try #require(menu.sinks.first)
        let shown = sink.secretMask.apply("http://127.0.0.1:1/hooks-9f8e: Bearer s3cr3t-T0KEN-value whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(shown == "http://127.0.0.1:1/••••: Bearer •••• whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "a default is written in the menu: no secret")
        #expect(sink.text("url")?.display == "http://127.0.0.1:1/${PATH_PART}")
    }
}
