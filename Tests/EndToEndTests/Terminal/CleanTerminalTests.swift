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

    @Test(arguments: [false, true])
    func aRedirectFullOfEscapesACurrencyAndANameWithOverridesReachNoTerminalRaw(json: Bool) throws {
        let location = "http://127.0.0.1:1/\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gnp.exe"
        let server = try TestHTTPServer(replies: [.status(302, headers: [("Location", location)])])
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("menu.kiosk", #"""
            kiosk "Juice\u{202E} Maker" currency "K\u{1B}[31mRW\u{202E}"
            ingredient mango stock 10
            ingredient "kiwi\u{202E}" stock 1
            item "Mango\u{202E}Juice" needs mango 1 price 2
            item "Kiwi\u{202E}Juice" needs "kiwi\u{202E}" 3 price 2
            message order.succeeded "{item} \u{1B}[2J is ready"

            """#)
        // The receiver answers at once and a redirect is not retried: the exit waits only as
        // long as the webhook helper takes to start and send, which on a loaded machine can
        // be seconds. The deadline is far from that, not a measure of it.
        let result = try KioskProcess(
            arguments: (json ? ["--json"] : []) + [
                "--menu", menu, "--flush-timeout", "60s", "--sink", "console", "--sink", "webhook url \"\(server.url)\" backoff 10ms",
                "-c", "menu; order mango juice; order kiwi juice; stock add kiwi 0; report; history; stock; sinks; sinks failed",
            ]
        ).run()
        #expect(server.requestCount >= 1, "the receiver was asked")
        if json {
            #expect(result.stdout.contains(#""currency":"K\u001b[31mRW\u202e""#), "escaped in JSON")
        } else {
            #expect(result.stdout.contains("PRICE (K␛[31mRW"))
            #expect(result.stderr.contains("line 3: order refused: not enough kiwi\u{FFFD} (needed 3, available 1)\n"))
            #expect(result.stderr.contains("(last: HTTP 302: redirects are not followed (to http://127.0.0.1:1/␛]0;owned␇␛[2J\u{FFFD}gnp.exe))"))
        }
        #expect(raw(result.stdout) == [], "standard output: \(result.stdout)")
        #expect(raw(result.stderr) == [], "standard error: \(result.stderr)")
    }

    /// File names, arguments and exec commands with escapes in them, quoted by errors at
    /// start-up, by `check` and by `state`: made visible, in text and in `--json`.
    @Test(arguments: [false, true])
    func fileNamesArgumentsAndCommandsWithEscapesReachNoTerminalRaw(json: Bool) throws {
        let scratch = try ScratchDirectory()
        let hostile = "x\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}gnp"
        // The same in the menu language, which takes no raw control character in a string.
        let written = #"x\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}gnp"#
        let broken = try scratch.file("\(hostile).kiosk", "ingredient mango stok 10\ninclude \"\(hostile)-gone.kiosk\"\n")
        let runs: [[String]] = [
            ["check", broken],
            ["check", scratch.path("\(hostile)-missing.kiosk")],
            ["--menu", broken, "-c", "menu"],
            ["--menu", scratch.path("\(hostile)-missing.kiosk"), "-c", "menu"],
            ["--sink", "exec command \"/nonexistent/\(written)\"", "-c", "menu"],
            ["--sink", "log path \"/proc/\(written)/events.jsonl\"", "-c", "menu"],
            ["-f", scratch.path("\(hostile).script")],
            ["--state", broken, "-c", "menu"],
            ["state", "verify", scratch.path(hostile)],
            ["--\(hostile)"],
            ["-c", "order \(hostile); stock add \(hostile) 1; help \(hostile); \(hostile)"],
        ]
        for arguments in runs {
            let result = try KioskProcess(arguments: (json ? ["--json"] : []) + arguments).run()
            #expect(result.status != 0, "\(arguments) fails")
            #expect(result.stdout.contains("owned") || result.stderr.contains("owned"), "\(arguments) quotes the name")
            #expect(raw(result.stdout) == [], "\(arguments), standard output: \(result.stdout)")
            #expect(raw(result.stderr) == [], "\(arguments), standard error: \(result.stderr)")
        }
    }
}
