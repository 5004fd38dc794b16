import KioskCore
import KioskText

extension MenuProblem {
    /// The one-line message after `error:`.
    public var message: String {
        switch self {
        case .invalidUTF8: "invalid UTF-8"
        case .unexpectedCharacters(let text):
            text.unicodeScalars.count == 1 ? "unexpected character '\(text)'" : "unexpected characters '\(text)'"
        case .unterminatedString: "unterminated string"
        case .invalidEscape(let escape): "invalid escape '\(escape)' in string"
        case .controlCharacterInString: "control character in string"
        case .malformedVariable: "malformed variable reference"
        case .unknownKeyword(let word, _): "unknown statement '\(word)'"
        case .unknownProperty(let name, let statement, _, _): "unknown property '\(name)' for '\(statement)'"
        case .unquotedName(let name, _): "a name with spaces needs quotes: '\(name)'"
        case .missingHead(let what, let keyword): "expected \(what) after '\(keyword)'"
        case .expectedStatement(let found): "expected a statement, found \(found)"
        case .expectedPropertyName(let found): "expected a property name, found \(found)"
        case .unexpectedBrace(let brace): "unexpected '\(brace)'"
        case .unterminatedBlock: "unterminated block: this '{' has no matching '}'"
        case .missingValue(let property, let expected): "expected \(expected) after '\(property)'"
        case .extraValue(let found, let property): "unexpected \(found) after '\(property)'"
        case .notAList(let property): "'\(property)' takes one value, not a list"
        case .duplicateProperty(let name): "'\(name)' is given twice"
        case .expectedInteger(let property, let found): "'\(property)' needs a whole number, found \(found)"
        case .expectedAmount(let property, let found): "'\(property)' needs an amount, found \(found)"
        case .expectedDuration(let property, let found): "'\(property)' needs a duration, found \(found)"
        case .expectedName(let property, let found): "'\(property)' needs a name, found \(found)"
        case .numberTooLarge(let property, let text):
            "'\(property)' of \(MenuProblem.shorten(text)) is beyond the maximum of \(MenuProblem.grouped(Menu.maximumQuantity))"
        case .negativeNumber(let property, let text): "'\(property)' cannot be negative (found \(MenuProblem.shorten(text)))"
        case .quantityBelowOne(let ingredient, let value): "quantity of '\(ingredient)' must be at least 1 (found \(value))"
        case .numberOutOfRange(let property, let value, let range):
            "'\(property)' must be between \(MenuProblem.grouped(range.lowerBound)) and \(MenuProblem.grouped(range.upperBound)) (found \(MenuProblem.grouped(value)))"
        case .tooManyFractionDigits(let property, let text): "'\(property)' of \(MenuProblem.shorten(text)) has more than two fraction digits"
        case .durationTooLong(let property, let text): "'\(property)' of \(MenuProblem.shorten(text)) is longer than a day"
        case .invalidName(let name, let reason):
            switch reason {
            case .empty: "a name cannot be empty"
            case .tooLong(let limit): "name '\(name)' is longer than \(limit) characters"
            case .controlCharacter: "name contains a control character"
            }
        case .unknownChoice(let value, let property, _, _): "unknown value '\(value)' for '\(property)'"
        case .invalidHeaderName(let name): "'\(name)' is not a valid HTTP header name"
        case .invalidValue(let property, let reason, _): "invalid '\(property)': \(reason)"
        case .duplicateKiosk: "the kiosk is named twice"
        case .duplicateIngredient(let name, _): "duplicate ingredient '\(name)'"
        case .duplicateItem(let name, _): "duplicate item '\(name)'"
        case .duplicateAlias(let alias, let owner): "'\(alias)' already names item '\(owner)'"
        case .duplicateNeed(let name): "'\(name)' is listed twice in 'needs'"
        case .duplicateMessage(let type): "message '\(type.rawValue)' is given twice"
        case .unknownIngredient(let name, _): "unknown ingredient '\(name)'"
        case .itemWithoutNeeds(let name): "item '\(name)' has no 'needs'"
        case .unknownEventType(let name, _): "unknown event type '\(name)'"
        case .unknownPlaceholder(let name, _): "unknown placeholder '{\(name)}' in message"
        case .unknownSinkKind(let kind, _, _): "unknown sink kind '\(kind)'"
        case .missingOption(let kind, let option): "'\(kind)' sink needs '\(option)'"
        case .invalidURL(let url): "'\(url)' is not an http:// or https:// URL"
        case .invalidServerURL(let url, let schemes, let problem):
            switch problem {
            case .scheme: "'\(url)' is not \(MenuProblem.schemeList(schemes)) URL"
            case .host, .port, .path, .userInfo: "'\(url)' is not a valid \(schemes.map { "\($0)://" }.joined(separator: " or ")) URL"
            }
        case .unknownTopicPlaceholder(let name, _, _): "unknown placeholder '{\(name)}' in topic"
        case .invalidTopic(let topic, let problem):
            switch problem {
            case .empty: "a topic cannot be empty"
            case .wildcard(let wildcard): "topic '\(topic)' contains the wildcard '\(wildcard)'"
            case .unknownPlaceholder(let name, _, _): "unknown placeholder '{\(name)}' in topic"
            }
        case .undefinedVariable(let name): "environment variable '\(name)' is not set"
        case .includeFailed(let path, let reason): "cannot include '\(path)': \(reason)"
        case .includeCycle(let chain): "include cycle: \(chain.joined(separator: " → "))"
        case .includeTooDeep(let limit): "includes nest deeper than \(limit) files"
        case .tooManyIncludes(let limit): "too many included files: a menu includes at most \(MenuProblem.grouped(limit)) in all"
        case .duplicateStation(let name, _): "duplicate station '\(name)'"
        case .unknownStation(let name, _, _): "unknown station '\(name)'"
        case .duplicateBoard: "the board is declared twice"
        case .durationOutOfRange(let property, let text, let range): "'\(property)' of \(MenuProblem.shorten(text)) must be between \(range)"
        case .warnNotBeforeLate(let warn, let late, let lateIsDefault):
            "'warn' (\(warn)) must be shorter than 'late' (\(late)\(lateIsDefault ? " by default" : ""))"
        case .unknownAllergen(let word, _): "unknown allergen '\(word)'"
        case .ambiguousAllergen(let word, _): "'\(word)' may mean more than one allergen"
        case .allergenNoneWithOthers: "'none' cannot be listed with allergens"
        case .duplicateQuestion(let key, _): "duplicate question '\(key)'"
        case .questionWithoutTags(let key): "question '\(key)' has no 'tags'"
        case .unusedQuestionTag(let tag, let question, _): "no item has the tag '\(tag)' of question '\(question)'"
        case .tooManyQuestions(let limit): "more than \(limit) questions"
        case .duplicateSuggest: "'suggest' is given twice"
        case .invalidTimeOfDay(let text): "'\(text)' is not a time of day"
        case .invalidRate(let text, _): "'\(text)' is not a rate"
        case .rateTooLarge(let text):
            "'\(text)' is beyond the maximum of \(MenuProblem.grouped(Int(ArrivalRate.maximumNumber))) customers per unit"
        case .timesNotIncreasing(let later, let earlier): "'\(later)' must be later than '\(earlier)', the time before it"
        case .missingArrivalTime(let rate): "'\(rate)' needs a time of day before it"
        case .simulateWithoutArrivals: "'simulate' has no 'arrivals'"
        case .duplicateSimulate: "'simulate' is given twice"
        }
    }

