import Foundation
import KioskText
import Testing

/// The operator's language: PO catalogs as msgfmt reads them, plural rules, the choice of
/// language from the environment, and the Korean catalog built into kiosk.
@Suite struct LocalizationTests {
    static let header = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=1; plural=0;\\n"

        """

    @Test func translationsContinuedStringsAndEscapesAreRead() throws {
        let catalog = try POCatalog(po: LocalizationTests.header + """
            # A translator's comment.
            #: Sources/KioskTerminal/Runner/InteractiveRunner.swift
            msgid "Commands:"
            msgstr "명령:"

            msgid ""
            "two\\n"
            "lines"
            msgstr ""
            "두\\n"
            "줄"

            msgid "say \\"hi\\"\\tnow\\\\"
            msgstr "\\"안녕\\"\\t지금\\\\"

            msgctxt "board"
            msgid "READY"
            msgstr "완성"
            """)
        #expect(catalog.translation(of: "Commands:") == "명령:")
        #expect(catalog.translation(of: "two\nlines") == "두\n줄")
        #expect(catalog.translation(of: "say \"hi\"\tnow\\") == "\"안녕\"\t지금\\")
        #expect(catalog.translation(of: "READY", context: "board") == "완성")
        #expect(catalog.translation(of: "READY") == nil, "a message with a context is found only with it")
        #expect(catalog.count == 4)
    }

    @Test func fuzzyObsoleteAndUntranslatedEntriesStayEnglish() throws {
        let catalog = try POCatalog(po: LocalizationTests.header + """
            #, fuzzy, c-format
            msgid "STOCK"
            msgstr "재고?"

            msgid "LOW"
            msgstr ""

            #~ msgid "OLD"
            #~ msgstr "옛날"

            msgid "UNIT"
            msgstr "단위"
            """)
        #expect(catalog.translation(of: "STOCK") == nil)
        #expect(catalog.translation(of: "LOW") == nil)
        #expect(catalog.translation(of: "OLD") == nil)
        #expect(catalog.translation(of: "UNIT") == "단위")
        #expect(Localization.fill(catalog.translation(of: "STOCK") ?? "STOCK", [:]) == "STOCK")
    }

    @Test func pluralFormsFollowTheHeadersRule() throws {
        let entry = """

