import Foundation
import KioskTestSupport
import Testing

/// Text from outside — menu names, currency, a receiver's redirect — reaches the terminal
/// with its control characters, escape sequences and bidirectional overrides made visible.
@Suite struct CleanTerminalTests {
    /// The bytes of ESC and of U+202E RIGHT-TO-LEFT OVERRIDE in UTF-8.
    private static let escape: UInt8 = 0x1B
    private static let override: [UInt8] = [0xE2, 0x80, 0xAE]

    private func raw(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        if bytes.contains(CleanTerminalTests.escape) { found.append("ESC") }
        if bytes.count >= 3, (0...(bytes.count - 3)).contains(where: { Array(bytes[$0..<($0 + 3)]) == CleanTerminalTests.override }) {
            found.append("U+202E")
        }
        return found
    }

    @Test func aRedirectFullOfEscapesACurrencyAndANameWithOverridesReachNoTerminalRaw() throws {
        let location = "http://127.0.0.1:1/\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gnp.exe"
        let server = try TestHTTPServer(replies: [.status(302, headers: [("Location", location)])])
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", #"""
            kiosk "Juice\u{202E} Maker" currency "K\u{1B}[31mRW\u{202E}"
            ingredient mango stock 10
            item "Mango\u{202E}Juice" needs mango 1 price 2
            message order.succeeded "{item} \u{1B}[2J is ready"

            """#)
        let result = try KioskProcess(
            "--menu", menu, "--flush-timeout", "3s", "--sink", "webhook url \"\(server.url)\" backoff 10ms",
            "-c", "menu; order mango juice; report; history; stock; sinks; sinks failed"
        ).run()
        #expect(server.requestCount >= 1, "the receiver was asked")
        #expect(result.stdout.contains("PRICE (K␛[31mRW"))
        #expect(raw(result.stdout) == [], "standard output: \(result.stdout)")
        #expect(raw(result.stderr) == [], "standard error: \(result.stderr)")
    }
}
