import Foundation
import KioskTestSupport
import Testing

/// A language is a catalog file: dropping `ja/LC_MESSAGES/kiosk.po` where kiosk looks
/// (`KIOSK_LOCALEDIR` here; an installed kiosk's `share/locale`) makes the prompt, its
/// command words, `--help`, errors and the screens speak Japanese — with no change to
/// kiosk and no build.
@Suite struct ThirdLanguageTests {
    /// `text` as a PO string literal.
    static func po(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }

    /// A Japanese catalog of a few entries, as a translator writes one: `--help`'s text (as
    /// this kiosk prints it in English), a heading of `help`, an error, a command's word
    /// and a word of the screens.
    static func catalog(help: String) -> String {
        let entries: [(context: String?, english: String, japanese: String)] = [
            (nil, help, "kiosk — 端末のキオスク\n"),
            (nil, "Commands:", "コマンド:"),
            (nil, "unknown command '{word}'; type 'help' for the commands", "不明なコマンド '{word}'（'help' で一覧）"),
            ("command", "order", "注文"),
            (nil, "Share", "共有"),
        ]
        var text = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=1; plural=0;\\n\"\n"
        for entry in entries {
            text += "\n"
            if let context = entry.context { text += "msgctxt \(po(context))\n" }
            text += "msgid \(po(entry.english))\nmsgstr \(po(entry.japanese))\n"
        }
        return text
    }

    @Test func oneCatalogFileAddsALanguage() throws {
        let scratch = try ScratchDirectory()
        let help = try KioskProcess("--help").run()
        #expect(help.status == 0)
        _ = try scratch.file("locale/ja/LC_MESSAGES/kiosk.po", Self.catalog(help: help.stdout))
        let japanese = ["KIOSK_LOCALEDIR": scratch.path("locale"), "LANG": "ja_JP.UTF-8"]

        // --help, from the environment's language and from --lang.
        #expect(try KioskProcess("--help", environment: japanese).run().stdout == "kiosk — 端末のキオスク\n")
        #expect(try KioskProcess("--lang", "ja", "--help", environment: ["KIOSK_LOCALEDIR": scratch.path("locale")]).run().stdout == "kiosk — 端末のキオスク\n")

        // The prompt: the command's Japanese word orders, help lists it, an error speaks Japanese.
        let session = try KioskProcess("-c", "注文 mango juice; help; bogus", environment: japanese).run()
        #expect(session.status == 1, "the unknown command fails the run")
        #expect(session.stdout.contains("Mango Juice"), "\(session.stdout)")
        #expect(session.stdout.contains("コマンド:"), "\(session.stdout)")
        #expect(session.stdout.contains("注文  order ITEM"), "the word before its synopsis: \(session.stdout)")
        #expect(session.stderr.contains("不明なコマンド 'bogus'（'help' で一覧）"), "\(session.stderr)")

        // The languages offered are the catalogs found.
        let unknown = try KioskProcess("--lang", "xx", "-c", "menu", environment: ["KIOSK_LOCALEDIR": scratch.path("locale")]).run()
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("(en, ja, ko)"), "\(unknown.stderr)")

        // A screen: its page says its language, and its words come from the catalog.
        let server = try ServingKiosk(environment: japanese)
        defer { _ = server.stop() }
        let page = try server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<html lang="ja">"#))
        let words = try server.request("GET", "/assets/words.js")
        #expect(words.text.contains(#""share": "共有""#), "\(words.text)")
    }

    @Test func withoutTheFileTheLanguageIsNotOffered() throws {
        let scratch = try ScratchDirectory()
        let result = try KioskProcess("--lang", "ja", "-c", "menu", environment: ["KIOSK_LOCALEDIR": scratch.path]).run()
        #expect(result.status == 64)
        #expect(result.stderr.contains("(en, ko)"), "\(result.stderr)")
        let fallback = try KioskProcess("-c", "bogus", environment: ["KIOSK_LOCALEDIR": scratch.path, "LANG": "ja_JP.UTF-8"]).run()
        #expect(fallback.stderr.contains("unknown command 'bogus'"), "a language without a catalog speaks English: \(fallback.stderr)")
    }
}
