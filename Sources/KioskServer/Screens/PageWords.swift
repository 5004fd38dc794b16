import KioskText

/// The screens' own words — headings, buttons, notices, everything a page says that the
/// menu does not — as messages of kiosk's catalog, so that the pages speak the operator's
/// language as the terminal does (`po/ko.po`, the language chosen by `--lang`, the
/// environment and the menu's `language`). What a customer reads about the food comes
/// from the menu through the API.
///
/// `make pot` extracts the messages (`trNoop`, `trnNoop`); the server hands a page their
/// translations as the module `/assets/words.js` (`PageServer`), which `texts.js` reads
/// by key and fills (`{name}` placeholders, as `tr` fills them).
enum PageWords {
    enum Message {
        case text(String)
        /// A counted message: the page picks `one` for 1 and `other` for any other count,
        /// which is every form English and Korean have.
        case counted((singular: String, plural: String))
    }

    /// Each word's key in `texts.js` (`group.key` for a word of a group) and its message.
    static let all: [(key: String, message: Message)] = [
        ("connectionLost", .text(trNoop("Connection lost — reconnecting… Changes made meanwhile appear when it is back."))),
        ("connectionBack", .text(trNoop("Connection back: up to date."))),
        ("loading", .text(trNoop("Loading…"))),
        ("failed", .text(trNoop("The server answered {status}: {detail}"))),
        ("unreachable", .text(trNoop("The server cannot be reached."))),
        ("screens", .text(trNoop("Screens"))),
        ("pages.kiosk", .text(trNoop("Order"))),
        ("pages.suggest", .text(trNoop("Help me choose"))),
        ("pages.stock", .text(trNoop("Stock"))),
        ("pages.kitchen", .text(trNoop("Kitchen"))),
        ("pages.ready", .text(trNoop("Ready board"))),
        ("pages.report", .text(trNoop("Report"))),
        ("tokenTitle", .text(trNoop("Operator token"))),
        ("tokenHelp", .text(trNoop("This screen changes the kiosk: give the operator token (the file serve-token in the state directory, or --token-file). It is kept for this tab only."))),
        ("tokenLabel", .text(trNoop("Token"))),
        ("tokenSubmit", .text(trNoop("Unlock"))),
        ("tokenWrong", .text(trNoop("That token was refused. Try again."))),
        ("signOut", .text(trNoop("Lock"))),
        ("search", .text(trNoop("Search the menu by name or tag"))),
        ("noMatch", .text(trNoop("Nothing on the menu matches."))),
        ("matches", .counted(trnNoop("{n} item matches.", "{n} items match."))),
        ("showMore", .text(trNoop("Show more ({shown} of {total} shown)"))),
        ("soldOut", .text(trNoop("Sold out"))),
        ("canMake", .text(trNoop("{n} left"))),
        ("allergens", .text(trNoop("Allergens: {list}"))),
        ("noAllergens", .text(trNoop("No allergens"))),
        ("addItem", .text(trNoop("Add {name}"))),
        ("size", .text(trNoop("Size"))),
        ("noOption", .text(trNoop("None"))),
        ("price", .text(trNoop("Price"))),
        ("chooseExactly", .text(trNoop("choose {n}"))),
        ("chooseUpTo", .text(trNoop("choose up to {n}"))),
        ("chooseAtLeast", .text(trNoop("choose {n} or more"))),
        ("chooseBetween", .text(trNoop("choose {min} to {max}"))),
        ("chosenOf", .text(trNoop("{limits}: {n} chosen"))),
        ("howMany", .text(trNoop("How many {name}"))),
        ("addFor", .text(trNoop("Add to order — {price}"))),
        ("addToOrder", .text(trNoop("Add to order"))),
        ("comboStep", .text(trNoop("Choice {n} of {count}"))),
        ("comboPrice", .text(trNoop("{combo} as chosen: {price}"))),
        ("addToCombo", .text(trNoop("Add to {combo}"))),
        ("changeItem", .text(trNoop("Change {name}"))),
        ("back", .text(trNoop("Back"))),
        ("basket", .text(trNoop("Your order"))),
        ("basketEmpty", .text(trNoop("Nothing yet: tap an item to add it."))),
        ("quantity", .text(trNoop("Quantity"))),
        ("less", .text(trNoop("One less {name}"))),
        ("more", .text(trNoop("One more {name}"))),
        ("remove", .text(trNoop("Remove {name}"))),
        ("total", .text(trNoop("Total"))),
        ("subtotal", .text(trNoop("Subtotal"))),
        ("taxIncluded", .text(trNoop("{tax} included"))),
        ("notNow", .text(trNoop("Not now: served {windows}"))),
        ("order", .text(trNoop("Order"))),
        ("ordering", .text(trNoop("Ordering…"))),
        ("clear", .text(trNoop("Clear"))),
        ("ticket", .text(trNoop("Ticket {n}"))),
        ("readyBy", .text(trNoop("ready by {time}"))),
        ("short", .text(trNoop("Short:"))),
        ("shortLine", .text(trNoop("{ingredient}: needs {needed}, {available} left"))),
        ("newOrder", .text(trNoop("New order"))),
        ("payTitle", .text(trNoop("Pay {total}"))),
        ("payCard", .text(trNoop("Pay by card"))),
        ("payCounter", .text(trNoop("Pay at the counter"))),
        ("testCard", .text(trNoop("Test card (the simulated reader answers as it says)"))),
        ("cards.approved", .text(trNoop("Approved"))),
        ("cards.declined", .text(trNoop("Declined"))),
        ("cards.insufficient", .text(trNoop("Insufficient funds"))),
        ("cards.expired", .text(trNoop("Expired card"))),
        ("cards.error", .text(trNoop("Processing error"))),
        ("cards.timeout", .text(trNoop("The reader times out"))),
        ("cards.offline", .text(trNoop("The reader is offline"))),
        ("cards.cancel", .text(trNoop("Cancel on the reader"))),
        ("readerStarting", .text(trNoop("Starting the card reader…"))),
        ("readerPrompt", .text(trNoop("Tap, insert or swipe your card on the reader."))),
        ("paidByCard", .text(trNoop("Paid {amount} by card. Thank you!"))),
        ("payAgain", .text(trNoop("Try again, or pay at the counter."))),
        ("payAtCounter", .text(trNoop("Please pay at the counter: order {order}, {total}."))),
        ("heldUntil", .text(trNoop("Pay by {time} to get your number; until then your order is kept."))),
        ("suggestTitle", .text(trNoop("What should I have?"))),
        ("who", .text(trNoop("Who is ordering? Saved profiles, separated by commas (leave empty for just you)"))),
        ("rule", .text(trNoop("For a group"))),
        ("rules.average", .text(trNoop("the best on average"))),
        ("rules.least-misery", .text(trNoop("nobody unhappy"))),
        ("rules.average-without-misery", .text(trNoop("the best on average, nobody unhappy"))),
        ("start", .text(trNoop("Start"))),
        ("questionOf", .text(trNoop("Question {n} of {count}"))),
        ("yes", .text(trNoop("Yes"))),
        ("no", .text(trNoop("No"))),
        ("skip", .text(trNoop("Skip"))),
        ("suggestions", .text(trNoop("Suggestions"))),
        ("fits", .text(trNoop("Because: {tags}"))),
        ("forGroup", .text(trNoop("Scores: {members}"))),
        ("leastPleased", .text(trNoop("Least pleased: {name}"))),
        ("score", .text(trNoop("score {score}"))),
        ("undeclared", .text(trNoop("Allergens not declared"))),
        ("addToBasket", .text(trNoop("Add to my order"))),
        ("added", .text(trNoop("{name} is in your order."))),
        ("goToBasket", .text(trNoop("Go to my order"))),
        ("next", .text(trNoop("Next"))),
        ("again", .text(trNoop("Start over"))),
        ("nothing.out-of-stock", .text(trNoop("Nothing can be made right now."))),
        ("nothing.all-vetoed", .text(trNoop("Everything on the menu has something someone avoids."))),
        ("nothing.all-miserable", .text(trNoop("Nothing pleases everyone enough."))),
        ("nothing.limit-reached", .text(trNoop("No more suggestions this time."))),
        ("nothing.exhausted", .text(trNoop("That was every suggestion."))),
        ("nothing.menu-changed", .text(trNoop("The menu changed: start over."))),
        ("stockTitle", .text(trNoop("Stock"))),
        ("ingredient", .text(trNoop("Ingredient"))),
        ("count", .text(trNoop("In stock"))),
        ("lowMark", .text(trNoop("Low at"))),
        ("status", .text(trNoop("Status"))),
        ("change", .text(trNoop("Change"))),
        ("statusWords.ok", .text(trNoop("OK"))),
        ("statusWords.low", .text(trNoop("Low"))),
        ("statusWords.out", .text(trNoop("Out"))),
        ("minus", .text(trNoop("One less {name}"))),
        ("plus", .text(trNoop("One more {name}"))),
        ("setTo", .text(trNoop("Set {name} to"))),
        ("set", .text(trNoop("Set"))),
        ("newCount", .text(trNoop("New count"))),
        ("restockWalk", .text(trNoop("Restock…"))),
        ("restockNothing", .text(trNoop("Nothing needs restocking."))),
        ("restockStep", .text(trNoop("{name}: {count} left. Add how many?"))),
        ("restockAdd", .text(trNoop("Add"))),
        ("restockSkip", .text(trNoop("Skip"))),
        ("restockStop", .text(trNoop("Stop"))),
        ("restockDone", .text(trNoop("Restock done."))),
        ("maximum", .text(trNoop("at most {n}"))),
        ("drawerTitle", .text(trNoop("Cash drawer"))),
        ("drawerDay", .text(trNoop("Day {day}, open: the X report as it stands"))),
        ("drawerClosed", .text(trNoop("The drawer is closed: open it with a float to start its day."))),
        ("drawerFloat", .text(trNoop("Float"))),
        ("drawerCashSales", .text(trNoop("Cash sales"))),
        ("drawerCashRefunds", .text(trNoop("Cash refunds"))),
        ("drawerPayIns", .text(trNoop("Pay-ins"))),
        ("drawerPayOuts", .text(trNoop("Pay-outs"))),
        ("drawerExpected", .text(trNoop("Expected in the drawer"))),
        ("drawerCounted", .text(trNoop("Counted"))),
        ("drawerOverShort", .text(trNoop("Over (+) or short (-)"))),
        ("drawerOpen", .text(trNoop("Open the drawer"))),
        ("drawerMove", .text(trNoop("Pay in or out"))),
        ("drawerAmount", .text(trNoop("Amount"))),
        ("drawerReason", .text(trNoop("Reason"))),
        ("drawerPayIn", .text(trNoop("Pay in"))),
        ("drawerPayOut", .text(trNoop("Pay out"))),
        ("drawerCountLabel", .text(trNoop("Cash counted"))),
        ("drawerCount", .text(trNoop("Count"))),
        ("drawerAmountNeeded", .text(trNoop("Give the amount as a number, such as 20 or 12.50."))),
        ("drawerReasonNeeded", .text(trNoop("Say why the cash goes in or out."))),
        ("drawerOpened", .text(trNoop("Day {day} is open."))),
        ("drawerShouldHold", .text(trNoop("The drawer should hold {expected}."))),
        ("drawerCountedAgainst", .text(trNoop("Counted {counted}: over (+) or short (-) {overShort}."))),
        ("kitchenTitle", .text(trNoop("Kitchen"))),
        ("columns.queued", .text(trNoop("Queued"))),
        ("columns.preparing", .text(trNoop("Preparing"))),
        ("columns.ready", .text(trNoop("Ready"))),
        ("keysHelp", .text(trNoop("Keys: 1–9 pick a ticket, Enter moves it on, R recalls the last picked up, Esc lets go."))),
        ("age", .text(trNoop("Age"))),
        ("marks.warn", .text(trNoop("WARN"))),
        ("marks.late", .text(trNoop("LATE"))),
        ("moveTo.queued", .text(trNoop("Start"))),
        ("moveTo.preparing", .text(trNoop("Ready"))),
        ("moveTo.ready", .text(trNoop("Picked up"))),
        ("moveLabel", .text(trNoop("{move}: ticket {n}"))),
        ("cancel", .text(trNoop("Cancel"))),
        ("cancelAsk", .text(trNoop("Cancel ticket {n}?"))),
        ("cancelYes", .text(trNoop("Yes, cancel it"))),
        ("cancelNo", .text(trNoop("Keep it"))),
        ("recall", .text(trNoop("Recall last"))),
        ("nothingToRecall", .text(trNoop("Nothing picked up to recall."))),
        ("allDay", .text(trNoop("All day"))),
        ("allDayItem", .text(trNoop("Item"))),
        ("allDayQueued", .text(trNoop("Queued"))),
        ("allDayPreparing", .text(trNoop("Preparing"))),
        ("allDayTotal", .text(trNoop("Total"))),
        ("moved", .text(trNoop("Ticket {n}: {state}"))),
        ("stateWords.queued", .text(trNoop("queued"))),
        ("stateWords.preparing", .text(trNoop("preparing"))),
        ("stateWords.ready", .text(trNoop("ready"))),
        ("stateWords.picked_up", .text(trNoop("picked up"))),
        ("stateWords.cancelled", .text(trNoop("cancelled"))),
        ("noBoard", .text(trNoop("This menu has no order board."))),
        ("readyPreparing", .text(trNoop("Preparing"))),
        ("readyReady", .text(trNoop("Ready"))),
        ("scrollsSideways", .text(trNoop("{table} (table, scrolls sideways)"))),
        ("reportTitle", .text(trNoop("The day"))),
        ("sales", .text(trNoop("Sales per item"))),
        ("item", .text(trNoop("Item"))),
        ("sold", .text(trNoop("Sold"))),
        ("revenue", .text(trNoop("Revenue"))),
        ("made", .text(trNoop("Orders made"))),
        ("refused", .text(trNoop("Orders refused"))),
        ("used", .text(trNoop("Ingredients used"))),
        ("usedColumn", .text(trNoop("Used"))),
        ("stations", .text(trNoop("Stations"))),
        ("station", .text(trNoop("Station"))),
        ("staff", .text(trNoop("Staff"))),
        ("toReady", .text(trNoop("Order → ready"))),
        ("toPickup", .text(trNoop("Order → picked up"))),
        ("mean", .text(trNoop("mean"))),
        ("ticketCount", .text(trNoop("tickets"))),
        ("median", .text(trNoop("median"))),
        ("p90", .text(trNoop("90th pct."))),
        ("late", .text(trNoop("Late"))),
        ("cancelled", .text(trNoop("Cancelled"))),
        ("waste", .text(trNoop("Waste"))),
        ("byChoice", .text(trNoop("Sales by size and option"))),
        ("sizeOrOption", .text(trNoop("Size or option"))),
        ("none", .text(trNoop("none"))),
        ("chartOf", .text(trNoop("Chart: {what}"))),
        ("share", .text(trNoop("Share"))),
    ]

    /// The module `/assets/words.js` in `language`:
    /// `export const words = {"key": "…", "counted": {"one": "…", "other": "…"}};` (the page's
    /// `lang` is the server's, in its `<html>`).
    static func module(in language: Language) -> String {
        var entries: [String] = []
        for (key, message) in all {
            switch message {
            case .text(let text):
                entries.append("  \(literal(key)): \(literal(Localization.text(text, in: language)))")
            case .counted(let forms):
                let one = Localization.text(forms.singular, forms.plural, count: 1, in: language)
                let other = Localization.text(forms.singular, forms.plural, count: 2, in: language)
                entries.append("  \(literal(key)): { \"one\": \(literal(one)), \"other\": \(literal(other)) }")
            }
        }
        return """
            // The screens' words in the operator's language, from kiosk's catalog: made by the
            // server (Sources/KioskServer/Screens/PageWords.swift), read by texts.js.
            export const words = {
            \(entries.joined(separator: ",\n"))
            };

            """
    }

    /// `text` as a JavaScript string literal (JSON's rules, and the two line separators
    /// JavaScript before ES2019 did not allow in a string).
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
