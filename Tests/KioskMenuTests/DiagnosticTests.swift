import KioskMenu
import KioskText
import Testing

/// Every diagnostic of the language, each asserted as its whole rendered text.
@Suite struct DiagnosticTests {
    @Test func unknownIngredientSuggestsTheClosestName() {
        #expect(Compile(pantry + #"item "Banana Milk" needs banan 2, milk 1"#).rendered == """
        menu.kiosk:3:26: error: unknown ingredient 'banan'
            3 | item "Banana Milk" needs banan 2, milk 1
              |                          ^~~~~
              = help: did you mean 'banana'?

        """)
    }

    @Test func unknownIngredientWithNothingCloseSaysHowToDeclareIt() {
        #expect(Compile(pantry + "item Smoothie needs dragonfruit 1").rendered == """
        menu.kiosk:3:21: error: unknown ingredient 'dragonfruit'
            3 | item Smoothie needs dragonfruit 1
              |                     ^~~~~~~~~~~
              = help: declare it first: ingredient dragonfruit stock 10

        """)
    }

    @Test func duplicateIngredientPointsAtBoth() {
        #expect(Compile("ingredient mango stock 1\ningredient Mango stock 2").rendered == """
        menu.kiosk:2:12: error: duplicate ingredient 'Mango'
            2 | ingredient Mango stock 2
              |            ^~~~~
        menu.kiosk:1:12: note: 'mango' was first declared here
            1 | ingredient mango stock 1
              |            ^~~~~

        """)
    }

    @Test func duplicateItemPointsAtBoth() {
        #expect(Compile(pantry + "item Shake needs milk 1\nitem \"shake\" needs banana 1").rendered == """
        menu.kiosk:4:6: error: duplicate item 'shake'
            4 | item "shake" needs banana 1
              |      ^~~~~~~
        menu.kiosk:3:6: note: 'Shake' was first declared here
            3 | item Shake needs milk 1
              |      ^~~~~

        """)
    }

    @Test func anItemWhoseSlugClashesIsADuplicate() {
        #expect(Compile(pantry + "item \"Milk Shake\" needs milk 1\nitem milk-shake needs milk 1").rendered == """
        menu.kiosk:4:6: error: duplicate item 'milk-shake'
            4 | item milk-shake needs milk 1
              |      ^~~~~~~~~~
        menu.kiosk:3:6: note: 'Milk Shake' was first declared here
            3 | item "Milk Shake" needs milk 1
              |      ^~~~~~~~~~~~

        """)
    }

    @Test func anAliasThatNamesAnotherItem() {
        #expect(Compile(pantry + "item Shake needs milk 1\nitem Smoothie alias shake needs banana 1").rendered == """
        menu.kiosk:4:21: error: 'shake' already names item 'Shake'
            4 | item Smoothie alias shake needs banana 1
              |                     ^~~~~
              = help: give each item names of its own
        menu.kiosk:3:6: note: item 'Shake' is declared here
            3 | item Shake needs milk 1
              |      ^~~~~

        """)
    }

    @Test func negativeStock() {
        #expect(Compile("ingredient mango stock -5").rendered == """
        menu.kiosk:1:24: error: 'stock' cannot be negative (found -5)
            1 | ingredient mango stock -5
              |                        ^~

        """)
    }

    @Test func aFortyDigitNumberIsBeyondTheMaximum() {
        #expect(Compile("ingredient mango stock 1234567890123456789012345678901234567890").rendered == """
        menu.kiosk:1:24: error: 'stock' of 1234567890123456789012345678901234567890 is beyond the maximum of 1,000,000,000
            1 | ingredient mango stock 1234567890123456789012345678901234567890
              |                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """)
    }

    @Test func stockJustAboveTheMaximum() {
        #expect(Compile("ingredient mango stock 1000000001").rendered == """
        menu.kiosk:1:24: error: 'stock' of 1000000001 is beyond the maximum of 1,000,000,000
            1 | ingredient mango stock 1000000001
              |                        ^~~~~~~~~~

        """)
    }

    @Test func quantityBelowOne() {
        #expect(Compile(pantry + "item Air needs milk 0").rendered == """
        menu.kiosk:3:21: error: quantity of 'milk' must be at least 1 (found 0)
            3 | item Air needs milk 0
              |                     ^

        """)
    }

    @Test func anItemWithoutNeeds() {
        #expect(Compile(pantry + "item \"Free Water\" price 0").rendered == """
        menu.kiosk:3:6: error: item 'Free Water' has no 'needs'
            3 | item "Free Water" price 0
              |      ^~~~~~~~~~~~
              = help: say what it is made of: needs mango 3

        """)
    }

    @Test func unknownPropertySuggestsTheClosest() {
        #expect(Compile(pantry + "item Shake prise 300 needs milk 1").rendered == """
        menu.kiosk:3:12: error: unknown property 'prise' for 'item'
            3 | item Shake prise 300 needs milk 1
              |            ^~~~~
              = help: did you mean 'price'?

        """)
    }

    @Test func unknownPropertyWithNothingCloseListsTheKnownOnes() {
        #expect(Compile("ingredient mango colour yellow").rendered == """
        menu.kiosk:1:18: error: unknown property 'colour' for 'ingredient'
            1 | ingredient mango colour yellow
              |                  ^~~~~~
              = help: 'ingredient' takes 'stock', 'low', 'unit' and 'allergens'

        """)
    }

    @Test func anUnquotedNameWithSpacesSaysToQuoteIt() {
        #expect(Compile(pantry + "item Banana Shake needs banana 2").rendered == """
        menu.kiosk:3:13: error: a name with spaces needs quotes: 'Banana Shake'
            3 | item Banana Shake needs banana 2
              |             ^~~~~
              = help: write item "Banana Shake"

        """)
    }

    @Test func anExtraValueIsNotTakenForTheProperty() {
        #expect(Compile("ingredient mango stock 10 20").rendered == """
        menu.kiosk:1:27: error: expected a property name, found '20'
            1 | ingredient mango stock 10 20
              |                           ^~

        """)
    }

    @Test func unknownKeyword() {
        #expect(Compile("ingredeint mango stock 1").rendered == """
        menu.kiosk:1:1: error: unknown statement 'ingredeint'
            1 | ingredeint mango stock 1
              | ^~~~~~~~~~
              = help: did you mean 'ingredient'?

        """)
    }

    @Test func unterminatedString() {
        #expect(Compile("kiosk \"Juice Maker").rendered == """
        menu.kiosk:1:7: error: unterminated string
            1 | kiosk "Juice Maker
              |       ^~~~~~~~~~~~
              = help: close the string with '"' before the end of the line

        """)
    }

    @Test func invalidEscape() {
        #expect(Compile(#"kiosk "Juice\q Maker""#).rendered == #"""
        menu.kiosk:1:13: error: invalid escape '\q' in string
            1 | kiosk "Juice\q Maker"
              |             ^~
              = help: the escapes are \" \\ \n \t \$ and \u{…}

        """#)
    }

    @Test func unsetVariableShowsTheReferenceNeverAValue() {
        let source = #"sink webhook url "${HOOK_URL}" header Authorization "Bearer ${TOKEN}""#
        #expect(Compile(source, environment: ["HOOK_URL": "https://example.com/x"]).rendered == """
        menu.kiosk:1:61: error: environment variable 'TOKEN' is not set
            1 | sink webhook url "${HOOK_URL}" header Authorization "Bearer ${TOKEN}"
              |                                                             ^~~~~~~~
              = help: set it, or give a default: ${TOKEN:-value}

        """)
    }

    @Test func aSecretWithoutItsPrefixIsAnErrorThatNeverPrintsTheSecret() {
        let source = #"sink webhook url "http://x/" secret "${NEW}", "${OLD}""#
        let rendered = Compile(source, environment: ["NEW": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "OLD": "sk_live_s3cret"]).rendered
        #expect(rendered == """
        menu.kiosk:1:47: error: invalid 'secret': it does not start with 'whsec_'
            1 | sink webhook url "http://x/" secret "${NEW}", "${OLD}"
              |                                               ^~~~~~~~
              = help: a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'

        """)
        #expect(!rendered.contains("s3cret"))
    }

    @Test func aSecretWhoseKeyIsNotBase64() {
        #expect(Compile(#"sink webhook url "http://x/" secret "whsec_not base64!""#).rendered == """
        menu.kiosk:1:37: error: invalid 'secret': what follows 'whsec_' is not base64
            1 | sink webhook url "http://x/" secret "whsec_not base64!"
              |                                     ^~~~~~~~~~~~~~~~~~~
              = help: a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'

        """)
    }

    @Test func aSecretWithAnEmptyKey() {
        #expect(Compile(#"sink webhook url "http://x/" secret "${KEY}""#, environment: ["KEY": "whsec_"]).rendered == """
        menu.kiosk:1:37: error: invalid 'secret': the key after 'whsec_' is empty
            1 | sink webhook url "http://x/" secret "${KEY}"
              |                                     ^~~~~~~~
              = help: a secret is 'whsec_' and the key in base64, such as whsec_ followed by the output of 'openssl rand -base64 32'

        """)
    }

    @Test func aSourceThatIsNotAURIReference() {
        #expect(Compile(#"kiosk "Juice Maker" source "kiosk/Juice Maker""#).rendered == """
        menu.kiosk:1:28: error: invalid 'source': it is not a URI reference (RFC 3986)
            1 | kiosk "Juice Maker" source "kiosk/Juice Maker"
              |                            ^~~~~~~~~~~~~~~~~~~
              = help: write a path such as /kiosk/juice-maker or a URI such as https://stand.example/kiosks/7, with a space as %20

        """)
    }

    @Test func anEmptySource() {
        #expect(Compile(#"kiosk "Juice Maker" source "${STAND}""#, environment: ["STAND": ""]).rendered == """
        menu.kiosk:1:28: error: invalid 'source': it is empty
            1 | kiosk "Juice Maker" source "${STAND}"
              |                            ^~~~~~~~~~
              = help: write a path such as /kiosk/juice-maker or a URI such as https://stand.example/kiosks/7, with a space as %20

        """)
    }

    @Test func aMisspeltSinkOptionIsCaughtWhenTheMenuIsRead() {
        #expect(Compile(#"sink webhook url "http://127.0.0.1/" tmeout 5s"#).rendered == """
        menu.kiosk:1:38: error: unknown property 'tmeout' for 'webhook sink'
            1 | sink webhook url "http://127.0.0.1/" tmeout 5s
              |                                      ^~~~~~
              = help: did you mean 'timeout'?

        """)
    }

    @Test func unknownSinkKind() {
        #expect(Compile(#"sink webhok url "http://x/""#).rendered == """
        menu.kiosk:1:6: error: unknown sink kind 'webhok'
            1 | sink webhok url "http://x/"
              |      ^~~~~~
              = help: did you mean 'webhook'?

        """)
    }

    @Test func aSinkMissingItsRequiredOption() {
        #expect(Compile("sink log sync always").rendered == """
        menu.kiosk:1:1: error: 'log' sink needs 'path'
            1 | sink log sync always
              | ^~~~~~~~

        """)
    }

    @Test func onlyHTTPURLs() {
        #expect(Compile(#"sink webhook url "file:///etc/passwd""#).rendered == """
        menu.kiosk:1:18: error: 'file:///etc/passwd' is not an http:// or https:// URL
            1 | sink webhook url "file:///etc/passwd"
              |                  ^~~~~~~~~~~~~~~~~~~~

        """)
    }

    @Test func onlyMQTTURLsForAnMQTTSink() {
        #expect(Compile(#"sink mqtt url "http://broker:1883""#).rendered == """
        menu.kiosk:1:15: error: 'http://broker:1883' is not an mqtt:// or mqtts:// URL
            1 | sink mqtt url "http://broker:1883"
              |               ^~~~~~~~~~~~~~~~~~~~
              = help: write mqtt://HOST or mqtt://HOST:PORT

        """)
    }

    @Test func aBrokerPortOutOfRangeWithThePasswordMasked() {
        #expect(Compile(#"sink mqtt url "mqtt://kiosk:hunter2@broker:99999""#).rendered == """
        menu.kiosk:1:15: error: 'mqtt://kiosk:****@broker:99999' is not a valid mqtt:// or mqtts:// URL
            1 | sink mqtt url "mqtt://kiosk:hunter2@broker:99999"
              |               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              = help: the port is a number from 1 to 65535

        """)
    }

    @Test func aPasswordFromTheEnvironmentNeverShows() {
        let rendered = Compile(#"sink mqtt url "mqtt://kiosk:${MQTT_PASSWORD}@broker/x""#, environment: ["MQTT_PASSWORD": "s3cret"]).rendered
        #expect(rendered == """
        menu.kiosk:1:15: error: 'mqtt://kiosk:****@broker/x' is not a valid mqtt:// or mqtts:// URL
            1 | sink mqtt url "mqtt://kiosk:${MQTT_PASSWORD}@broker/x"
              |               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
              = help: a server address has no path: mqtt://HOST:PORT

        """)
        #expect(!rendered.contains("s3cret"))
    }

    @Test func anUnknownTopicPlaceholderPointsInsideTheString() {
        #expect(Compile(#"sink mqtt url "mqtt://broker" topic "kiosk/{kiosk}/{itme}""#).rendered == """
        menu.kiosk:1:52: error: unknown placeholder '{itme}' in topic
            1 | sink mqtt url "mqtt://broker" topic "kiosk/{kiosk}/{itme}"
              |                                                    ^~~~~~
              = help: did you mean '{item}'?

        """)
        #expect(Compile(#"sink mqtt url "mqtt://broker" topic "kiosk/{kiosk}/{zzz}""#).rendered == """
        menu.kiosk:1:52: error: unknown placeholder '{zzz}' in topic
            1 | sink mqtt url "mqtt://broker" topic "kiosk/{kiosk}/{zzz}"
              |                                                    ^~~~~
              = help: placeholders are {kiosk}, {type}, {item} and {ingredient}; write {{ for a literal '{'

        """)
    }

    @Test func aTopicWithAWildcard() {
        #expect(Compile(#"sink mqtt url "mqtt://broker" topic "kiosk/+/events""#).rendered == """
        menu.kiosk:1:37: error: topic 'kiosk/+/events' contains the wildcard '+'
            1 | sink mqtt url "mqtt://broker" topic "kiosk/+/events"
              |                                     ^~~~~~~~~~~~~~~~
              = help: '+' and '#' are for subscribing; a sink publishes to one topic

        """)
    }

    @Test func aQualityOfServiceOutOfRange() {
        #expect(Compile(#"sink mqtt url "mqtt://broker" qos 3 stock always"#).rendered == """
        menu.kiosk:1:35: error: 'qos' must be between 0 and 2 (found 3)
            1 | sink mqtt url "mqtt://broker" qos 3 stock always
              |                                   ^
        menu.kiosk:1:43: error: unknown value 'always' for 'stock'
            1 | sink mqtt url "mqtt://broker" qos 3 stock always
              |                                           ^~~~~~
              = help: write one of 'retained' or 'off'

        """)
    }

    @Test func unknownEventTypeInAFilter() {
        #expect(Compile("sink console on order.failed, order.succeded").rendered == """
        menu.kiosk:1:31: error: unknown event type 'order.succeded'
            1 | sink console on order.failed, order.succeded
              |                               ^~~~~~~~~~~~~~
              = help: did you mean 'order.succeeded'?

        """)
    }

    @Test func unknownPlaceholderPointsInsideTheString() {
        #expect(Compile(#"message order.succeeded "{itme} is ready""#).rendered == """
        menu.kiosk:1:26: error: unknown placeholder '{itme}' in message
            1 | message order.succeeded "{itme} is ready"
              |                          ^~~~~~
              = help: did you mean '{item}'?

        """)
    }

    @Test func aDurationWithoutAUnit() {
        #expect(Compile(#"sink webhook url "http://x/" timeout 5"#).rendered == """
        menu.kiosk:1:38: error: 'timeout' needs a duration, found '5'
            1 | sink webhook url "http://x/" timeout 5
              |                                      ^
              = help: write a number with a unit: 500ms, 5s, 2m or 1h

        """)
    }

    @Test func aPriceWithThreeDecimals() {
        #expect(Compile(pantry + "item Shake price 4.505 needs milk 1").rendered == """
        menu.kiosk:3:18: error: 'price' of 4.505 has more than two fraction digits
            3 | item Shake price 4.505 needs milk 1
              |                  ^~~~~
              = help: prices are exact to two decimals: 4.50

        """)
    }

    @Test func aPropertyGivenTwice() {
        #expect(Compile("ingredient mango stock 1 stock 2").rendered == """
        menu.kiosk:1:26: error: 'stock' is given twice
            1 | ingredient mango stock 1 stock 2
              |                          ^~~~~
        menu.kiosk:1:18: note: first given here
            1 | ingredient mango stock 1 stock 2
              |                  ^~~~~

        """)
    }

    @Test func aListWhereOneValueIsExpected() {
        #expect(Compile("ingredient mango stock 1, 2").rendered == """
        menu.kiosk:1:27: error: 'stock' takes one value, not a list
            1 | ingredient mango stock 1, 2
              |                           ^
              = help: remove the ',' and what follows it

        """)
    }

    @Test func aMissingValue() {
        #expect(Compile("ingredient mango stock").rendered == """
        menu.kiosk:1:23: error: expected a whole number after 'stock'
            1 | ingredient mango stock
              |                       ^

        """)
    }

    @Test func aHeaderWithoutAValue() {
        #expect(Compile(#"sink webhook url "http://x/" header X-Token"#).rendered == """
        menu.kiosk:1:44: error: expected a header value after 'X-Token'
            1 | sink webhook url "http://x/" header X-Token
              |                                            ^

        """)
    }

    @Test func aMissingHeadArgument() {
        #expect(Compile("ingredient\n").rendered == """
        menu.kiosk:1:11: error: expected an ingredient name after 'ingredient'
            1 | ingredient
              |           ^

        """)
    }

    @Test func anUnterminatedBlock() {
        #expect(Compile(pantry + "item Shake {\n  needs milk 1\n").rendered == """
        menu.kiosk:3:12: error: unterminated block: this '{' has no matching '}'
            3 | item Shake {
              |            ^
              = help: close the block with '}' on a line of its own

        """)
    }

    @Test func unexpectedCharacters() {
        #expect(Compile("ingredient mango stock 10 @@@").rendered == """
        menu.kiosk:1:27: error: unexpected characters '@@@'
            1 | ingredient mango stock 10 @@@
              |                           ^~~

        """)
    }

    @Test func controlCharactersAreShownAsPicturesNeverSentToTheTerminal() {
        #expect(Compile("kiosk x \u{1B}[31m").rendered == """
        menu.kiosk:1:9: error: unexpected characters '␛['
            1 | kiosk x ␛[31m
              |         ^~
        menu.kiosk:1:11: error: expected a property name, found '31m'
            1 | kiosk x ␛[31m
              |           ^~~

        """)
    }

    @Test func invalidUTF8() {
        let bytes = Array("ingredient mango stock 1 ".utf8) + [0xFF, 0xFE]
        #expect(Compile(bytes: bytes).rendered == """
        menu.kiosk:1:26: error: invalid UTF-8
            1 | ingredient mango stock 1 ��
              |                          ^~
              = help: menu files are UTF-8 text

        """)
    }

    @Test func includeCycleShowsTheChain() {
        let compile = Compile("include \"a.kiosk\"", files: ["a.kiosk": "include \"b.kiosk\"", "b.kiosk": "include \"a.kiosk\""])
        #expect(compile.rendered == """
        b.kiosk:1:9: error: include cycle: a.kiosk → b.kiosk → a.kiosk
            1 | include "a.kiosk"
              |         ^~~~~~~~~

        """)
    }

    @Test func aMissingInclude() {
        #expect(Compile("include \"common/nope.kiosk\"").rendered == """
        menu.kiosk:1:9: error: cannot include 'common/nope.kiosk': no such file
            1 | include "common/nope.kiosk"
              |         ^~~~~~~~~~~~~~~~~~~

        """)
    }

    @Test func errorsInAnIncludedFileNameThatFile() {
        let compile = Compile("include \"common/pantry.kiosk\"\n", files: ["common/pantry.kiosk": "ingredient mango stok 3"])
        #expect(compile.rendered == """
        common/pantry.kiosk:1:18: error: unknown property 'stok' for 'ingredient'
            1 | ingredient mango stok 3
              |                  ^~~~
              = help: did you mean 'stock'?

        """)
    }

    @Test func everyErrorOfAFileInOneRunSortedByPosition() {
        let source = """
        kiosk "Bad Juice"
        ingredient mango stock 10
        ingredient kiwi stock -1
        item "Mango Juice" needs mango 3
        item "Mango Juice" needs mang 3
        item "Kiwi Juice" prise 100 needs kiwi 1
        message order.failed "no
        """
        let rendered = Compile(source).rendered
        let headers = rendered.split(separator: "\n").filter { $0.hasPrefix("menu.kiosk:") }
        #expect(headers == [
            "menu.kiosk:3:23: error: 'stock' cannot be negative (found -1)",
            "menu.kiosk:5:6: error: duplicate item 'Mango Juice'",
            "menu.kiosk:4:6: note: 'Mango Juice' was first declared here",
            "menu.kiosk:5:26: error: unknown ingredient 'mang'",
            "menu.kiosk:6:19: error: unknown property 'prise' for 'item'",
            "menu.kiosk:7:22: error: unterminated string",
        ])
    }

    @Test func wideCharactersKeepTheCaretUnderTheirColumns() {
        #expect(Compile("ingredient 딸기 stock 10\nitem 딸기우유 needs 딸 8").rendered == """
        menu.kiosk:2:17: error: unknown ingredient '딸'
            2 | item 딸기우유 needs 딸 8
              |                     ^~
              = help: did you mean '딸기'?

        """)
    }

    @Test func aCRLFFileReportsTheSameAsLF() {
        #expect(Compile("ingredient mango stock 10\r\nitem X needs mang 1\r\n").rendered == """
        menu.kiosk:2:14: error: unknown ingredient 'mang'
            2 | item X needs mang 1
              |              ^~~~
              = help: did you mean 'mango'?

        """)
    }

    @Test func aMegabyteLineIsShownAsAWindowAroundTheCaret() {
        let padding = String(repeating: "x", count: 1 << 20)
        let rendered = Compile("ingredient mango unit \"\(padding)\" stok 1").rendered
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "menu.kiosk:1:1048602: error: unknown property 'stok' for 'ingredient'")
        #expect(lines[1].count < 140)
        #expect(lines[1].hasPrefix("    1 | …xxx"))
        #expect(lines[1].hasSuffix("xxx\" stok 1"))
        let caretColumn = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let stokColumn = lines[1].firstRange(of: "stok").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
        #expect(caretColumn == stokColumn)
    }

    @Test func coloursOnlyWhenAskedFor() {
        let result = Compile("ingredient mango stok 1").compilation
        let plain = DiagnosticRenderer(colors: false).render(result.diagnostics, in: result.sources)
        let coloured = DiagnosticRenderer(colors: true).render(result.diagnostics, in: result.sources)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }
}
