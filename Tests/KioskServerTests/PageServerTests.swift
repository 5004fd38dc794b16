@testable import KioskServer
import KioskText
import KioskWire
import Testing

/// The screens' files as the server answers them, and the rules every page keeps: only its
/// own files, no inline script, text never inserted as markup, at most 100 KB.
@Suite struct PageServerTests {
    let pages = PageServer.standard

    private func get(_ path: String, method: String = "GET", headers: [HTTPField] = []) -> HTTPResponse? {
        pages.response(to: HTTPExchange(method: method, path: path, headers: headers))
    }

    @Test func everyScreenIsAPageWithItsPolicy() throws {
        for path in ["/", "/stock", "/kitchen", "/ready", "/suggest", "/report"] {
            let response = try #require(get(path), "\(path)")
            #expect(response.status == 200)
            #expect(response.headers.value(named: "content-type") == "text/html; charset=utf-8")
            let policy = try #require(response.headers.value(named: "content-security-policy"))
            #expect(policy.hasPrefix("default-src 'self'; script-src 'self';"))
            #expect(!policy.contains("unsafe"))
            #expect(response.headers.value(named: "cache-control") == "no-cache")
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<!doctype html>"))
        }
        #expect(get("/assets/kiosk.js")?.headers.value(named: "content-type") == "text/javascript; charset=utf-8")
        #expect(get("/assets/kiosk.css")?.headers.value(named: "content-type") == "text/css; charset=utf-8")
        #expect(get("/assets/icon.svg")?.headers.value(named: "content-type") == "image/svg+xml")
    }

