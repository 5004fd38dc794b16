import Foundation

/// Headless Chromium driven over W3C WebDriver: Debian's `chromedriver` on a free port of
/// 127.0.0.1, one session, spoken to over plain HTTP with JSON. For the tests of the
/// screens and for measuring them; every wait is bounded, so a browser that hangs fails
/// its test instead of the suite.
public final class Browser: @unchecked Sendable {
    /// Something WebDriver or the browser refused, with its words.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// An element found in the page, by WebDriver's reference.
    public struct Element: Sendable {
        public let reference: String
    }

    /// Where Debian puts them (`chromium`, `chromium-driver`).
    public static let chromium = "/usr/bin/chromium"
    public static let chromedriver = "/usr/bin/chromedriver"
    /// W3C's key for an element reference in JSON.
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// Whether Chromium and its driver are installed (`make test` installs them).
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }

    private let driver = Process()
    private let port: UInt16
    private var session = ""
    private let scratch: ScratchDirectory
    /// How long one WebDriver command may take: generous, for a machine busy with builds.
    public var commandTimeout: Duration = .seconds(90)

    /// Starts `chromedriver` and a headless Chromium with a viewport of `width`×`height`;
    /// with `touch`, as a phone: touch events and a mobile viewport of exactly that size.
    public init(width: Int, height: Int, touch: Bool = false) throws {
        scratch = try ScratchDirectory()
        port = try Browser.freePort()
        driver.executableURL = URL(fileURLWithPath: Browser.chromedriver)
        driver.arguments = ["--port=\(port)", "--log-path=\(scratch.path("chromedriver.log"))"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        driver.standardInput = FileHandle.nullDevice
        try driver.run()
        do {
            try waitForDriver()
            try startSession(width: width, height: height, touch: touch)
        } catch {
            stopDriver()
            throw error
        }
    }

    deinit {
        quit()
    }

    /// Ends the session and the driver (and with it the browser). Safe to call twice.
    public func quit() {
        if !session.isEmpty {
            _ = try? command("DELETE", "", timeout: .seconds(20))
            session = ""
        }
        stopDriver()
    }

    // MARK: Windows

    /// Opens another window of the same browser and returns its handle; the current window
    /// stays current.
    public func newWindow() throws -> String {
        let value = try command("POST", "/window/new", ["type": "window"])
        guard let handle = (value as? [String: Any])?["handle"] as? String else { throw Failure("no window handle") }
        return handle
    }

    /// The handle of the window commands go to.
    public func currentWindow() throws -> String {
        try command("GET", "/window") as? String ?? ""
    }

    /// Closes the current window; switch to another before the next command.
    public func closeWindow() throws {
        try command("DELETE", "/window")
    }

    public func switchToWindow(_ handle: String) throws {
        try command("POST", "/window", ["handle": handle])
    }

    // MARK: Pages

    public func navigate(_ url: String) throws {
        try command("POST", "/url", ["url": url])
    }

    /// The first element matching `css`; throws when there is none.
    public func find(_ css: String) throws -> Element {
        let value = try command("POST", "/element", ["using": "css selector", "value": css])
        guard let object = value as? [String: Any], let reference = object[Browser.elementKey] as? String else {
            throw Failure("no element for '\(css)'")
        }
        return Element(reference: reference)
    }

    /// Every element matching `css`.
    public func findAll(_ css: String) throws -> [Element] {
        let value = try command("POST", "/elements", ["using": "css selector", "value": css])
        return (value as? [[String: Any]] ?? []).compactMap { ($0[Browser.elementKey] as? String).map(Element.init) }
    }

    /// Clicks `element` as a person would (scrolled into view, the topmost thing there).
    public func click(_ element: Element) throws {
        try command("POST", "/element/\(element.reference)/click", [:])
    }

    public func click(_ css: String) throws {
        try click(try find(css))
    }

    /// Types `text` into `element` (it takes focus first).
    public func type(_ text: String, into element: Element) throws {
        try command("POST", "/element/\(element.reference)/value", ["text": text])
    }

    public func clear(_ element: Element) throws {
        try command("POST", "/element/\(element.reference)/clear", [:])
    }

    /// The text of `element` as rendered (what a person sees).
    public func text(of element: Element) throws -> String {
        try command("GET", "/element/\(element.reference)/text") as? String ?? ""
    }

    public func text(_ css: String) throws -> String {
        try text(of: try find(css))
    }

    /// Presses keys on whatever has focus (`\u{E007}` is Enter in WebDriver's key codes).
    public func press(_ keys: String) throws {
        let actions: [[String: Any]] = keys.unicodeScalars.flatMap { key -> [[String: Any]] in
            [["type": "keyDown", "value": String(key)], ["type": "keyUp", "value": String(key)]]
        }
        try command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        try command("DELETE", "/actions")
    }

    public static let enterKey = "\u{E007}"
    public static let escapeKey = "\u{E00C}"

    /// Runs `script` as a function body in the page with `arguments`; its return value.
    @discardableResult
    public func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        let value = try command("POST", "/execute/sync", ["script": script, "args": arguments])
        return value is NSNull ? nil : value
    }

    /// The element `script` returns, if it returns one.
    public func element(_ script: String, _ arguments: [Any] = []) throws -> Element? {
        ((try execute(script, arguments) as? [String: Any])?[Browser.elementKey] as? String).map(Element.init)
    }

    /// Runs `script`, whose last argument is a callback it calls with its answer.
    public func executeAsync(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        let value = try command("POST", "/execute/async", ["script": script, "args": arguments])
        return value is NSNull ? nil : value
    }

    /// The viewport as a PNG.
    public func screenshot() throws -> Data {
        guard let text = try command("GET", "/screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw Failure("the screenshot was not base64")
        }
        return data
    }

    /// The text of an open `alert`, `confirm` or `prompt`; `nil` when none is open.
    public func openDialog() -> String? {
        try? command("GET", "/alert/text") as? String
    }

    /// The browser's console messages since the last call, as `LEVEL text`.
    public func consoleMessages() -> [String] {
        let value = try? command("POST", "/se/log", ["type": "browser"])
        return (value as? [[String: Any]] ?? []).map { "\($0["level"] as? String ?? "") \($0["message"] as? String ?? "")" }
    }

    /// Waits until `condition` holds, polling every 50 ms; throws, naming `what`, after
    /// `timeout`. The condition's own errors (an element not there yet) count as not yet.
    public func wait(_ what: String, timeout: Duration = .seconds(30), until condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        var last: (any Error)?
        while ContinuousClock.now < deadline {
            do {
                if try condition() { return }
            } catch {
                last = error
            }
            usleep(50_000)
        }
        throw Failure("timed out waiting for \(what)\(last.map { " (last: \($0))" } ?? "")")
    }

    /// Waits until `script` returns something truthy.
    public func wait(forScript script: String, _ what: String, timeout: Duration = .seconds(30)) throws {
        try wait(what, timeout: timeout) {
            let value = try execute(script)
            if let flag = value as? Bool { return flag }
            return value != nil
        }
    }

    // MARK: WebDriver over HTTP

    /// One command of the session; its `value`.
    @discardableResult
    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Duration? = nil) throws -> Any? {
        try request(method, "/session/\(session)\(path)", body, timeout: timeout)
    }

    private func request(_ method: String, _ path: String, _ body: [String: Any]?, timeout: Duration? = nil) throws -> Any? {
        let client = try HTTPTestClient(port: port)
        client.timeout = timeout ?? commandTimeout
        let text = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let response = try client.request(method, path, headers: [("Connection", "close")], body: text)
        let object = try? JSONSerialization.jsonObject(with: Data(response.body))
        let value = (object as? [String: Any])?["value"]
        guard response.status == 200 else {
            let error = value as? [String: Any]
            let name = error?["error"] as? String ?? "status \(response.status)"
            throw Failure("\(method) \(path): \(name): \((error?["message"] as? String ?? response.text).prefix(500))")
        }
        return value
    }

    private func waitForDriver() throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard driver.isRunning else { throw Failure("chromedriver exited with status \(driver.terminationStatus)") }
            if let status = try? request("GET", "/status", nil, timeout: .seconds(5)) as? [String: Any], status["ready"] as? Bool == true {
                return
            }
            usleep(50_000)
        }
        throw Failure("chromedriver did not answer within a minute")
    }

    private func startSession(width: Int, height: Int, touch: Bool) throws {
        // --no-sandbox: Chromium's sandbox cannot start as root, which CI and containers are;
        // the browser only ever loads pages of a server the test started.
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=en-US",
            "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(scratch.path("profile"))",
        ]
        // The viewport is exactly width × height (a headless window keeps some of its height
        // for a toolbar it does not draw); a phone also gets touch and a mobile viewport.
        let metrics: [String: Any] = ["width": width, "height": height, "pixelRatio": 1, "touch": touch, "mobile": touch]
        let options: [String: Any] = ["binary": Browser.chromium, "args": arguments, "mobileEmulation": ["deviceMetrics": metrics]]
        let capabilities: [String: Any] = [
            "browserName": "chrome", "goog:chromeOptions": options, "goog:loggingPrefs": ["browser": "ALL"],
            "timeouts": ["script": 60_000, "pageLoad": 90_000, "implicit": 0], "unhandledPromptBehavior": "ignore",
        ]
        let value = try request("POST", "/session", ["capabilities": ["alwaysMatch": capabilities]], timeout: .seconds(120))
        guard let id = (value as? [String: Any])?["sessionId"] as? String else { throw Failure("no session: \(String(describing: value))") }
        session = id
    }

    private func stopDriver() {
        guard driver.isRunning else { return }
        driver.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while driver.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
    }

    /// A port nobody listens on now.
    private static func freePort() throws -> UInt16 {
        guard let port = Loopback.freePort() else { throw Failure("no free port: errno \(errno)") }
        return port
    }
}