            msgid "{n} file"
            msgid_plural "{n} files"
            msgstr[0] "plik"
            msgstr[1] "pliki"
            msgstr[2] "plików"
            """
        let polish = try POCatalog(po: """
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            """ + entry)
        #expect(polish.pluralCount == 3)
        let forms = [1, 2, 4, 5, 12, 22, 25, 0, 112, 1_000_000].map { polish.translation(of: "{n} file", plural: "{n} files", count: $0) }
        #expect(forms == ["plik", "pliki", "pliki", "plików", "plików", "pliki", "plików", "plików", "plików", "plików"])

        let korean = try POCatalog(po: LocalizationTests.header + """
            msgid "{count} item"
            msgid_plural "{count} items"
            msgstr[0] "품목 {count}개"
            """)
        for count in [0, 1, 2, 100, -3, Int.max, Int.min] {
            #expect(korean.translation(of: "{count} item", plural: "{count} items", count: count) == "품목 {count}개")
        }
        #expect(Localization.text("{count} item", "{count} items", count: 1, ["count": 1], in: .english) == "1 item")
        #expect(Localization.text("{count} item", "{count} items", count: 0, ["count": 0], in: .english) == "0 items")
    }

    @Test func pluralRulesAreCExpressions() throws {
        #expect(try PluralRule("n != 1").form(for: 1) == 0)
        #expect(try PluralRule("n != 1").form(for: 7) == 1)
        #expect(try PluralRule("0").form(for: 7) == 0)
        #expect(try PluralRule("n>1").form(for: 1) == 0, "French counts 0 and 1 as singular")
        #expect(try PluralRule("(n % 10 == 1 && n % 100 != 11) ? 0 : (n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)) ? 1 : 2").form(for: 21) == 0)
        #expect(try PluralRule("n / 0").form(for: 5) == 0, "a division by zero is 0, not a trap")
        #expect(try PluralRule("!(n == 1)").form(for: 1) == 0)
        #expect(throws: CatalogError.self) { try PluralRule("n ==") }
        #expect(throws: CatalogError.self) { try PluralRule("n ? 1") }
        #expect(throws: CatalogError.self) { try PluralRule("(n") }
        #expect(throws: CatalogError.self) { try PluralRule("x") }
    }

    @Test func aBrokenCatalogIsAnErrorWithItsLine() {
        #expect(throws: CatalogError(line: 2, message: "unknown escape '\\q'")) {
            try POCatalog(po: "msgid \"a\"\nmsgstr \"\\q\"\n")
        }
        #expect(throws: CatalogError.self) { try POCatalog(po: "msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"x\"\n") }
        #expect(throws: CatalogError.self) { try POCatalog(po: "msgid \"a\"\n\n") }
        #expect(throws: CatalogError.self) { try POCatalog(po: "\"orphan\"\n") }
        #expect(throws: CatalogError.self) { try POCatalog(po: "msgid \"a\nmsgstr \"b\"\n") }
        #expect(throws: CatalogError.self) { try POCatalog(po: "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=0; plural=0;\\n\"\n") }
    }

    @Test func placeholdersAreFilledByNameInOnePass() {
        #expect(Localization.fill("{b} then {a}", ["a": 1, "b": "two"]) == "two then 1")
        #expect(Localization.fill("{name} costs {price}", ["name": "{price}", "price": 3]) == "{price} costs 3", "a value is never read again")
        #expect(Localization.fill("{unknown} {a", ["a": 1]) == "{unknown} {a")
        #expect(Localization.fill("no braces", ["a": 1]) == "no braces")
        #expect(Localization.fill("{{n}} is {n}", ["n": 5]) == "{n} is 5", "braces doubled are text, as in a menu's templates")
        #expect(Localization.fill("{재료}: {n}", ["재료": "망고", "n": 5]) == "{재료}: 5", "a name is ASCII, as in a menu's templates")
    }

    @Test func aMessageWrittenIntoBytesSaysWhatItsTextSays() {
        var bytes = Array("> ".utf8)
        Localization.$speaking.withValue(.english) {
            tr("usage: {synopsis}", ["synopsis": "order ITEM"], into: &bytes)
            tr("Commands:", into: &bytes)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "> usage: order ITEMCommands:", "appended after what was there")
        var korean: [UInt8] = []
        Localization.write("'{name}'을(를) 찾을 수 없습니다", ["name": "딸기"], in: .korean, into: &korean)
        #expect(String(decoding: korean, as: UTF8.self) == "'딸기'를 찾을 수 없습니다")
    }

    @Test func valuesTheCallerWritesSayWhatTheirDescriptionsSay() {
        // The promise line's values, written by the call as the template names them:
        // numbers as digits, texts as their bytes, a particle after a number in its Korean
        // reading.
        var bytes: [UInt8] = []
        // By place: the ticket, the time, the minutes.
        func value(_ place: Int, _ bytes: inout [UInt8]) {
            switch place {
            case 0: DecimalDigits.append(Int64.max, to: &bytes)
            case 1: bytes += "09:14".utf8
            default: DecimalDigits.append(-4, to: &bytes)
            }
        }
        Localization.write("#{ticket} ready by {time}, in about {minutes} min", in: .english, into: &bytes, values: value)
        #expect(String(decoding: bytes, as: UTF8.self) == "#9223372036854775807 ready by 09:14, in about -4 min")
        var described: [UInt8] = []
        Localization.write("#{ticket} ready by {time}, in about {minutes} min", [
            "minutes": -4, "ticket": Int64.max, "time": "09:14",
        ], in: .english, into: &described)
        #expect(described == bytes, "the same line as from values of any kind")
        // In Korean: each value goes where its name is, whatever the translation's order.
        var korean: [UInt8] = []
        Localization.write("#{ticket} ready by {time}, in about {minutes} min", in: .korean, into: &korean, values: value)
        var koreanDescribed: [UInt8] = []
        Localization.write("#{ticket} ready by {time}, in about {minutes} min", [
            "minutes": -4, "ticket": Int64.max, "time": "09:14",
        ], in: .korean, into: &koreanDescribed)
        #expect(String(decoding: korean, as: UTF8.self) == String(decoding: koreanDescribed, as: UTF8.self))
        #expect(String(decoding: korean, as: UTF8.self).contains("9223372036854775807"))
        #expect(String(decoding: korean, as: UTF8.self).contains("09:14"))
        var reordered: [UInt8] = []
        Localization.write("#{ticket} ready by {time}, in about {minutes} min", as: "{time}: {minutes} min, #{ticket} {other}", into: &reordered, values: value)
        #expect(String(decoding: reordered, as: UTF8.self) == "09:14: -4 min, #9223372036854775807 {other}", "a translation's own order; a name the message has not kept")
        var particle: [UInt8] = []
        Localization.write("{n}을(를) 고르세요", in: .korean, into: &particle) { _, bytes in DecimalDigits.append(3, to: &bytes) }
        #expect(String(decoding: particle, as: UTF8.self) == "3을 고르세요", "a particle after a written number")
    }

    @Test func templatesOfOneLengthFilledInTurnEachKeepTheirOwnText() {
        // The few templates filled last are looked at first: two of the same length, and
        // more than that shelf holds, each still fill as themselves.
        let templates = (0..<12).map { "message {v} number \($0 % 10)" + ($0 >= 10 ? "!" : ".") }
        for round in 0..<3 {
            for (index, template) in templates.enumerated() {
                let expected = template.replacingOccurrences(of: "{v}", with: "\(round)")
                #expect(Localization.fill(template, ["v": round]) == expected, "template \(index), round \(round)")
            }
        }
    }

    @Test func aTemplateReadOnceTakesEachFillsOwnValues() {
        // The second fill of a template finds it prepared; its particles still follow each value.
        #expect(Localization.fill("'{name}'을(를) 찾을 수 없습니다", ["name": "딸기"]) == "'딸기'를 찾을 수 없습니다")
        #expect(Localization.fill("'{name}'을(를) 찾을 수 없습니다", ["name": "수박"]) == "'수박'을 찾을 수 없습니다")
        #expect(Localization.fill("'{name}'을(를) 찾을 수 없습니다", ["other": "수박"]) == "'{name}'을(를) 찾을 수 없습니다")
        #expect(Localization.fill("{a} and {a}", ["a": 1]) == "1 and 1")
    }

    @Test func theEnvironmentChoosesInPOSIXOrder() {
        #expect(Language.fromEnvironment([:]) == nil)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == nil, "a neutral locale leaves the choice to the menu")
        #expect(Language.fromEnvironment(["LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(Language.fromEnvironment(["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LC_MESSAGES": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"]) == .korean)
        #expect(Language.fromEnvironment(["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]) == nil, "LC_ALL set decides, even for no language")
        #expect(Language.fromEnvironment(["LANGUAGE": "ko", "LC_ALL": "en_US.UTF-8"]) == .korean)
        #expect(Language.fromEnvironment(["LANGUAGE": "fr:ko:en", "LANG": "C.UTF-8"]) == .korean, "the first language kiosk speaks")
        #expect(Language.fromEnvironment(["LANGUAGE": "fr", "LANG": "ko_KR.UTF-8"]) == .korean, "a list without one falls through")
        #expect(Language.fromEnvironment(["LANGUAGE": "", "LANG": "ko_KR"]) == .korean)
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english, "a language without a catalog speaks English")
        #expect(Language.fromEnvironment(["LANG": "ko_KR.eucKR@x"]) == .korean)

        #expect(Language.choose(option: nil, environment: ["LANG": "C.UTF-8"], menu: .korean) == .korean)
        #expect(Language.choose(option: nil, environment: ["LANG": "en_GB.UTF-8"], menu: .korean) == .english)
        #expect(Language.choose(option: .english, environment: ["LANGUAGE": "ko"], menu: .korean) == .english)
        #expect(Language.choose(option: nil, environment: [:], menu: nil) == .english)
    }

    @Test func theKoreanCatalogIsBuiltInAndComplete() throws {
        let catalog = try #require(Localization.catalog(for: .korean))
        #expect(catalog.count > 150)
        #expect(catalog.pluralCount == 1)
        #expect(catalog.translation(of: "Commands:") == "명령:")
        #expect(Localization.text("{count} item", "{count} items", count: 7, ["count": 7], in: .korean) == "품목 7개")
        #expect(Localization.text("usage: {synopsis}", ["synopsis": "order ITEM"], in: .korean) == "사용법: order ITEM")
        #expect(Localization.catalog(for: .english) == nil)
    }

    @Test func aTaskSpeaksItsOwnLanguage() {
        Localization.$speaking.withValue(.korean) {
            #expect(tr("Commands:") == "명령:")
            #expect(trn("{count} item", "{count} items", 2, ["count": 2]) == "품목 2개")
        }
        Localization.$speaking.withValue(.english) {
            #expect(tr("Commands:") == "Commands:")
            #expect(trn("{count} item", "{count} items", 2, ["count": 2]) == "2 items")
        }
    }
}
