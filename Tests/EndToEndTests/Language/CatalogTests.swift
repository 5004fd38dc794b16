import Foundation
import KioskTestSupport
import Testing

/// The operator's language kept honest by the build: the template holds every message the
/// code passes to `tr`/`trn`, and the Korean catalog translates every one of them, as
/// GNU gettext's own tools (Debian's `gettext`) read them.
@Suite struct CatalogTests {
    /// `make pot` into a scratch file gives po/kiosk.pot as it is in the repository.
    @Test func theTemplateIsUpToDateWithTheCode() throws {
        let scratch = try ScratchDirectory()
        let fresh = scratch.path("kiosk.pot")
        let make = try ManualPage.run("/usr/bin/make", ["-s", "-C", Repository.root.path, "pot", "POT=" + fresh])
        #expect(make.status == 0, "\(make.stderr)")
        let extracted = try String(contentsOfFile: fresh, encoding: .utf8)
        let kept = try Repository.text("po/kiosk.pot")
        #expect(extracted == kept, "po/kiosk.pot is out of date with the code: run 'make po' and translate what is new")
        #expect(!extracted.contains("\\\\("), "a message uses Swift interpolation instead of a {name} placeholder")
        #expect(extracted.components(separatedBy: "\nmsgid ").count > 150)
    }

    /// Every message of the template is in po/ko.po, translated, none fuzzy; msgfmt finds
    /// nothing wrong (placeholders, plural forms, the header).
    @Test func theKoreanCatalogIsCompleteAndClean() throws {
        let po = Repository.root.appendingPathComponent("po/ko.po").path
        let pot = Repository.root.appendingPathComponent("po/kiosk.pot").path
        let check = try ManualPage.run("/usr/bin/msgfmt", ["--check", "--statistics", "--output-file=/dev/null", po], environment: ["LC_ALL": "C"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasSuffix(" translated messages.\n"), "no untranslated or fuzzy messages: \(check.stderr)")
        #expect(!check.stderr.contains("untranslated") && !check.stderr.contains("fuzzy"))
        let compare = try ManualPage.run("/usr/bin/msgcmp", [po, pot], environment: ["LC_ALL": "C"])
        #expect(compare.status == 0, "every message of the template is in po/ko.po: \(compare.stderr)")
        let catalog = try Repository.text("po/ko.po")
        #expect(!catalog.contains("#~"), "no obsolete messages: run 'make po'")
        #expect(catalog.contains("\"Plural-Forms: nplurals=1; plural=0;\\n\""))
    }

    /// Each translation keeps its message's placeholders: a `{name}` lost or misspelt would
    /// show a number nowhere, or a brace to the operator.
    @Test func translationsKeepTheirPlaceholders() throws {
        let catalog = try Repository.text("po/ko.po")
        var checked = 0
        for entry in catalog.components(separatedBy: "\n\n") where entry.contains("msgid \"") || entry.contains("msgid \"\"\n\"") {
            guard let idStart = entry.range(of: "msgid "), let strStart = entry.range(of: "\nmsgstr") else { continue }
            let msgid = String(entry[idStart.upperBound..<strStart.lowerBound])
            let msgstr = String(entry[strStart.upperBound...])
            let wanted = Set(msgid.matches(of: /\{[a-z]+\}/).map { String($0.output) })
            let found = Set(msgstr.matches(of: /\{[a-z]+\}/).map { String($0.output) })
            #expect(wanted == found, "\(msgid)")
            checked += 1
        }
        #expect(checked > 150)
    }
}