    @Test func aCurrentCopyIsNotSentAgainAndAnotherBuildsIs() throws {
        let first = try #require(get("/kitchen"))
        let etag = try #require(first.headers.value(named: "etag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 18)
        let again = try #require(get("/kitchen", headers: [HTTPField("If-None-Match", etag)]))
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.headers.value(named: "etag") == etag)
        let stale = try #require(get("/kitchen", headers: [HTTPField("If-None-Match", "\"0000000000000000\"")]))
        #expect(stale.status == 200 && stale.body == first.body)
        #expect(get("/stock")?.headers.value(named: "etag") != etag, "each file its own tag")
    }

    @Test func onlyPagesAndAssetsAreAnswered() {
        #expect(get("/api/v1/menu") == nil)
        #expect(get("/index.html") == nil)
        #expect(get("/assets/") == nil)
        #expect(get("/assets/../Package.swift") == nil)
        #expect(get("/kitchen/") == nil)
        #expect(get("/", method: "POST")?.status == 405)
        #expect(get("/", method: "HEAD")?.status == 200)
    }

    /// `src` and `href` of a page, and `import … from './x.js'` of a script.
    private func references(of path: String) throws -> [String] {
        let text = String(decoding: try #require(pages.assets[path]).bytes, as: UTF8.self)
        var found: [String] = []
        for marker in [#"src=""#, #"href=""#, #"from './"#] {
            for piece in text.components(separatedBy: marker).dropFirst() {
                let end = piece.firstIndex { $0 == "\"" || $0 == "'" } ?? piece.endIndex
                let reference = String(piece[..<end])
                found.append(marker.hasPrefix("from") ? "/assets/" + reference : reference)
            }
        }
        return found
    }

    /// A page's files: the page, and every file it loads, and every file those import.
    private func files(of page: String) throws -> Set<String> {
        var seen: Set<String> = [page]
        var queue = [page]
        while let next = queue.popLast() {
            for reference in try references(of: next) where seen.insert(reference).inserted {
                queue.append(reference)
            }
        }
        return seen
    }

    @Test func pagesLoadOnlyTheirOwnFilesAndStayUnder100KB() throws {
        for page in ["/", "/stock", "/kitchen", "/ready", "/suggest", "/report"] {
            let files = try files(of: page)
            for file in files where file.hasPrefix("/") && !file.hasPrefix("/api/") {
                #expect(pages.assets[file] != nil || ["/", "/stock", "/kitchen", "/ready", "/suggest", "/report"].contains(file), "\(page) loads \(file), which is not served")
            }
            #expect(files.allSatisfy { $0.hasPrefix("/") }, "\(page): nothing from another origin: \(files.sorted())")
            let bytes = files.compactMap { pages.assets[$0]?.bytes.count }.reduce(0, +)
            #expect(bytes <= 100 * 1024, "\(page) ships \(bytes) bytes")
        }
    }

    @Test func noInlineScriptNoMarkupFromText() throws {
        for path in pages.paths {
            let text = String(decoding: try #require(pages.assets[path]).bytes, as: UTF8.self)
            if path.hasSuffix(".js") {
                for forbidden in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "alert(", "confirm(", "prompt("] {
                    #expect(!text.contains(forbidden), "\(path) uses \(forbidden)")
                }
            } else if !path.hasPrefix("/assets/") {
                #expect(!text.contains("<script>") && !text.contains("<style"), "\(path) has inline script or style")
                #expect(!text.contains(" style=") && !text.contains(" onclick=") && !text.contains(" onload="), "\(path) has inline style or handlers")
                #expect(text.contains("<main"), "\(path) has a main landmark")
                #expect(text.contains(#"<html lang=""#), "\(path) says its language")
            }
        }
    }

    /// The words `texts.js` reads by name from `words.js`: `words.key` and `words['group.key']`.
    private func keysRead(by script: String) -> Set<String> {
        var keys: Set<String> = []
        for piece in script.components(separatedBy: "words.").dropFirst() {
            let key = piece.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !key.isEmpty, key != "js" { keys.insert(String(key)) }
        }
        for piece in script.components(separatedBy: "words['").dropFirst() {
            keys.insert(String(piece.prefix { $0 != "'" }))
        }
        return keys
    }

    /// `texts.js`'s list of words with blanks: each key, with the names of its blanks.
    private func blanks(in script: String) throws -> [String: Set<String>] {
        let list = try #require(script.components(separatedBy: "const blanks = {\n").dropFirst().first?.components(separatedBy: "\n};").first)
        var blanks: [String: Set<String>] = [:]
        for line in list.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            try #require(parts.count == 2, "\(line)")
            let names = parts[1].split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            blanks[String(parts[0].drop { $0 == " " })] = Set(names)
        }
        return blanks
    }

    /// The `{name}` blanks of a message.
    private func placeholders(of message: String) -> Set<String> {
        Set(message.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}", omittingEmptySubsequences: false).first.map(String.init) })
    }

    @Test func thePagesWordsAreTheCatalogsInTheServersLanguage() throws {
        let texts = String(decoding: try #require(pages.assets["/assets/texts.js"]).bytes, as: UTF8.self)
        #expect(texts.contains("from './words.js'"))
        let keys = Set(PageWords.all.map(\.key))
        #expect(keysRead(by: texts).isSubset(of: keys), "texts.js reads no word PageWords does not list")
        // texts.js makes a text of every word words.js holds; a word with blanks must be in its
        // list of blanks, which passes every blank its message has (a message may leave one
        // out), or be filled by name.
        let filledByName: Set = ["matches", "restockStep"]
        let listed = try blanks(in: texts)
        #expect(!listed.isEmpty)
        for (key, message) in PageWords.all {
            guard case .text(let text) = message, !filledByName.contains(key) else { continue }
            #expect(placeholders(of: text).isSubset(of: listed[key] ?? []), "\(key)")
        }
        #expect(Set(listed.keys).isSubset(of: keys))
        #expect(keysRead(by: texts) == filledByName)
        for language in Language.available {
            let module = String(decoding: try #require(PageServer.speaking(language).assets["/assets/words.js"]).bytes, as: UTF8.self)
            for path in ["/", "/stock", "/kitchen", "/ready", "/suggest", "/report"] {
                let page = String(decoding: try #require(PageServer.speaking(language).assets[path]).bytes, as: UTF8.self)
                #expect(page.contains(#"<html lang="\#(language.code)">"#), "\(path) in \(language)")
            }
            for (key, message) in PageWords.all {
                guard case .text(let text) = message else { continue }
                #expect(module.contains("  \(PageWords.literal(key)): \(PageWords.literal(Localization.text(text, in: language)))"), "\(language) \(key)")
            }
        }
        let english = String(decoding: try #require(PageServer.standard.assets["/assets/words.js"]).bytes, as: UTF8.self)
        #expect(english.contains(#""basket": "Your order""#))
        #expect(english.contains(#""matches": { "one": "{n} item matches.", "other": "{n} items match." }"#))
    }

    /// Each page is the shared head around its own body, and loads its own script.
    @Test func eachPageIsTheSharedHeadAroundItsScreen() throws {
        let scripts = ["/": "kiosk", "/stock": "stock", "/kitchen": "kitchen", "/ready": "ready", "/suggest": "suggest", "/report": "report"]
        for (path, script) in scripts {
            let page = String(decoding: try #require(pages.assets[path]).bytes, as: UTF8.self)
            #expect(page.contains(#"<script type="module" src="/assets/\#(script).js"></script>"#), "\(path)")
            #expect(page.contains("<main id=\"main\" class=\"\(script)\">"), "\(path) has its own body")
            #expect(!page.contains("{{"), "\(path) has every blank filled")
            #expect(page.hasSuffix("</body>\n</html>\n"), "\(path)")
            #expect(page.components(separatedBy: "<head>").count == 2 && page.components(separatedBy: "<body").count == 2, "\(path)")
        }
    }

    @Test func aWordIsAJavaScriptStringWhateverItHolds() {
        #expect(PageWords.literal("a \"b\" \\ c\n\u{2028}\u{1}") == #""a \"b\" \\ c\n\u2028\u0001""#)
    }
}
