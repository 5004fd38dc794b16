import KioskApplication
import KioskMenu
@testable import KioskTerminal
import Testing

@Suite struct CompleterTests {
    let completer = Completer(
        items: ["Mango Juice", "Mango Kiwi Juice", "Banana Juice", "망고쥬스"],
        slugs: ["mango-juice", "mango-kiwi-juice", "banana-juice"],
        ingredients: ["mango", "kiwi", "oat milk"]
    )

    @Test func commandsCompleteFirst() {
        #expect(completer.complete(line: "or", word: "or") == ["order"])
        #expect(completer.complete(line: "re", word: "re") == ["ready", "recall", "receipt", "refund", "reload", "report", "restock"])
        #expect(completer.complete(line: "pay c", word: "c") == ["card", "cash"])
        #expect(completer.complete(line: "vo", word: "vo") == ["void"])
        #expect(completer.complete(line: "pay card 4242424242424242 t", word: "t") == ["timeout", "tip"])
        #expect(completer.complete(line: "", word: "").count == CommandTable.standard.names.count)
    }

    @Test func itemsCompleteAfterOrderEvenWithSpaces() {
        #expect(completer.complete(line: "order ma", word: "ma") == ["Mango Juice", "Mango Kiwi Juice"])
        #expect(completer.complete(line: "order mango k", word: "k") == ["Kiwi Juice"])
        #expect(completer.complete(line: "order mango juice 2, ban", word: "ban") == ["Banana Juice"])
        #expect(completer.complete(line: "order 망", word: "망") == ["망고쥬스"])
        #expect(completer.complete(line: "order mango-k", word: "mango-k") == ["mango-kiwi-juice"])
        // A word that holds a comma keeps what it has before the name being completed.
        #expect(completer.complete(line: "order mango juice,ban", word: "juice,ban") == ["juice,Banana Juice"])
    }

