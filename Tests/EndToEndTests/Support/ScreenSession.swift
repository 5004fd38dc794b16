import Foundation
import KioskTestSupport
import Testing

/// A `kiosk serve` on a state of its own with a headless Chromium pointed at it, for the
/// tests of the screens: what a person at the counter, in the kitchen or at the prompt does,
/// and what each of them then sees.
final class ScreenSession: @unchecked Sendable {
    /// The operator's token every test server is given, so that a restarted server takes it.
    static let token = "screens-test-token-0123456789"

    let scratch: ScratchDirectory
    let menu: String
    let state: String
    private(set) var server: ServingKiosk
    let browser: Browser

    var base: String { "http://127.0.0.1:\(server.port)" }

    /// The server's environment: the token, and the language when a test chooses one.
    let environment: [String: String]

    /// A server for `menu` (a path from the repository's root, or an absolute one), with
    /// `environment` besides the token (`LANGUAGE`), and a browser whose viewport is
    /// `width`×`height` (with `touch`, a phone's).
    init(menu: String, environment: [String: String] = [:], width: Int = 1280, height: Int = 900, touch: Bool = false) throws {
        scratch = try ScratchDirectory()
        self.menu = menu
        self.environment = environment.merging(["KIOSK_TOKEN": ScreenSession.token]) { _, token in token }
        state = scratch.path("state")
        server = try ServingKiosk(["--menu", menu, "--state", state, "--quiet"], environment: self.environment)
        browser = try Browser(width: width, height: height, touch: touch)
    }

    /// Opens `path`; an operator's page with the token already given in this tab.
    func open(_ path: String, asOperator: Bool = false) throws {
        if asOperator {
            try browser.navigate(base + "/assets/icon.svg")
            try browser.execute("sessionStorage.setItem('kiosk.operatorToken', arguments[0])", [ScreenSession.token])
        }
        try browser.navigate(base + path)
    }

    /// Runs kiosk at the prompt on the same state and menu: `commands` as with `-c`.
    @discardableResult
    func prompt(_ commands: String) throws -> KioskProcess.Result {
        try KioskProcess(arguments: ["--menu", menu, "--state", state, "-c", commands]).run()
    }

    /// Stops the server with `signal` and starts another on the same state and port.
    func restartServer(after signal: Int32, meanwhile: () throws -> Void = {}) throws {
        let port = server.port
        _ = server.stop(signal)
        try meanwhile()
        server = try ServingKiosk(
            ["--menu", menu, "--state", state, "--quiet"], environment: environment, listen: "127.0.0.1:\(port)"
        )
    }

    /// The value of `script` (a function body) in the page, as text.
    func value(_ script: String) throws -> String {
        let value = try browser.execute(script)
        return value.map { "\($0)" } ?? ""
    }

    /// Waits until `script` gives `expected`; generous, since the machine may be busy.
    func waitFor(_ script: String, toBe expected: String, timeout: Duration = .seconds(45)) throws {
        var last = ""
        do {
            try browser.wait("`\(script)` to be '\(expected)'", timeout: timeout) {
                last = try value(script)
                return last == expected
            }
        } catch {
            throw Browser.Failure("\(error); it was '\(last)'")
        }
    }

    /// Waits until the text of `css` contains `text`.
    func waitFor(_ css: String, toContain text: String, timeout: Duration = .seconds(45)) throws {
        var last = ""
        do {
            try browser.wait("'\(css)' to contain '\(text)'", timeout: timeout) {
                last = try browser.text(css)
                return last.contains(text)
            }
        } catch {
            throw Browser.Failure("\(error); it was '\(last)'")
        }
    }

    /// Saves the viewport as `docs/images/NAME.png`, for the README.
    func screenshot(_ name: String) throws {
        let directory = Repository.root.appendingPathComponent("docs/images")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try browser.screenshot().write(to: directory.appendingPathComponent("\(name).png"))
    }

    /// Console errors of the page: a script error, a policy violation. Not the browser's
    /// note of an answer such as 409, which is how the API refuses an order.
    func consoleErrors() -> [String] {
        browser.consoleMessages().filter { $0.hasPrefix("SEVERE") && !$0.contains("Failed to load resource: the server responded with a status of 4") }
    }
}
