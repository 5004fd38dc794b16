import KioskServer
import KioskText
import KioskWire
import Testing

/// Each rule of the access policy, with the request it lets through and the one it stops.
@Suite struct AccessPolicyTests {
    static let token = OperatorToken("s3cret-token-for-tests")!
    let loopback = AccessPolicy(address: ListenAddress(host: "127.0.0.1", port: 0), port: 8123, tls: false, token: token, corsOrigins: [])

    private func headers(_ pairs: (String, String)...) -> [HTTPField] {
        pairs.map { HTTPField($0.0, $0.1) }
    }

    @Test func hostMustNameThisServer() throws {
        try loopback.checkHost(headers(("Host", "127.0.0.1:8123")))
        try loopback.checkHost(headers(("host", "LOCALHOST:8123")))
        // DNS rebinding: a name that was re-pointed at 127.0.0.1.
        #expect(throws: Problem.misdirected) { try loopback.checkHost(headers(("Host", "attacker.example:8123"))) }
        #expect(throws: Problem.misdirected) { try loopback.checkHost(headers(("Host", "127.0.0.1:9999"))) }
        #expect(throws: Problem.misdirected) { try loopback.checkHost(headers(("Host", "127.0.0.1"))) }
        #expect(throws: Problem.misdirected) { try loopback.checkHost([]) }
        #expect(throws: Problem.misdirected) { try loopback.checkHost(headers(("Host", "127.0.0.1:8123"), ("Host", "evil:8123"))) }
    }

    @Test func theDefaultPortMayBeLeftOut() throws {
        let https = AccessPolicy(address: ListenAddress(host: "192.0.2.7", port: 443), port: 443, tls: true, token: Self.token, corsOrigins: [])
        try https.checkHost(headers(("Host", "192.0.2.7")))
        try https.checkHost(headers(("Host", "192.0.2.7:443")))
        try https.checkSite(headers(("Origin", "https://192.0.2.7")))
        #expect(throws: Problem.crossSite) { try https.checkSite(headers(("Origin", "http://192.0.2.7"))) }
    }

    /// The token is the authority and `Kiosk-Operator` names who holds it; without the
    /// token nobody is named (self-service), whatever the request says.
    @Test func kioskOperatorNamesWhoHoldsTheToken() throws {
        let token = ("Authorization", "Bearer s3cret-token-for-tests")
        #expect(try loopback.operatorName(headers(token, ("Kiosk-Operator", "Ana")), fallback: "Till") == "Ana")
        #expect(try loopback.operatorName(headers(token, ("kiosk-operator", "김민지")), fallback: "Till") == "김민지")
        #expect(try loopback.operatorName(headers(token), fallback: "Till") == "Till")
        #expect(try loopback.operatorName(headers(("Kiosk-Operator", "Mallory")), fallback: "Till") == nil)
        #expect(try loopback.operatorName(headers(("Authorization", "Bearer wrong-token-for-tests"), ("Kiosk-Operator", "Mallory")), fallback: "Till") == nil)
        for wrong in ["", "   ", String(repeating: "x", count: 65), "Ana\u{7}"] {
            #expect(throws: Problem.invalidOperator, "\(wrong)") { try loopback.operatorName(headers(token, ("Kiosk-Operator", wrong)), fallback: nil) }
        }
        #expect(throws: Problem.invalidOperator) {
            try loopback.operatorName(headers(token, ("Kiosk-Operator", "Ana"), ("Kiosk-Operator", "Ben")), fallback: nil)
        }
    }

    @Test func operatorRoutesNeedTheToken() throws {
        try loopback.checkRole(.customer, [])
        try loopback.checkRole(.operator, headers(("Authorization", "Bearer s3cret-token-for-tests")))
        try loopback.checkRole(.operator, headers(("authorization", "bearer s3cret-token-for-tests")))
        for wrong in ["Bearer s3cret-token-for-test", "Bearer s3cret-token-for-testsX", "Basic s3cret-token-for-tests", "s3cret-token-for-tests", "Bearer "] {
            #expect(throws: Problem.unauthorized, "\(wrong)") { try loopback.checkRole(.operator, headers(("Authorization", wrong))) }
        }
        #expect(throws: Problem.unauthorized) { try loopback.checkRole(.operator, []) }
    }

    @Test func aChangeFromAnotherSiteIsRefused() throws {
        try loopback.checkSite([])
        try loopback.checkSite(headers(("Origin", "http://127.0.0.1:8123")))
        try loopback.checkSite(headers(("Origin", "http://localhost:8123"), ("Sec-Fetch-Site", "same-origin")))
        try loopback.checkSite(headers(("Sec-Fetch-Site", "none")))
        #expect(throws: Problem.crossSite) { try loopback.checkSite(headers(("Origin", "http://attacker.example"))) }
        #expect(throws: Problem.crossSite) { try loopback.checkSite(headers(("Origin", "null"))) }
        #expect(throws: Problem.crossSite) { try loopback.checkSite(headers(("Sec-Fetch-Site", "cross-site"))) }
        #expect(throws: Problem.crossSite) { try loopback.checkSite(headers(("Sec-Fetch-Site", "same-site"))) }
    }

    @Test func corsLetsItsOriginsInAndNoOthers() throws {
        let cors = AccessPolicy(address: ListenAddress(host: "127.0.0.1", port: 0), port: 8123, tls: false, token: Self.token, corsOrigins: ["https://pos.example"])
        try cors.checkSite(headers(("Origin", "https://pos.example"), ("Sec-Fetch-Site", "cross-site")))
        #expect(cors.allowedCORSOrigin(headers(("Origin", "https://pos.example"))) == "https://pos.example")
        #expect(cors.allowedCORSOrigin(headers(("Origin", "https://other.example"))) == nil)
        #expect(loopback.allowedCORSOrigin(headers(("Origin", "https://pos.example"))) == nil)
        #expect(throws: Problem.crossSite) { try cors.checkSite(headers(("Origin", "https://other.example"))) }
    }

    @Test func aWildcardAddressTakesAnyHostOnItsPort() throws {
        let wildcard = AccessPolicy(address: ListenAddress(host: "0.0.0.0", port: 8443), port: 8443, tls: true, token: Self.token, corsOrigins: [])
        try wildcard.checkHost(headers(("Host", "kiosk.lan:8443")))
        #expect(throws: Problem.misdirected) { try wildcard.checkHost(headers(("Host", "kiosk.lan:8444"))) }
    }
}

