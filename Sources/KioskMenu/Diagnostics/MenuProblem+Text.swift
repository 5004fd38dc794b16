import KioskCore
import KioskText

extension MenuProblem {
    /// The one-line message after `error:`, in the operator's language.
    public var message: String {
        switch self {
        case .invalidUTF8: tr("invalid UTF-8")
        case .unexpectedCharacters(let text):
            trn("unexpected character '{text}'", "unexpected characters '{text}'", text.unicodeScalars.count, ["text": text])
        case .unterminatedString: tr("unterminated string")
        case .invalidEscape(let escape): tr("invalid escape '{escape}' in string", ["escape": escape])
        case .controlCharacterInString: tr("control character in string")
        case .malformedVariable: tr("malformed variable reference")
        case .unknownKeyword(let word, _): tr("unknown statement '{word}'", ["word": word])
        case .unknownProperty(let name, let statement, _, _):
            tr("unknown property '{name}' for '{statement}'", ["name": name, "statement": statement])
        case .unquotedName(let name, _): tr("a name with spaces needs quotes: '{name}'", ["name": name])
        case .missingHead(let what, let keyword): tr("expected {what} after '{keyword}'", ["what": MenuProblem.phrase(what), "keyword": keyword])
        case .expectedStatement(let found): tr("expected a statement, found {found}", ["found": MenuProblem.phrase(found)])
        case .expectedPropertyName(let found): tr("expected a property name, found {found}", ["found": MenuProblem.phrase(found)])
        case .unexpectedBrace(let brace): tr("unexpected '{brace}'", ["brace": String(brace)])
        case .unterminatedBlock: tr("unterminated block: this '{' has no matching '}'")
        case .missingValue(let property, let expected):
            tr("expected {expected} after '{property}'", ["expected": MenuProblem.phrase(expected), "property": property])
        case .extraValue(let found, let property):
            tr("unexpected {found} after '{property}'", ["found": MenuProblem.phrase(found), "property": property])
        case .notAList(let property): tr("'{property}' takes one value, not a list", ["property": property])
        case .duplicateProperty(let name): tr("'{name}' is given twice", ["name": name])
        case .expectedInteger(let property, let found):
            tr("'{property}' needs a whole number, found {found}", ["property": property, "found": MenuProblem.phrase(found)])
        case .expectedAmount(let property, let found):
            tr("'{property}' needs an amount, found {found}", ["property": property, "found": MenuProblem.phrase(found)])
        case .expectedDuration(let property, let found):
            tr("'{property}' needs a duration, found {found}", ["property": property, "found": MenuProblem.phrase(found)])
        case .expectedName(let property, let found):
            tr("'{property}' needs a name, found {found}", ["property": property, "found": MenuProblem.phrase(found)])
        case .numberTooLarge(let property, let text):
            tr(
                "'{property}' of {number} is beyond the maximum of {maximum}",
                ["property": property, "number": MenuProblem.shorten(text), "maximum": MenuProblem.grouped(Menu.maximumQuantity)]
            )
        case .negativeNumber(let property, let text):
            tr("'{property}' cannot be negative (found {number})", ["property": property, "number": MenuProblem.shorten(text)])
        case .quantityBelowOne(let ingredient, let value):
            tr("quantity of '{ingredient}' must be at least 1 (found {value})", ["ingredient": ingredient, "value": value])
        case .numberOutOfRange(let property, let value, let range):
            tr(
                "'{property}' must be between {lowest} and {highest} (found {value})",
                [
                    "property": property, "lowest": MenuProblem.grouped(range.lowerBound), "highest": MenuProblem.grouped(range.upperBound),
                    "value": MenuProblem.grouped(value),
                ]
            )
        case .tooManyFractionDigits(let property, let text):
            tr("'{property}' of {number} has more than two fraction digits", ["property": property, "number": MenuProblem.shorten(text)])
        case .durationTooLong(let property, let text):
            tr("'{property}' of {duration} is longer than a day", ["property": property, "duration": MenuProblem.shorten(text)])
        case .invalidName(let name, let reason):
            switch reason {
            case .empty: tr("a name cannot be empty")
            case .tooLong(let limit): tr("name '{name}' is longer than {limit} characters", ["name": name, "limit": limit])
            case .controlCharacter: tr("name contains a control character")
            }
        case .unknownChoice(let value, let property, _, _): tr("unknown value '{value}' for '{property}'", ["value": value, "property": property])
        case .invalidHeaderName(let name): tr("'{name}' is not a valid HTTP header name", ["name": name])
        case .invalidValue(let property, let reason, _): tr("invalid '{property}': {reason}", ["property": property, "reason": MenuProblem.phrase(reason)])
        case .duplicateKiosk: tr("the kiosk is named twice")
        case .duplicateIngredient(let name, _): tr("duplicate ingredient '{name}'", ["name": name])
        case .duplicateItem(let name, _): tr("duplicate item '{name}'", ["name": name])
        case .duplicateAlias(let alias, let owner): tr("'{alias}' already names item '{item}'", ["alias": alias, "item": owner])
        case .duplicateNeed(let name): tr("'{name}' is listed twice in 'needs'", ["name": name])
        case .duplicateMessage(let type): tr("message '{type}' is given twice", ["type": type.rawValue])
        case .unknownIngredient(let name, _): tr("unknown ingredient '{name}'", ["name": name])
        case .itemWithoutNeeds(let name): tr("item '{name}' has no 'needs'", ["name": name])
        case .unknownEventType(let name, _): tr("unknown event type '{name}'", ["name": name])
        case .unknownPlaceholder(let name, _): tr("unknown placeholder '{placeholder}' in message", ["placeholder": "{\(name)}"])
        case .unknownSinkKind(let kind, _, _): tr("unknown sink kind '{kind}'", ["kind": kind])
        case .missingOption(let kind, let option): tr("'{kind}' sink needs '{option}'", ["kind": kind, "option": option])
        case .pluginRefused(let plugin, let message): tr("plugin '{plugin}' refused this: {message}", ["plugin": plugin, "message": message])
        case .pluginUnusable(let plugin, let reason): tr("sink kind '{kind}' is a plugin kiosk cannot use: {reason}", ["kind": plugin, "reason": reason])
        case .unknownReader(let name, _, _): tr("no payment-reader plugin named '{name}'", ["name": name])
        case .readerUnusable(let plugin, let reason): tr("reader '{name}' is a plugin kiosk cannot use: {reason}", ["name": plugin, "reason": reason])
        case .missingReaderOption(let reader, let option): tr("reader '{name}' needs '{option}'", ["name": reader, "option": option])
        case .duplicateReader: tr("the card reader is declared twice")
        case .readerWithoutCheckout: tr("a reader is for card payments, and this menu takes none")
        case .invalidURL(let url): tr("'{url}' is not an http:// or https:// URL", ["url": url])
        case .invalidServerURL(let url, let schemes, let problem):
            switch problem {
            case .scheme: MenuProblem.notASchemeURL(url, schemes)
            case .host, .port, .path, .userInfo:
                tr("'{url}' is not a valid {schemes} URL", ["url": url, "schemes": MenuProblem.list(schemes.map { "\($0)://" }, joiner: .or)])
            }
        case .unknownTopicPlaceholder(let name, _, _): tr("unknown placeholder '{placeholder}' in topic", ["placeholder": "{\(name)}"])
        case .invalidTopic(let topic, let problem):
            switch problem {
            case .empty: tr("a topic cannot be empty")
            case .wildcard(let wildcard): tr("topic '{topic}' contains the wildcard '{wildcard}'", ["topic": topic, "wildcard": String(wildcard)])
            case .unknownPlaceholder(let name, _, _): tr("unknown placeholder '{placeholder}' in topic", ["placeholder": "{\(name)}"])
            }
        case .undefinedVariable(let name): tr("environment variable '{name}' is not set", ["name": name])
        case .includeFailed(let path, let reason): tr("cannot include '{path}': {reason}", ["path": path, "reason": reason])
        case .includeCycle(let chain): tr("include cycle: {chain}", ["chain": chain.joined(separator: " → ")])
        case .includeTooDeep(let limit): tr("includes nest deeper than {limit} files", ["limit": limit])
        case .tooManyIncludes(let limit):
            tr("too many included files: a menu includes at most {limit} in all", ["limit": MenuProblem.grouped(limit)])
        case .duplicateStation(let name, _): tr("duplicate station '{name}'", ["name": name])
        case .unknownStation(let name, _, _): tr("unknown station '{name}'", ["name": name])
        case .duplicateBoard: tr("the board is declared twice")
        case .durationOutOfRange(let property, let text, let range):
            tr(
                "'{property}' of {duration} must be between {range}",
                ["property": property, "duration": MenuProblem.shorten(text), "range": MenuProblem.phrase(range)]
            )
        case .warnNotBeforeLate(let warn, let late, let lateIsDefault):
            lateIsDefault
                ? tr("'warn' ({warn}) must be shorter than 'late' ({late} by default)", ["warn": warn, "late": late])
                : tr("'warn' ({warn}) must be shorter than 'late' ({late})", ["warn": warn, "late": late])
        case .unknownAllergen(let word, _): tr("unknown allergen '{word}'", ["word": word])
        case .ambiguousAllergen(let word, _): tr("'{word}' may mean more than one allergen", ["word": word])
        case .allergenNoneWithOthers: tr("'none' cannot be listed with allergens")
        case .duplicateQuestion(let key, _): tr("duplicate question '{key}'", ["key": key])
        case .questionWithoutTags(let key): tr("question '{key}' has no 'tags'", ["key": key])
        case .unusedQuestionTag(let tag, let question, _):
            tr("no item has the tag '{tag}' of question '{question}'", ["tag": tag, "question": question])
        case .tooManyQuestions(let limit): tr("more than {limit} questions", ["limit": limit])
        case .duplicateSuggest: tr("'suggest' is given twice")
        case .invalidTimeOfDay(let text): tr("'{text}' is not a time of day", ["text": text])
        case .invalidRate(let text, _): tr("'{text}' is not a rate", ["text": text])
        case .rateTooLarge(let text):
            tr(
                "'{text}' is beyond the maximum of {maximum} customers per unit",
                ["text": text, "maximum": MenuProblem.grouped(Int(ArrivalRate.maximumNumber))]
            )
        case .timesNotIncreasing(let later, let earlier):
            tr("'{later}' must be later than '{earlier}', the time before it", ["later": later, "earlier": earlier])
        case .missingArrivalTime(let rate): tr("'{rate}' needs a time of day before it", ["rate": rate])
        case .simulateWithoutArrivals: tr("'simulate' has no 'arrivals'")
        case .duplicateSimulate: tr("'simulate' is given twice")
        case .misplacedStatement(let keyword, let parent): tr("'{keyword}' belongs in the block of '{parent}'", ["keyword": keyword, "parent": parent])
        case .invalidLimits(let text): tr("'choose' needs how many to take, found '{text}'", ["text": text])
        case .invalidSubstitution(let found):
            tr("'replaces' needs an ingredient, 'with' and another, found {found}", ["found": MenuProblem.phrase(found)])
        case .limitsReversed(let group, let text): tr("group '{group}' takes {limits}: the first number is above the second", ["group": group, "limits": text])
        case .limitsTakeNothing(let group): tr("group '{group}' takes nothing (choose 0)", ["group": group])
        case .limitsAboveOptions(let group, let text, let capacity):
            tr("group '{group}' takes {limits}, but its options give only {capacity}", ["group": group, "limits": text, "capacity": capacity])
        case .groupWithoutChoose(let group): tr("group '{group}' does not say how many to choose", ["group": group])
        case .tooManyDefaults(let group, let count, let maximum):
            tr("group '{group}' has {count} defaults but takes at most {maximum}", ["group": group, "count": count, "maximum": maximum])
        case .duplicateDefaultSize(let size): tr("'{size}' is a second default size", ["size": size])
        case .duplicateChoice(let name, let item): tr("'{name}' names two choices of '{item}'", ["name": name, "item": item])
        case .priceOrNeedsWithSizes(let item): tr("item '{item}' has sizes, so its price and needs go on each size", ["item": item])
        case .sizeWithoutNeeds(let size, let item): tr("size '{size}' of '{item}' has no 'needs'", ["size": size, "item": item])
        case .sizesPricedUnevenly(let item, let priced, let unpriced):
            tr("size '{priced}' of '{item}' has a price but '{unpriced}' has none", ["item": item, "priced": priced, "unpriced": unpriced])
        case .optionPriceWithoutItemPrice(let option, let item): tr("option '{option}' has a price but '{item}' has none", ["option": option, "item": item])
        case .changeNotInRecipe(let option, let ingredient, let item):
            tr("option '{option}' changes {ingredient}, which '{item}' does not need", ["option": option, "ingredient": ingredient, "item": item])
        case .replacementIsSame(let option, let ingredient):
            tr("option '{option}' replaces {ingredient} with itself", ["option": option, "ingredient": ingredient])
        case .conflictingChanges(let option, let other, let ingredient):
            tr(
                "options '{option}' and '{other}' both change {ingredient} and can be chosen together",
                ["option": option, "other": other, "ingredient": ingredient]
            )
        case .repeatWithChanges(let option): tr("option '{option}' changes the recipe's lines, so it cannot repeat", ["option": option])
        case .unwholeQuantity(let option, let ingredient, let item, let quantity):
            tr(
                "option '{option}' makes {ingredient} {quantity} in '{item}', and quantities are whole",
                ["option": option, "ingredient": ingredient, "quantity": quantity, "item": item]
            )
        case .changeTakesAll(let option, let ingredient, let item):
            tr("option '{option}' takes all of {ingredient} from '{item}'", ["option": option, "ingredient": ingredient, "item": item])
        case .recipeCanBeEmpty(let item): tr("'{item}' can be chosen so that it needs nothing at all", ["item": item])
        case .priceBelowZero(let item, let selection, let price):
            tr("'{item}' can cost less than nothing: {selection} comes to {price}", ["item": item, "selection": selection, "price": price])
        case .selectionTooLarge(let item, let what):
            tr("a selection of '{item}' can take {what} beyond {maximum}", ["item": item, "what": what, "maximum": MenuProblem.grouped(Menu.maximumQuantity)])
        case .unknownComboItem(let name, _): tr("unknown item '{name}' in the combo", ["name": name])
        case .duplicateComboItem(let name): tr("'{name}' is listed twice in 'from'", ["name": name])
        case .comboWithoutChoices(let combo): tr("combo '{combo}' has nothing to choose", ["combo": combo])
        case .invalidShare(let text): tr("'{text}' is not a share from 0% to 100%", ["text": text])
        case .unknownDemandChoice(let name, let item, _): tr("'{item}' has no size or option '{name}'", ["item": item, "name": name])
        case .sharesAboveWhole(let item, let what, let total):
            tr("the shares of {what} of '{item}' add up to {total}, more than 100%", ["what": what, "item": item, "total": total])
        case .demandWithoutChoices(let item): tr("'{item}' has no sizes or options for 'demand' to share", ["item": item])
        case .invalidPercentage(let text): tr("'{text}' is not a rate from 0% to 100%", ["text": text])
        case .invalidDiscountAmount(let text): tr("'{text}' is neither a percentage nor an amount", ["text": text])
        case .taxWithoutKind(let name): tr("tax '{name}' does not say whether the prices include it", ["name": name])
        case .taxKindTwice(let name): tr("tax '{name}' cannot be both included and added", ["name": name])
        case .taxOnOrder(let name): tr("tax '{name}' cannot be on the order: a tax is on lines", ["name": name])
        case .discountOnOrderAndTags(let name): tr("discount '{name}' is on the order and on tagged lines at once", ["name": name])
        case .duplicateTax(let name, _): tr("tax '{name}' is declared twice", ["name": name])
        case .duplicateDiscount(let name, _): tr("discount '{name}' is declared twice", ["name": name])
        case .unknownPricingTag(let tag, _): tr("no item has the tag '{tag}'", ["tag": tag])
        case .invalidPricingTarget(let found): tr("expected 'order' or 'tag' and a tag, found {found}", ["found": found])
        case .invalidWindow(let text): tr("'{text}' is not a time window", ["text": text])
        case .minimumOnLines(let name): tr("discount '{name}' has a minimum but is not on the order", ["name": name])
        case .discountAboveItem(let discount, let amount, let item, let price):
            tr("discount '{discount}' takes {amount} off '{item}', which can cost {price}", ["discount": discount, "amount": amount, "item": item, "price": price])
        case .discountAboveOrder(let discount, let amount, let least):
            tr("discount '{discount}' takes {amount} off an order that can cost {least}", ["discount": discount, "amount": amount, "least": least])
        case .invalidSlotLimits(let combo, let text, let items):
            tr("combo '{combo}' cannot choose {limits} from {count} items", ["combo": combo, "limits": text, "count": items])
        }
    }