    @Test func sizesCompleteWithTheItemAndOptionsAfterAPlus() throws {
        let source = """
        ingredient espresso stock 10
        ingredient milk stock 10
        ingredient oat-milk stock 10
        item "Latte" {
          size small price 4000 needs espresso 1, milk 2
          size large price 5000 needs espresso 2, milk 3 default
          options "Milk" choose 1 { option "Whole" default
            option "Oat" price +500 replaces milk with oat-milk }
          options "Extras" choose 0..2 { option "Extra shot" price +500 needs espresso 1 repeat 2 }
        }
        item "Mocha" price 4500 needs espresso 1
        """
        let compiled = MenuCompiler(sinkSchemas: []).compile(source: Array(source.utf8), path: "menu.kiosk")
        let completer = Completer(menu: try #require(compiled.menu?.menu, "\(compiled.diagnostics)"))
        #expect(completer.complete(line: "order la", word: "la") == ["Latte", "large Latte"])
        #expect(completer.complete(line: "order large l", word: "l") == ["Latte"])
        #expect(completer.complete(line: "order 2 large latte +o", word: "+o") == ["+Oat"])
        #expect(completer.complete(line: "order latte +", word: "+") == ["+Extra shot", "+Oat", "+Whole"])
        #expect(completer.complete(line: "order latte + ex", word: "ex") == ["Extra shot"])
        #expect(completer.complete(line: "order latte +oat +extra s", word: "s") == ["shot"])
        #expect(completer.complete(line: "order mocha, latte +w", word: "+w") == ["+Whole"])
        #expect(completer.complete(line: "order mocha +", word: "+") == [], "an item without options offers none")
    }

    @Test func aCombosItemsCompleteAfterAPlusAndTheOptionsOfTheItemBefore() throws {
        let source = """
        ingredient espresso stock 10
        ingredient milk stock 10
        ingredient oat-milk stock 10
        item "Latte" price 4000 needs espresso 1, milk 2 {
          options "Milk" choose 1 { option "Whole" default
            option "Oat" price +500 replaces milk with oat-milk }
        }
        item "Mocha" price 4500 needs espresso 1
        item "Muffin" price 3000 needs milk 1
        combo "Breakfast Set" alias "breakfast" price 7000 {
          choose 1 from "Latte", "Mocha"
          choose 1 from "Muffin"
        }
        """
        let compiled = MenuCompiler(sinkSchemas: []).compile(source: Array(source.utf8), path: "menu.kiosk")
        let completer = Completer(menu: try #require(compiled.menu?.menu, "\(compiled.diagnostics)"))
        #expect(completer.complete(line: "order bre", word: "bre") == ["Breakfast Set", "breakfast"])
        #expect(completer.complete(line: "order breakfast set +m", word: "+m") == ["+Mocha", "+Muffin"])
        #expect(completer.complete(line: "order 2 breakfast +latte +o", word: "+o") == ["+Oat"])
        #expect(completer.complete(line: "order breakfast +latte +oat +m", word: "+m") == ["+Mocha", "+Muffin"])
        #expect(completer.complete(line: "order breakfast +mocha +w", word: "+w") == [], "a mocha has no options")
    }

    @Test func boardCommandsCompleteTheTicketsInTheirStatesAndTheirSubcommands() {
        var completer = completer
        completer.tickets = [.queued: [4, 12], .preparing: [3], .ready: [1, 2], .pickedUp: [7]]
        #expect(completer.complete(line: "start ", word: "") == ["4", "12"])
        #expect(completer.complete(line: "start 1", word: "1") == ["12"])
        #expect(completer.complete(line: "ready #", word: "#") == ["3"])
        #expect(completer.complete(line: "pickup ", word: "") == ["1", "2"])
        #expect(completer.complete(line: "bump ", word: "") == ["1", "2", "3", "4", "12"])
        #expect(completer.complete(line: "recall ", word: "") == ["7"])
        #expect(completer.complete(line: "cancel 1", word: "1") == ["1", "12"])
        #expect(completer.complete(line: "start 4 ", word: "") == [])
        #expect(completer.complete(line: "board ", word: "") == ["all-day", "public"])
    }

    @Test func ingredientsAndSubcommands() {
        #expect(completer.complete(line: "stock ", word: "") == ["add", "remove", "set"])
        #expect(completer.complete(line: "stock add ki", word: "ki") == ["kiwi"])
        #expect(completer.complete(line: "restock oat m", word: "m") == ["milk"])
        #expect(completer.complete(line: "sinks r", word: "r") == ["retry"])
        #expect(completer.complete(line: "help or", word: "or") == ["order"])
        #expect(completer.complete(line: "menu x", word: "x") == [])
    }
}

/// What Tab completes after `suggest` and `profile`: their keywords, profile names, rules,
/// and what a profile may avoid or like.
@Suite struct SuggestCompletionTests {
    let completer = Completer(
        items: ["Mango Juice", "Kiwi Juice"], slugs: ["mango-juice", "kiwi-juice"], ingredients: ["mango", "kiwi"],
        tags: ["sweet", "tropical"], profiles: ["ana", "ben", "민지"]
    )

    @Test func suggestCompletesItsPartsInAnyOrder() {
        #expect(completer.complete(line: "suggest ", word: "") == ["answers", "for", "lenient", "next", "rule"])
        #expect(completer.complete(line: "suggest for ", word: "") == ["ana", "ben", "민지"])
        #expect(completer.complete(line: "suggest for ana,b", word: "ana,b") == ["ana,ben"])
        #expect(completer.complete(line: "suggest for ana, ", word: "") == ["ana", "answers", "ben", "for", "lenient", "next", "rule", "민지"])
        #expect(completer.complete(line: "suggest for ana r", word: "r") == ["rule"])
        #expect(completer.complete(line: "suggest rule l", word: "l") == ["least-misery"])
        #expect(completer.complete(line: "suggest answers y,n l", word: "l") == ["lenient"])
    }

    @Test func profileCompletesNamesThenChangesThenWhatTheyName() {
        #expect(completer.complete(line: "profile ", word: "") == ["ana", "ben", "민지"])
        #expect(completer.complete(line: "profile ana ", word: "") == ["avoid", "dislike", "forget", "like", "rate", "remove", "unavoid"])
        #expect(completer.complete(line: "profile ana avoid m", word: "m") == ["Mango Juice", "mango", "milk", "molluscs", "mustard"])
        #expect(completer.complete(line: "profile ana like sweet, tro", word: "tro") == ["tropical"])
        #expect(completer.complete(line: "profile ana avoid milk l", word: "l") == ["like"])
        #expect(completer.complete(line: "profile ana avoid milk, l", word: "l") == ["like", "lupin"])
        #expect(completer.complete(line: "profile ana rate kiwi j", word: "j") == ["Juice"])
    }
}