    /// The `= help:` lines under the source excerpt.
    public var help: [String] {
        switch self {
        case .invalidUTF8: ["menu files are UTF-8 text"]
        case .unterminatedString: ["close the string with '\"' before the end of the line"]
        case .invalidEscape: [#"the escapes are \" \\ \n \t \$ and \u{…}"#]
        case .controlCharacterInString: [#"write it as an escape, such as \t or \u{7}"#]
        case .malformedVariable: [#"write ${NAME} or ${NAME:-default}; write \$ for a literal '$'"#]
        case .unknownKeyword(_, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? ["statements are \(MenuProblem.list(StatementKind.allCases.map(\.rawValue)))"]
        case .unknownProperty(_, let statement, let suggestion, let known):
            MenuProblem.didYouMean(suggestion) ?? ["'\(statement)' takes \(MenuProblem.list(known.map { "'\($0)'" }))"]
        case .unquotedName(let name, let statement): ["write \(statement) \"\(name)\""]
        case .unterminatedBlock: ["close the block with '}' on a line of its own"]
        case .notAList: ["remove the ',' and what follows it"]
        case .expectedDuration: ["write a number with a unit: 500ms, 5s, 2m or 1h"]
        case .expectedAmount: ["write a whole number or one with up to two decimals: 4500 or 4.50"]
        case .numberTooLarge, .numberOutOfRange: []
        case .tooManyFractionDigits: ["prices are exact to two decimals: 4.50"]
        case .unknownChoice(_, _, let choices, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? ["write one of \(MenuProblem.list(choices.map { "'\($0)'" }, joiner: "or"))"]
        case .unknownIngredient(let name, let suggestion):
            MenuProblem.didYouMean(suggestion) ?? ["declare it first: ingredient \(name) stock 10"]
        case .itemWithoutNeeds: ["say what it is made of: needs mango 3"]
        case .unknownEventType(_, let suggestion):
            MenuProblem.didYouMean(suggestion)
                ?? ["event types are \(MenuProblem.list(EventType.allCases.map(\.rawValue), joiner: "and"))"]
        case .unknownPlaceholder(_, let suggestion):
            MenuProblem.didYouMean(suggestion.map { "{\($0)}" })
                ?? ["placeholders are \(MenuProblem.list(MessageTemplate.Placeholder.allCases.map { "{\($0.rawValue)}" }, joiner: "and")); write {{ for a literal '{'"]
        case .unknownSinkKind(_, let suggestion, let known):
            MenuProblem.didYouMean(suggestion) ?? ["sink kinds are \(MenuProblem.list(known, joiner: "and"))"]
        case .undefinedVariable(let name): ["set it, or give a default: ${\(name):-value}"]
        case .invalidServerURL(_, let schemes, let problem):
            switch problem {
            case .scheme, .host: ["write \(schemes.first ?? "scheme")://HOST or \(schemes.first ?? "scheme")://HOST:PORT"]
            case .port: ["the port is a number from 1 to 65535"]
            case .path: ["a server address has no path: \(schemes.first ?? "scheme")://HOST:PORT"]
            case .userInfo: ["write '%' in a user name or password as %25"]
            }
        case .unknownTopicPlaceholder(_, let suggestion, let known):
            MenuProblem.didYouMean(suggestion.map { "{\($0)}" })
                ?? ["placeholders are \(MenuProblem.list(known.map { "{\($0)}" }, joiner: "and")); write {{ for a literal '{'"]
        case .invalidTopic(_, .wildcard): ["'+' and '#' are for subscribing; a sink publishes to one topic"]
        case .invalidHeaderName: ["header names are letters, digits and '-'"]
        case .invalidValue(_, _, let help): [help]
        case .duplicateAlias: ["give each item names of its own"]
        case .unknownStation(let name, let suggestion, let known):
            MenuProblem.didYouMean(suggestion)
                ?? ["stations are \(MenuProblem.list(known.map { "'\($0)'" })); declare it: station \(name) staff 1"]
        case .warnNotBeforeLate: ["a ticket is marked warn first, then late: board { warn 5m late 8m }"]
        case .unknownAllergen(_, let suggestion):
            MenuProblem.didYouMean(suggestion)
                ?? ["allergens are \(MenuProblem.list(Allergen.allCases.map(\.name))), or none"]
        case .ambiguousAllergen(_, let meanings): ["write the ones the item has: \(MenuProblem.list(meanings, joiner: "or"))"]
        case .allergenNoneWithOthers: ["write 'allergens none' alone for an item without any"]
        case .questionWithoutTags: ["say which items a yes favours: tags sweet"]
        case .unusedQuestionTag(let tag, _, let suggestion): MenuProblem.didYouMean(suggestion) ?? ["give the items it means the tag: tags \(tag)"]
        case .invalidTimeOfDay: ["write HH:MM from 00:00 to 23:59, such as 07:30"]
        case .invalidRate(_, let suggestion): MenuProblem.didYouMean(suggestion) ?? ["write customers per unit: 120/h, 2/min or 0.5/s"]
        case .timesNotIncreasing: ["list the rates in the order of the day: arrivals 07:00 180/h, 09:00 60/h"]
        case .missingArrivalTime(let rate): ["each rate of a day holds from its time: 09:00 \(rate)"]
        case .simulateWithoutArrivals: ["say when customers come: simulate { arrivals 07:00 180/h, 09:00 60/h }"]
        default: []
        }
    }

    /// The text of the note that points at `Diagnostic.related`.
    public var relatedNote: String {
        switch self {
        case .duplicateIngredient(_, let existing), .duplicateItem(_, let existing), .duplicateStation(_, let existing),
             .duplicateQuestion(_, let existing):
            "'\(existing)' was first declared here"
        case .duplicateAlias(_, let owner): "item '\(owner)' is declared here"
        case .duplicateNeed: "first listed here"
        case .duplicateProperty, .duplicateMessage, .duplicateKiosk, .duplicateBoard, .duplicateSuggest, .duplicateSimulate: "first given here"
        case .timesNotIncreasing(_, let earlier): "'\(earlier)' is here"
        default: "see here"
        }
    }

    private static func didYouMean(_ suggestion: String?) -> [String]? {
        suggestion.map { ["did you mean '\($0)'?"] }
    }

    /// `an mqtt:// or mqtts://`: schemes are read letter by letter, and "em" takes "an".
    static func schemeList(_ schemes: [String]) -> String {
        let vowelSound = schemes.first?.first.map { "aefhilmnorsx".contains($0) } ?? false
        return (vowelSound ? "an " : "a ") + list(schemes.map { "\($0)://" }, joiner: "or")
    }

    static func list(_ words: [String], joiner: String = "and") -> String {
        switch words.count {
        case 0: "nothing"
        case 1: words[0]
        default: words.dropLast().joined(separator: ", ") + " \(joiner) " + words[words.count - 1]
        }
    }

    static func grouped(_ value: Int) -> String {
        value.grouped
    }

    /// Long numbers and names cut to a readable length.
    static func shorten(_ text: String) -> String {
        TerminalText.shortened(text, longerThan: 40, keeping: 37)
    }
}
