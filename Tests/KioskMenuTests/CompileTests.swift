import KioskCore
import KioskMenu
import KioskTestSupport
import Testing

/// The rules of the language, one by one, through the whole compiler.
@Suite struct CompileTests {
    @Test func theJuiceMakerCompilesToItsTable() throws {
        let menu = try #require(Compile(juiceMakerSource).menu).menu
        #expect(menu.name == "Juice Maker")
        #expect(menu.ingredients.map(\.name) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        #expect(menu.ingredients.allSatisfy { $0.initialStock == 10 })
        let recipes = menu.items.map { item in
            "\(item.name): " + item.recipe.components.map { "\(menu.ingredients[$0.ingredient].name) \($0.quantity)" }.joined(separator: ", ")
        }
        #expect(recipes == [
            "Strawberry Juice: strawberry 16",
            "Banana Juice: banana 2",
            "Kiwi Juice: kiwi 3",
            "Pineapple Juice: pineapple 2",
            "Strawberry Banana Juice: strawberry 10, banana 1",
            "Mango Juice: mango 3",
            "Mango Kiwi Juice: mango 2, kiwi 1",
        ])
    }

    @Test func everyItemAndIngredientIsFoundByEachOfItsNames() throws {
        let menu = try #require(Compile(pantry + """
        item "Shake" alias shake1, 쉐이크 needs banana 2, milk 1
        item "Banana  Split!" alias split needs banana 1
        item Latte alias LATTE, "Café Latte" needs milk 1
        item "7 Up" needs milk 1
        """).menu).menu
        for (index, item) in menu.items.enumerated() {
            for name in [item.name, item.name.uppercased(), item.slug] + item.aliases {
                #expect(menu.itemIndex(named: name) == index, "\(name) should find \(item.name)")
            }
        }
        for (index, ingredient) in menu.ingredients.enumerated() {
            #expect(menu.ingredientIndex(named: ingredient.name.uppercased()) == index)
        }
        #expect(menu.itemIndex(named: "banana-split") == 1)
        #expect(menu.itemIndex(named: "shake2") == nil)
    }

    @Test func propertiesInlineAndInABlockMeanTheSame() throws {
        let inline = try #require(Compile(pantry + #"item "Shake" alias shake1, 쉐이크 price 4.5 needs banana 2, milk 1"#).menu).menu
        let block = try #require(Compile(pantry + """
        item "Shake" {
          alias shake1,
                쉐이크
          price 4.5

          needs banana 2, milk 1
        }
        """).menu).menu
        #expect(inline.items == block.items)
        #expect(inline.items[0].aliases == ["shake1", "쉐이크"])
        #expect(inline.items[0].price == Money("4.50"))
    }

    @Test func keywordsAndPropertiesIgnoreCase() throws {
        let menu = try #require(Compile("INGREDIENT mango STOCK 3 Low 1\nItem \"M\" NEEDS Mango 1").menu).menu
        #expect(menu.ingredients[0].initialStock == 3)
        #expect(menu.ingredients[0].lowMark == 1)
        #expect(menu.items[0].recipe.components[0].ingredient == 0)
    }

    @Test func itemsMayUseIngredientsDeclaredFurtherDown() throws {
        #expect(Compile("item X needs later 1\ningredient later stock 1").menu != nil)
    }

    @Test func anUnnamedKioskTakesTheFileName() throws {
        #expect(try #require(Compile(pantry).menu).menu.name == "menu")
    }

    @Test func messagesReplaceTheDefaults() throws {
        let compiled = try #require(Compile("kiosk K currency \"KRW\"\nmessage order.succeeded \"{item} 나왔습니다!\"").menu)
        #expect(compiled.menu.messages[.orderSucceeded].text == "{item} 나왔습니다!")
        #expect(compiled.menu.messages[.orderFailed].text == MessageCatalog.defaultTexts[.orderFailed])
        #expect(compiled.menu.currency == "KRW")
    }

    @Test func includesAreRelativeToTheIncludingFile() throws {
        let compile = Compile(
            #"include "lib/pantry.kiosk""# + "\nitem X needs mango 1",
            files: ["lib/pantry.kiosk": #"include "more.kiosk""# + "\ningredient mango stock 2", "lib/more.kiosk": "ingredient kiwi stock 1"]
        )
        let compiled = try #require(compile.menu)
        #expect(compiled.menu.ingredients.map(\.name) == ["kiwi", "mango"])
        #expect(compiled.files == ["menu.kiosk", "lib/pantry.kiosk", "lib/more.kiosk"])
    }

    @Test func environmentVariablesExpandAndKeepTheirSafeForm() throws {
        let source = #"sink webhook url "${HOOK:-http://127.0.0.1:9/h}" header Authorization "Bearer ${TOKEN}""#
        let compiled = try #require(Compile(source, environment: ["TOKEN": "s3cret"]).menu)
        let sink = try #require(compiled.sinks.first)
        #expect(sink.text("url") == ConfigText(value: "http://127.0.0.1:9/h", display: "${HOOK:-http://127.0.0.1:9/h}"))
        let header = try #require(sink.headers("header").first)
        #expect(header.name == "Authorization")
        #expect(header.value.value == "Bearer s3cret")
        #expect("\(header.value)" == "Bearer ${TOKEN}")
        #expect(!"\(sink)".contains("s3cret"))
    }

    @Test func theKioskSourceIsTakenAsWrittenElseItIsTheSlugOfTheName() throws {
        let given = try #require(Compile(#"kiosk "Juice Maker" source "https://stand.example/kiosks/7""#).menu)
        #expect(given.menu.source == "https://stand.example/kiosks/7")
        let fromEnvironment = try #require(Compile(#"kiosk "Juice Maker" source "/stands/${STAND}""#, environment: ["STAND": "7"]).menu)
        #expect(fromEnvironment.menu.source == "/stands/7")
        #expect(try #require(Compile(#"kiosk "Juice Maker""#).menu).menu.source == "/kiosk/juice-maker")
        #expect(try #require(Compile(#"kiosk "주스 가게""#).menu).menu.source == "/kiosk/%EC%A3%BC%EC%8A%A4-%EA%B0%80%EA%B2%8C")
        #expect(try #require(Compile(juiceMakerSource).menu).menu.source == "/kiosk/juice-maker")
    }

    @Test func webhookSecretsAreAListThatKeepsTheirSafeForm() throws {
        let source = #"sink webhook url "http://127.0.0.1:9/h" secret "${NEW}", "${OLD}""#
        let environment = ["NEW": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "OLD": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"]
        let sink = try #require(Compile(source, environment: environment).menu?.sinks.first)
        #expect(sink.texts("secret").map(\.value) == [environment["NEW"], environment["OLD"]])
        #expect(sink.texts("secret").map(\.display) == ["${NEW}", "${OLD}"])
        #expect(!"\(sink)".contains("MfKQ9r8G"))
    }

    @Test func anEmptyVariableFallsBackToItsDefault() throws {
        let compiled = try #require(Compile(#"kiosk "${NAME:-Stand}""#, environment: ["NAME": ""]).menu)
        #expect(compiled.menu.name == "Stand")
    }

    @Test func sinksCarryTheirCheckedOptions() throws {
        let source = """
        sink console on order.succeeded, order.failed
        sink log path "logs/k.jsonl" sync interval 1s
        sink webhook {
          url "https://example.com/hook"
          timeout 5s
          retries 8
          backoff 250ms
          concurrency 4
          header X-One "1"
          header X-Two "2"
          queue 500
        }
        sink exec command "/usr/bin/tee" args "-a", "out.jsonl" on restock.needed
        """
        let sinks = try #require(Compile(source, files: [:]).menu).sinks
        #expect(sinks.map(\.kind) == ["console", "log", "webhook", "exec"])
        #expect(sinks[0].events == EventTypes([.orderSucceeded, .orderFailed]))
        #expect(sinks[1].text("path")?.value == "logs/k.jsonl")
        #expect(sinks[1].choice("sync")?.word == "interval")
        #expect(sinks[1].choice("sync")?.duration == .seconds(1))
        #expect(sinks[2].duration("timeout") == .seconds(5))
        #expect(sinks[2].duration("backoff") == .milliseconds(250))
        #expect(sinks[2].integer("retries") == 8)
        #expect(sinks[2].integer("concurrency") == 4)
        #expect(sinks[2].headers("header").map(\.name) == ["X-One", "X-Two"])
        #expect(sinks[2].queueCapacity == 500)
        #expect(sinks[2].events == .all)
        #expect(sinks[3].texts("args").map(\.value) == ["-a", "out.jsonl"])
        #expect(sinks[3].events == EventTypes(.restockNeeded))
    }

    @Test func aLogPathIsRelativeToTheMenuFile() throws {
        let compile = Compile("include \"sub/sinks.kiosk\"", files: ["sub/sinks.kiosk": #"sink log path "k.jsonl""#])
        let sink = try #require(compile.menu?.sinks.first)
        #expect(sink.text("path")?.value == "sub/k.jsonl")
    }

    @Test func aSinkFromTheCommandLineIsASinkStatementWithoutTheKeyword() throws {
        let compiler = MenuCompiler(sinkSchemas: SinkSchemasFixture.all)
        let result = compiler.compileSink(#"webhook url "http://127.0.0.1:9000/hook" on order.failed"#)
        let sink = try #require(result.menu?.sinks.first)
        #expect(sink.kind == "webhook")
        #expect(sink.events == EventTypes(.orderFailed))
    }

    @Test func everyBundledMenuCompiles() throws {
        for name in ["juice", "juice-ko", "cafe"] {
            let compiler = MenuCompiler(sinkSchemas: SinkSchemasFixture.all)
            let result = compiler.compile(path: Repository.menus + "/\(name).kiosk")
            #expect(result.diagnostics.isEmpty, "\(name).kiosk has errors")
            #expect(result.menu != nil)
        }
    }

    @Test func theBundledJuiceMakerIsWhatMenusJuiceKioskCompilesTo() throws {
        let compiled = try #require(Compile(juiceMakerSource).menu).menu
        let bundled = try #require(BundledMenu.compilation.menu).menu
        #expect(bundled.name == compiled.name)
        #expect(bundled.currency == compiled.currency)
        #expect(bundled.ingredients == compiled.ingredients)
        #expect(bundled.items == compiled.items)
        #expect(bundled.messages == compiled.messages)
        #expect(bundled.questions == compiled.questions)
        #expect(bundled.suggestSettings == compiled.suggestSettings)
        #expect(BundledMenu.compilation.menu?.sinks.isEmpty == true)
    }

    @Test func theKoreanMenuFindsItemsByKoreanAndEnglishNames() throws {
        let result = MenuCompiler(sinkSchemas: SinkSchemasFixture.all).compile(path: Repository.menus + "/juice-ko.kiosk")
        let menu = try #require(result.menu).menu
        #expect(menu.itemIndex(named: "망고쥬스") == menu.itemIndex(named: "mango juice"))
        #expect(menu.itemIndex(named: "망고 쥬스") != nil)
        #expect(menu.messages[.orderFailed].text == "재료가 모자라요. 재고를 수정할까요?")
    }
}