@Suite struct OperatorTokenTests {
    @Test func generatedTokensAreLongAndDifferent() {
        let one = OperatorToken.generate()
        let two = OperatorToken.generate()
        #expect(one.utf8.count == 43 && two.utf8.count == 43)
        #expect(one != two)
        #expect(OperatorToken(one) != nil)
    }

    @Test func shortOrSpacedTokensAreRefused() {
        #expect(OperatorToken("short") == nil)
        #expect(OperatorToken("a token with spaces in it") == nil)
        #expect(OperatorToken(String(repeating: "x", count: 16)) != nil)
    }
}

@Suite struct ListenAddressTests {
    @Test func parsesAddressesAndPorts() {
        #expect(ListenAddress(parsing: "127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(ListenAddress(parsing: "localhost:0") == ListenAddress(host: "127.0.0.1", port: 0))
        #expect(ListenAddress(parsing: "[::1]:9") == ListenAddress(host: "::1", port: 9))
        for bad in ["127.0.0.1", ":80", "example.com:80", "::1:80", "127.0.0.1:99999", "127.0.0.1:http"] {
            #expect(ListenAddress(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func loopbackIsThisMachineAlone() {
        #expect(ListenAddress(host: "127.0.0.1", port: 1).isLoopback)
        #expect(ListenAddress(host: "127.3.2.1", port: 1).isLoopback)
        #expect(ListenAddress(host: "::1", port: 1).isLoopback)
        #expect(!ListenAddress(host: "0.0.0.0", port: 1).isLoopback)
        #expect(!ListenAddress(host: "192.168.1.2", port: 1).isLoopback)
        #expect(ListenAddress(host: "::1", port: 8080).authority(port: 8080) == "[::1]:8080")
    }
}

@Suite struct PercentEncodingTests {
    @Test func decodesAndRefusesBrokenEncodings() {
        #expect(PercentEncoding.decode("oat%20milk") == "oat milk")
        #expect(PercentEncoding.decode("%EB%A7%9D%EA%B3%A0") == "망고")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentEncoding.decode("%zz") == nil)
        #expect(PercentEncoding.decode("%4") == nil)
        #expect(PercentEncoding.decode("%FF") == nil)
    }
}