    /// The `= help:` lines under the source excerpt, in the operator's language.
    public var help: [String] {
        switch self {
        case .invalidUTF8: [tr("menu files are UTF-8 text")]
        case .unterminatedString: [tr("close the string with '\"' before the end of the line")]
        case .invalidEscape: [tr("the escapes are {escapes} and {last}", ["escapes": #"\" \\ \n \t \$"#, "last": #"\u{…}"#])]
        case .controlCharacterInString: [tr("write it as an escape, such as {tab} or {bell}", ["tab": #"\t"#, "bell": #"\u{7}"#])]
        case .malformedVariable:
            [
                tr(
                    "write {variable} or {fallback}; write {escape} for a literal '$'",
                    ["variable": "${NAME}", "fallback": "${NAME:-default}", "escape": #"\$"#]
                ),
            ]
        case .unknownKeyword(_, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("statements are {statements}", ["statements": MenuProblem.list(StatementKind.topLevel.map(\.rawValue))])]
        case .unknownProperty(_, let statement, let suggestion, let known):
            MenuProblem.didYouMean(suggestion)
                ?? [tr("'{statement}' takes {properties}", ["statement": statement, "properties": MenuProblem.list(known.map { "'\($0)'" })])]
        case .unquotedName(let name, let statement): [tr("write {statement} \"{name}\"", ["statement": statement, "name": name])]
        case .unterminatedBlock: [tr("close the block with '}' on a line of its own")]
        case .notAList: [tr("remove the ',' and what follows it")]
        case .expectedDuration: [tr("write a number with a unit: 500ms, 5s, 2m or 1h")]
        case .expectedAmount: [tr("write a whole number or one with up to two decimals: 4500 or 4.50")]
        case .numberTooLarge, .numberOutOfRange: []
        case .tooManyFractionDigits: [tr("prices are exact to two decimals: 4.50")]
        case .unknownChoice(_, _, let choices, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("write one of {choices}", ["choices": MenuProblem.list(choices.map { "'\($0)'" }, joiner: .or)])]
        case .unknownIngredient(let name, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("declare it first: ingredient {name} stock 10", ["name": name])]
        case .itemWithoutNeeds: [tr("say what it is made of: needs mango 3")]
        case .unknownEventType(_, let suggestion):
            MenuProblem.didYouMean(suggestion)
                ?? [tr("event types are {types}", ["types": MenuProblem.list(EventType.allCases.map(\.rawValue))])]
        case .unknownPlaceholder(_, let suggestion):
            MenuProblem.didYouMean(suggestion.map { "{\($0)}" })
                ?? [MenuProblem.placeholdersAre(MessageTemplate.Placeholder.allCases.map { "{\($0.rawValue)}" })]
        case .unknownSinkKind(_, let suggestion, let known):
            MenuProblem.didYouMean(suggestion) ?? [tr("sink kinds are {kinds}", ["kinds": MenuProblem.list(known)])]
        case .unknownReader(_, let suggestion, let known):
            MenuProblem.didYouMean(suggestion) ?? [
                known.isEmpty
                    ? tr("install one where 'kiosk plugins' looks, or give its directory with --plugin-path")
                    : tr("reader plugins are {names}", ["names": MenuProblem.list(known)]),
            ]
        case .readerWithoutCheckout: [tr("say how orders are paid: checkout pay later")]
        case .undefinedVariable(let name): [tr("set it, or give a default: {example}", ["example": "${\(name):-value}"])]
        case .invalidServerURL(_, let schemes, let problem):
            switch problem {
            case .scheme, .host: [tr("write {scheme}://HOST or {scheme}://HOST:PORT", ["scheme": schemes.first ?? "scheme"])]
            case .port: [tr("the port is a number from 1 to 65535")]
            case .path: [tr("a server address has no path: {scheme}://HOST:PORT", ["scheme": schemes.first ?? "scheme"])]
            case .userInfo: [tr("write '%' in a user name or password as %25")]
            }
        case .unknownTopicPlaceholder(_, let suggestion, let known):
            MenuProblem.didYouMean(suggestion.map { "{\($0)}" }) ?? [MenuProblem.placeholdersAre(known.map { "{\($0)}" })]
        case .invalidTopic(_, .wildcard): [tr("'+' and '#' are for subscribing; a sink publishes to one topic")]
        case .invalidHeaderName: [tr("header names are letters, digits and '-'")]
        case .invalidValue(_, _, let help): [MenuProblem.phrase(help)]
        case .duplicateAlias: [tr("give each item names of its own")]
        case .unknownStation(let name, let suggestion, let known):
            MenuProblem.didYouMean(suggestion)
                ?? [tr("stations are {stations}; declare it: station {name} staff 1", ["stations": MenuProblem.list(known.map { "'\($0)'" }), "name": name])]
        case .warnNotBeforeLate: [tr("a ticket is marked warn first, then late: board { warn 5m late 8m }")]
        case .unknownAllergen(_, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("allergens are {allergens}, or none", ["allergens": MenuProblem.list(Allergen.allCases.map(\.name))])]
        case .ambiguousAllergen(_, let meanings): [tr("write the ones the item has: {allergens}", ["allergens": MenuProblem.list(meanings, joiner: .or)])]
        case .allergenNoneWithOthers: [tr("write 'allergens none' alone for an item without any")]
        case .questionWithoutTags: [tr("say which items a yes favours: tags sweet")]
        case .unusedQuestionTag(let tag, _, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("give the items it means the tag: tags {tag}", ["tag": tag])]
        case .invalidTimeOfDay: [tr("write HH:MM from 00:00 to 23:59, such as 07:30")]
        case .invalidRate(_, let suggestion): MenuProblem.didYouMean(suggestion) ?? [tr("write customers per unit: 120/h, 2/min or 0.5/s")]
        case .timesNotIncreasing: [tr("list the rates in the order of the day: arrivals 07:00 180/h, 09:00 60/h")]
        case .missingArrivalTime(let rate): [tr("each rate of a day holds from its time: 09:00 {rate}", ["rate": rate])]
        case .simulateWithoutArrivals: [tr("say when customers come: simulate { arrivals 07:00 180/h, 09:00 60/h }")]
        case .misplacedStatement(let keyword, let parent):
            [tr("write it inside {parent} \"…\" { … }, on a line of its own", ["parent": parent])] + (keyword == "option" ? [tr("options are listed in a group: options \"Milk\" choose 1 { option \"Oat\" }")] : [])
        case .invalidLimits, .groupWithoutChoose:
            [tr("write choose 1 (exactly one), choose 0..3 (up to three) or choose 1.. (one or more)")]
        case .invalidSubstitution: [tr("write replaces milk with oat-milk")]
        case .limitsAboveOptions: [tr("an option that may be taken twice says so: repeat 2")]
        case .tooManyDefaults: [tr("mark at most as many options 'default' as the group takes")]
        case .duplicateChoice: [tr("an order names sizes and options by name, so each is unique within its item")]
        case .priceOrNeedsWithSizes: [tr("write size small price 4000 needs espresso 1, milk 200")]
        case .sizeWithoutNeeds: [tr("say what the size is made of: needs espresso 1, milk 200")]
        case .sizesPricedUnevenly: [tr("give every size a price, or none")]
        case .changeNotInRecipe: [tr("a substitution, removal, 'light' or 'extra' changes a line every size needs; an option adds others with 'needs'")]
        case .conflictingChanges: [tr("put them in one group that takes at most one: choose 0..1 or choose 1")]
        case .repeatWithChanges: [tr("remove 'repeat', or have the option add with 'needs' instead")]
        case .unwholeQuantity(_, let ingredient, _, _):
            [tr("'light' halves a line and 'extra' adds half; give an amount instead: light {ingredient} 5 takes 5 less", ["ingredient": ingredient])]
        case .changeTakesAll(_, let ingredient, _): [tr("to leave it out, write removes {ingredient}", ["ingredient": ingredient])]
        case .recipeCanBeEmpty: [tr("keep at least one line that no option removes")]
        case .priceBelowZero: [tr("lower the discounts, or let fewer of them be chosen together")]
        case .unknownComboItem(_, let suggestion): MenuProblem.didYouMean(suggestion) ?? [tr("a combo chooses from the menu's items by name")]
        case .comboWithoutChoices: [tr("say what it is made of: choose 1 from \"Latte\", \"Americano\"")]
        case .invalidSlotLimits: [tr("write choose 1 (one of them) or choose 0..1 (one or none); an item may be chosen more than once")]
        case .invalidShare: [tr("write how often customers choose it: demand 70% large, 30% Oat")]
        case .unknownDemandChoice(_, _, let suggestion): MenuProblem.didYouMean(suggestion) ?? [tr("'demand' shares the item's own sizes and options, by name")]
        case .sharesAboveWhole: [tr("a customer takes one size, and one option of a group that takes one: their shares add up to at most 100%")]
        case .demandWithoutChoices: [tr("'demand' weighs sizes and options for kiosk simulate; 'popularity' weighs the item itself")]
        case .invalidPercentage: [tr("write a percentage with up to three decimals: 10% or 8.875%")]
        case .invalidDiscountAmount: [tr("write a percentage (20%) or an amount (1000)")]
        case .taxWithoutKind, .taxKindTwice: [tr("write 'included' for a tax the prices hold (a VAT) or 'added' for one put on top (a sales tax)")]
        case .taxOnOrder: [tr("to round it once for the whole order, write scope order")]
        case .discountOnOrderAndTags: [tr("declare two discounts: one off order, one on tag drinks")]
        case .unknownPricingTag(let tag, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? [tr("give the items it means the tag: tag {tag}", ["tag": tag])]
        case .invalidPricingTarget: [tr("write on tag drinks, or off order")]
        case .invalidWindow: [tr("write HH:MM-HH:MM and, if it is not every day, the days: 15:00-17:00 mon-fri")]
        case .minimumOnLines: [tr("write off order minimum 10000")]
        case .discountAboveItem, .discountAboveOrder: [tr("lower it, or write 'capped' to let it take at most what it applies to")]
        default: []
        }
    }

    /// The text of the note that points at `Diagnostic.related`, in the operator's language.
    public var relatedNote: String {
        switch self {
        case .duplicateIngredient(_, let existing), .duplicateItem(_, let existing), .duplicateStation(_, let existing),
             .duplicateQuestion(_, let existing), .duplicateTax(_, let existing), .duplicateDiscount(_, let existing):
            tr("'{name}' was first declared here", ["name": existing])
        case .duplicateAlias(_, let owner): tr("item '{item}' is declared here", ["item": owner])
        case .duplicateNeed, .duplicateComboItem: tr("first listed here")
        case .duplicateChoice, .duplicateDefaultSize: tr("first given here")
        case .duplicateProperty, .duplicateMessage, .duplicateKiosk, .duplicateBoard, .duplicateSuggest, .duplicateSimulate, .duplicateReader:
            tr("first given here")
        case .timesNotIncreasing(_, let earlier): tr("'{time}' is here", ["time": earlier])
        default: tr("see here")
        }
    }

    private static func didYouMean(_ suggestion: String?) -> [String]? {
        suggestion.map { [tr("did you mean '{suggestion}'?", ["suggestion": $0])] }
    }

    /// `placeholders are {ticket} and {item}; write {{ for a literal '{'`: the `{{` is a value,
    /// so that filling the template leaves it as it is.
    private static func placeholdersAre(_ placeholders: [String]) -> String {
        tr("placeholders are {placeholders}; write {escape} for a literal '{'", ["placeholders": list(placeholders), "escape": "{{"])
    }

    /// `'…' is not an mqtt:// or mqtts:// URL`: schemes are read letter by letter, and "em"
    /// takes "an"; two messages, so a language without articles translates both alike.
    static func notASchemeURL(_ url: String, _ schemes: [String]) -> String {
        let vowelSound = schemes.first?.first.map { "aefhilmnorsx".contains($0) } ?? false
        let values: KeyValuePairs<String, any CustomStringConvertible> = ["url": url, "schemes": list(schemes.map { "\($0)://" }, joiner: .or)]
        return vowelSound ? tr("'{url}' is not an {schemes} URL", values) : tr("'{url}' is not a {schemes} URL", values)
    }

    /// The word between the last two of a list.
    enum Joiner {
        case and, or
    }

    /// `a, b and c` (or `a, b or c`), in the operator's language.
    static func list(_ words: [String], joiner: Joiner = .and) -> String {
        switch words.count {
        case 0: return tr("nothing")
        case 1: return words[0]
        default:
            let values: KeyValuePairs<String, any CustomStringConvertible> = [
                "items": words.dropLast().joined(separator: ", "), "last": words[words.count - 1],
            ]
            return joiner == .and ? tr("{items} and {last}", values) : tr("{items} or {last}", values)
        }
    }

    /// A phrase the parser or binder made where it found the problem (`the end of the line`,
    /// `a whole number`, marked there with `trNoop`), in the operator's language; a quoted
    /// token or a name is no message and stays as it is.
    static func phrase(_ english: String) -> String {
        Localization.text(english, in: Localization.language)
    }

    static func grouped(_ value: Int) -> String {
        value.grouped
    }

    /// Long numbers and names cut to a readable length.
    static func shorten(_ text: String) -> String {
        TerminalText.shortened(text, longerThan: 40, keeping: 37)
    }
}
