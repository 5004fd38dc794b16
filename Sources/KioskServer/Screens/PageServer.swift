import KioskText
import KioskWire
import Synchronization

/// The screens — the kiosk, the stock room, the kitchen, the ready board, suggestions and
/// the day's report — as the files in `Pages/`, built into the binary (SwiftPM's
/// `embedInCode`), for the `GET`s outside `/api/`. Each page is the shared head of
/// `page.html` around its screen's body.
///
/// A page is plain HTML that loads its stylesheet and scripts from `/assets/` and asks the
/// documented API for everything it shows, as any client would. Its policy allows its own
/// files and nothing else: no inline script, nothing from another origin. A page is
/// revalidated on every load (`no-cache` with an `ETag` made from its bytes), so a browser
/// never keeps a page older than the binary.
struct PageServer: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong validator from the bytes: another build's bytes have another.
        let etag: String

        init(_ bytes: [UInt8], _ contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
            etag = "\"" + Hex.fingerprint(of: String(decoding: bytes, as: UTF8.self)) + "\""
        }
    }

    /// What the pages may load: their own origin's files and API, nothing inline.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The files, by the path they are served at.
    let assets: [String: Asset]

    /// The pages in English: the messages as the code writes them.
    static let standard = PageServer(speaking: .english)
    private static let spoken = Mutex<[Language: PageServer]>([.english: standard])

    /// The pages speaking `language` to the operator (their words from the catalog, in
    /// `/assets/words.js`), each language's made once.
    static func speaking(_ language: Language) -> PageServer {
        if let made = spoken.withLock({ $0[language] }) { return made }
        let made = PageServer(speaking: language)
        spoken.withLock { $0[language] = made }
        return made
    }

    init(assets: [String: Asset]) {
        self.assets = assets
    }

    private init(speaking language: Language) {
        var assets = PageServer.files
        for screen in PageServer.screens {
            assets[screen.path] = Asset(PageServer.page(screen, in: language), PageServer.html)
        }
        assets["/assets/words.js"] = Asset(Array(PageWords.module(in: language).utf8), PageServer.javaScript)
        self.init(assets: assets)
    }

    /// A screen: the path it is served at, its script in `/assets/`, and its `<body>` (the
    /// file in `Pages/`).
    private struct Screen {
        let path: String
        let script: String
        let body: [UInt8]
    }

    private static let screens = [
        Screen(path: "/", script: "kiosk", body: PackageResources.index_html),
        Screen(path: "/stock", script: "stock", body: PackageResources.stock_html),
        Screen(path: "/kitchen", script: "kitchen", body: PackageResources.kitchen_html),
        Screen(path: "/ready", script: "ready", body: PackageResources.ready_html),
        Screen(path: "/suggest", script: "suggest", body: PackageResources.suggest_html),
        Screen(path: "/report", script: "report", body: PackageResources.report_html),
    ]

    /// A screen's whole page: `Pages/page.html` — the head every page shares — with the
    /// operator's language, the screen's script and its body put in.
    private static func page(_ screen: Screen, in language: Language) -> [UInt8] {
        let shell = String(decoding: PackageResources.page_html, as: UTF8.self)
        let page = shell
            .replacing("{{lang}}", with: language.code.replacing("_", with: "-"))
            .replacing("{{script}}", with: screen.script)
            .replacing("{{body}}", with: String(decoding: screen.body, as: UTF8.self))
        return Array(page.utf8)
    }

    /// The files other than the pages, as they are built into the binary.
    private static let files: [String: Asset] = [
        "/assets/kiosk.css": Asset(PackageResources.kiosk_css, "text/css; charset=utf-8"),
        "/assets/icon.svg": Asset(PackageResources.icon_svg, "image/svg+xml"),
        "/assets/texts.js": Asset(PackageResources.texts_js, javaScript),
        "/assets/common.js": Asset(PackageResources.common_js, javaScript),
        "/assets/basket.js": Asset(PackageResources.basket_js, javaScript),
        "/assets/choices.js": Asset(PackageResources.choices_js, javaScript),
        "/assets/combo.js": Asset(PackageResources.combo_js, javaScript),
        "/assets/kiosk.js": Asset(PackageResources.kiosk_js, javaScript),
        "/assets/stock.js": Asset(PackageResources.stock_js, javaScript),
        "/assets/drawer.js": Asset(PackageResources.drawer_js, javaScript),
        "/assets/kitchen.js": Asset(PackageResources.kitchen_js, javaScript),
        "/assets/ready.js": Asset(PackageResources.ready_js, javaScript),
        "/assets/suggest.js": Asset(PackageResources.suggest_js, javaScript),
        "/assets/report.js": Asset(PackageResources.report_js, javaScript),
    ]

    private static let html = "text/html; charset=utf-8"
    private static let javaScript = "text/javascript; charset=utf-8"

    /// The answer to a request for a page or an asset: the file, `304` when the browser's
    /// copy is current, `405` for a method other than `GET` or `HEAD`. `nil` for any other
    /// path, which the API answers (`404` outside `/api/v1`).
    func response(to exchange: HTTPExchange) -> HTTPResponse? {
        guard let asset = assets[exchange.path] else { return nil }
        guard exchange.method == "GET" || exchange.method == "HEAD" else {
            return CommandResponse.problemResponse(.methodNotAllowed(exchange.method, allowed: ["GET", "HEAD"]))
        }
        var headers = [
            HTTPField("ETag", asset.etag), HTTPField("Cache-Control", "no-cache"),
            HTTPField("Content-Security-Policy", PageServer.contentSecurityPolicy),
        ]
        if PageServer.matches(exchange.header("if-none-match"), asset.etag) { return HTTPResponse(status: 304, headers: headers) }
        headers.append(HTTPField("Content-Type", asset.contentType))
        return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
    }

    /// Whether `If-None-Match` names `etag` (or is `*`).
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { tag in
            let tag = String(tag).trimmingWhitespace()
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// Every page and asset path, for tests and the budgets.
    var paths: [String] { assets.keys.sorted() }
}
