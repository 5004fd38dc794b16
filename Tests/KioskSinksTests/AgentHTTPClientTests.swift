import KioskSinks
import Testing

/// Where kiosk looks for its webhook helper: in a build folder and where `make install`
/// and the Debian package put it.
@Suite struct AgentHTTPClientTests {
    @Test func theHelperIsLookedForBesideKioskThenInLibKiosk() {
        #expect(AgentHTTPClient.candidates(besides: "/usr/bin/kiosk") == ["/usr/bin/kiosk-http", "/usr/lib/kiosk/kiosk-http"])
        #expect(
            AgentHTTPClient.candidates(besides: "/home/me/kiosk/.build/release/kiosk")
                == ["/home/me/kiosk/.build/release/kiosk-http", "/home/me/kiosk/.build/lib/kiosk/kiosk-http"]
        )
    }

    @Test func kioskHTTPInTheEnvironmentComesFirst() {
        #expect(AgentHTTPClient.locate(environment: ["KIOSK_HTTP": "/opt/kiosk-http"]) == "/opt/kiosk-http")
    }
}
