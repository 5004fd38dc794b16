import KioskCore
import KioskText

/// Checking single values: names, numbers, amounts, durations, URLs and `${…}` expansion.
extension Binder {
    /// The longest name, in characters, an ingredient, item or alias may have.
    static let maximumNameLength = 100

    /// The statement's properties checked against its specs, by lower-cased name.
    mutating func readProperties(of statement: Statement) -> BoundProperties {
        guard let specs = statement.specs else { return BoundProperties() }
        var result = BoundProperties(capacity: statement.properties.count)
        // Read once: each read of the statement's file goes through its syntax.
        let tokens = statement.tokens
        let allElements = statement.elements
        for property in statement.properties {
            let nameToken = tokens[property.nameIndex]
            guard let position = specs.firstIndex(where: { nameToken.text.equalsIgnoringASCIICase($0.name) }) else { continue }
            // Read in place: a copy of a spec would retain its name and its shape's values.
            let key = specs[position].name
            let isRepeatable = specs[position].isRepeatable
            if !isRepeatable, let existing = result[key] {
                report(.duplicateProperty(key), range(nameToken, in: statement), related: range(existing.name, in: statement))
                continue
            }
            var elements = allElements[property.elements]
            if !specs[position].isList, elements.count > 1 {
                let at = tokens[elements[elements.startIndex + 1]].first ?? nameToken
                report(.notAList(property: key), range(at, in: statement))
                elements = elements.prefix(1)
            }
            var bound: [(value: OptionValue, tokens: ArraySlice<Token>)] = []
            bound.reserveCapacity(elements.count)
            // Where the value before the element ends: a missing one is pointed at there.
            var previousEnd = nameToken.range.upperBound
            for element in elements {
                let values = tokens[element]
                if let value = bindElement(values, spec: specs[position], after: previousEnd, statement: statement) {
                    bound.append((value, values))
                }
                if let last = element.last { previousEnd = tokens[last].range.upperBound }
            }
            result.add(bound, to: key, namedBy: nameToken, repeatable: isRepeatable)
        }
        return result
    }

    /// One element of a property: the right number of values, each of the right kind.
    private mutating func bindElement(_ tokens: ArraySlice<Token>, spec: PropertySpec, after end: Int, statement: Statement) -> OptionValue? {
        let file = statement.file
        let property = spec.name
        let arity = spec.shape.arity
        if case .flag = spec.shape { return .flag }
        guard let first = tokens.first else {
            report(.missingValue(property: property, expected: Binder.describe(spec.shape)), SourceRange(file: file, bytes: end..<end))
            return nil
        }
        if tokens.count > arity.upperBound {
            let extra = tokens[tokens.startIndex + arity.upperBound]
            report(.extraValue(extra.described, property: property), SourceRange(file: file, bytes: extra.range))
            return nil
        }
        switch spec.shape {
        case .name:
            return nameText(first, property: property, file: file).map { .text(ConfigText($0)) }
        case .text:
            return expand(first, file: file).map { .text($0) }
        case .path:
            return expand(first, file: file).map { .text(resolve($0, relativeTo: file)) }
        case .url:
            guard let text = expand(first, file: file) else { return nil }
            guard Binder.isHTTPURL(text.value) else {
                report(.invalidURL(TerminalText.visible(text.display)), SourceRange(file: file, bytes: first.range))
                return nil
            }
            return .text(text)
        case .serverURL(let schemes):
            return serverURL(first, schemes: schemes, file: file).map { .text($0) }
        case .topic(let placeholders):
            return topic(first, placeholders: placeholders, file: file).map { .text($0) }
        case .integer(let bounds):
            return integer(first, property: property, bounds: bounds, file: file).map { .integer($0) }
        case .amount:
            return amount(first, property: property, file: file).map { .amount($0) }
        case .signedAmount:
            return amount(first, property: property, signed: true, file: file).map { .amount($0) }
        case .limits:
            return limitsValue(first, file: file)
        case .substitution:
            guard tokens.count == 3, tokens[tokens.startIndex + 1].kind == .word, tokens[tokens.startIndex + 1].text.equalsIgnoringASCIICase("with") else {
                let at = tokens.count > 1 ? tokens[tokens.startIndex + 1] : first
                let found = tokens.count > 1 ? at.described : trNoop("the end of the line")
                report(.invalidSubstitution(found: found), SourceRange(file: file, bytes: tokens.count > 1 ? at.range : first.range.upperBound..<first.range.upperBound))
                return nil
            }
            guard let from = nameText(first, property: property, file: file),
                  let to = nameText(tokens[tokens.startIndex + 2], property: property, file: file) else { return nil }
            return .substitution(from, to)
        case .nameAndOptionalQuantity:
            guard let name = nameText(first, property: property, file: file) else { return nil }
            guard tokens.count == 2 else { return .nameAndOptionalQuantity(name, nil) }
            return integer(tokens[tokens.startIndex + 1], property: property, bounds: 1...Menu.maximumQuantity, quantityOf: name, file: file)
                .map { .nameAndOptionalQuantity(name, $0) }
        case .share:
            guard let share = Binder.basisPoints(first) else {
                report(.invalidShare(TerminalText.visible(first.text)), SourceRange(file: file, bytes: first.range))
                return nil
            }
            guard tokens.count == 2 else {
                let end = first.range.upperBound
                report(.missingValue(property: first.text, expected: trNoop("a size or an option")), SourceRange(file: file, bytes: end..<end))
                return nil
            }
            return nameText(tokens[tokens.startIndex + 1], property: property, file: file).map { .share(basisPoints: share, name: $0) }
        case .pricingTarget:
            if tokens.count == 1, first.kind == .word, first.text.equalsIgnoringASCIICase("order") { return .target(tag: nil) }
            if tokens.count == 2, !(first.kind == .word && first.text.equalsIgnoringASCIICase("tag")) {
                report(.invalidPricingTarget(found: first.described), SourceRange(file: file, bytes: first.range))
                return nil
            }
            return nameText(tokens[tokens.endIndex - 1], property: property, file: file).map { .target(tag: $0) }
        case .window:
            let days = tokens.count == 2 ? tokens[tokens.startIndex + 1].text : nil
            guard first.kind != .string, let window = Availability.Window(times: first.text, days: days) else {
                let text = tokens.map(\.text).joined(separator: " ")
                report(.invalidWindow(TerminalText.visible(MenuProblem.shorten(text))),
                       SourceRange(file: file, bytes: first.range.lowerBound..<tokens[tokens.endIndex - 1].range.upperBound))
                return nil
            }
            return .window(window)
        case .wordAndInteger(let word, let bounds):
            guard choice(first, property: property, choices: [word], file: file) != nil else { return nil }
            guard tokens.count == 2 else {
                let end = first.range.upperBound
                report(.missingValue(property: word, expected: Binder.describe(.integer(bounds))), SourceRange(file: file, bytes: end..<end))
                return nil
            }
            return integer(tokens[tokens.startIndex + 1], property: word, bounds: bounds, file: file).map { .integer($0) }
        case .duration:
            return duration(first, property: property, file: file).map { .duration($0) }
        case .eventType:
            return eventType(first, file: file).map { .eventType($0) }
        case .choice(let choices):
            return choice(first, property: property, choices: choices, file: file).map { .choice($0, nil) }
        case .language:
            if first.kind == .word, let language = Language(code: first.text) { return .choice(language.code, nil) }
            return choice(first, property: property, choices: Language.available.map(\.code), file: file).map { .choice($0, nil) }
        case .choiceWithDuration(let choices, let durationAfter):
            guard let word = choice(first, property: property, choices: choices, file: file) else { return nil }
            if word == durationAfter {
                guard tokens.count == 2 else {
                    let end = first.range.upperBound
                    report(.missingValue(property: word, expected: Binder.describe(.duration)), SourceRange(file: file, bytes: end..<end))
                    return nil
                }
                return duration(tokens[tokens.startIndex + 1], property: word, file: file).map { .choice(word, $0) }
            }
            if tokens.count == 2 {
                report(.extraValue(tokens[tokens.startIndex + 1].described, property: word), SourceRange(file: file, bytes: tokens[tokens.startIndex + 1].range))
                return nil
            }
            return .choice(word, nil)
        case .nameAndQuantity:
            guard let name = nameText(first, property: property, file: file) else { return nil }
            guard tokens.count == 2 else {
                let end = first.range.upperBound
                report(.missingValue(property: name, expected: trNoop("a quantity")), SourceRange(file: file, bytes: end..<end))
                return nil
            }
            return integer(tokens[tokens.startIndex + 1], property: property, bounds: 1...Menu.maximumQuantity, quantityOf: name, file: file)
                .map { .nameAndQuantity(name, $0) }
        case .flag:
            return .flag
        case .arrival:
            return arrival(tokens, file: file)
        case .header:
            // `header NAME VALUE`, or one string `header "NAME: VALUE"`. Diagnostics show the
            // text as written (`${TOKEN}`), never what the environment put in it.
            guard let text = expand(first, file: file) else { return nil }
            let name: ConfigText
            let value: ConfigText
            if tokens.count == 2 {
                guard let second = expand(tokens[tokens.startIndex + 1], file: file) else { return nil }
                (name, value) = (text, second)
            } else if let split = Binder.splitHeader(text) {
                (name, value) = split
            } else {
                let end = first.range.upperBound
                report(.missingValue(property: TerminalText.visible(text.display), expected: trNoop("a header value")), SourceRange(file: file, bytes: end..<end))
                return nil
            }
            guard !name.value.isEmpty, name.value.utf8.allSatisfy(Binder.isHeaderNameByte) else {
                report(.invalidHeaderName(TerminalText.visible(name.display)), SourceRange(file: file, bytes: first.range))
                return nil
            }
            return .header(name: name.value, value: value)
        case .checkedText(let rule):
            guard let text = expand(first, file: file) else { return nil }
            if let reason = rule.problem(text.value) {
                report(.invalidValue(property: property, reason: reason, help: rule.help), SourceRange(file: file, bytes: first.range))
                return nil
            }
            return .text(text)
        }
    }

    /// `70%`, `12.5%`, `0.25%` as basis points (`7000`), from 0% to 100%; `nil` for any
    /// other token.
    static func basisPoints(_ token: Token) -> Int? {
        guard token.kind == .word, token.text.hasSuffix("%") else { return nil }
        let number = token.text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 3,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(whole) else { return nil }
        var points = value * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int(fraction) else { return nil }
            points += fraction.count == 1 ? digits * 10 : digits
        }
        return points <= 10_000 ? points : nil
    }

    /// `Name: value` split at its first colon, the value without the spaces after it; `nil`
    /// without a colon, or when the name itself came from the environment (then the colon
    /// of `display` is not the colon of `value`).
    static func splitHeader(_ text: ConfigText) -> (name: ConfigText, value: ConfigText)? {
        guard let colon = text.display.firstIndex(of: ":") else { return nil }
        let name = String(text.display[..<colon])
        guard !name.contains("${"), text.value.hasPrefix(name + ":") else { return nil }
        let displayValue = text.display[text.display.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        let value = text.value.dropFirst(name.count + 1).drop { $0 == " " || $0 == "\t" }
        return (ConfigText(name), ConfigText(value: String(value), display: String(displayValue), secrets: text.secrets))
    }

    static func describe(_ shape: ValueShape) -> String {
        switch shape {
        case .name: trNoop("a name")
        case .text: trNoop("a text")
        case .path: trNoop("a file path")
        case .url, .serverURL: trNoop("a URL")
        case .topic: trNoop("a topic")
        case .integer: trNoop("a whole number")
        case .amount: trNoop("an amount")
        case .duration: trNoop("a duration such as 5s")
        case .eventType: trNoop("an event type")
        case .choice(let choices), .choiceWithDuration(let choices, _):
            tr("one of {choices}", ["choices": MenuProblem.list(choices.map { "'\($0)'" }, joiner: .or)])
        case .language: describe(.choice(Language.available.map(\.code)))
        case .nameAndQuantity: trNoop("an ingredient and a quantity")
        case .header: trNoop("a header name and a value")
        case .checkedText(let rule): rule.name
        case .flag: trNoop("nothing")
        case .arrival: trNoop("a rate such as 120/h")
        case .signedAmount: trNoop("an amount such as +500")
        case .limits: trNoop("how many to choose: 1, 0..2 or 1..")
        case .substitution: trNoop("an ingredient, 'with' and another")
        case .nameAndOptionalQuantity: trNoop("an ingredient")
        case .share: trNoop("a share and a size or option, such as 70% large")
        case .pricingTarget: trNoop("'order' or a tag, such as tag drinks")
        case .window: trNoop("a time window such as 15:00-17:00 mon-fri")
        case .wordAndInteger(let word, _): tr("'{word}' and a whole number", ["word": word])
        }
    }

    // MARK: Text

    /// A string with its `${NAME}` and `${NAME:-default}` references filled in from the
    /// environment; a default is used when the variable is unset or empty, as in a shell.
    mutating func expand(_ token: Token, file: Int) -> ConfigText? {
        guard token.kind == .string, let literal = token.literal else { return ConfigText(token.text) }
        var value = ""
        var secrets: [String] = []
        var complete = true
        for segment in literal.segments {
            switch segment {
            case .text(let text):
                value += text
            case .variable(let name, let defaultValue, let range):
                if let set = environment[name], !(set.isEmpty && defaultValue != nil) {
                    value += set
                    if !set.isEmpty { secrets.append(set) }
                } else if let defaultValue {
                    value += defaultValue
                } else {
                    report(.undefinedVariable(name), SourceRange(file: file, bytes: range))
                    complete = false
                }
            }
        }
        return complete ? ConfigText(value: value, display: literal.display, secrets: secrets) : nil
    }

    /// A name: a word or a string, not empty, not too long, without control characters.
    mutating func nameText(_ token: Token, property: String, file: Int) -> String? {
        guard token.kind == .word || token.kind == .string else {
            report(.expectedName(property: property, found: token.described), SourceRange(file: file, bytes: token.range))
            return nil
        }
        guard let text = expand(token, file: file) else { return nil }
        if Binder.isPlainName(text.value) { return text.value }
        let name = text.value.trimmingWhitespace()
        let problem: MenuProblem.NameProblem? =
            if name.isEmpty { .empty } else if name.utf8.count > Binder.maximumNameLength, name.unicodeScalars.count > Binder.maximumNameLength {
                .tooLong(limit: Binder.maximumNameLength)
            } else if !name.isPrintableASCII,
                      name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                .controlCharacter
            } else { nil }
        if let problem {
            report(.invalidName(TerminalText.visible(MenuProblem.shorten(name)), reason: problem), SourceRange(file: file, bytes: token.range))
            return nil
        }
        return name
    }

    /// Whether `name` is a name as it stands: printable ASCII, not empty, not too long, no
    /// space at either end. Nearly every name is, and one pass over its bytes settles it.
    private static func isPlainName(_ name: String) -> Bool {
        let utf8 = name.utf8.span
        guard !utf8.isEmpty, utf8.count <= maximumNameLength, utf8[0] != 0x20, utf8[utf8.count - 1] != 0x20 else { return false }
        for index in utf8.indices where utf8[index] < 0x20 || utf8[index] >= 0x7F { return false }
        return true
    }

    mutating func eventType(_ token: Token, file: Int) -> EventType? {
        let word = token.text.lowercased()
        if token.kind == .word || token.kind == .string, let type = EventType(rawValue: word) { return type }
        let suggestion = Suggestions.closest(to: word, among: EventType.allCases.map(\.rawValue))
        report(.unknownEventType(TerminalText.visible(token.text), suggestion: suggestion), SourceRange(file: file, bytes: token.range))
        return nil
    }

    private mutating func choice(_ token: Token, property: String, choices: [String], file: Int) -> String? {
        let word = token.text.lowercased()
        if token.kind == .word, choices.contains(word) { return word }
        let suggestion = Suggestions.closest(to: word, among: choices)
        report(.unknownChoice(TerminalText.visible(token.text), property: property, choices: choices, suggestion: suggestion),
               SourceRange(file: file, bytes: token.range))
        return nil
    }

    /// A relative path is relative to the directory of the file that declares it.
    private func resolve(_ path: ConfigText, relativeTo file: Int) -> ConfigText {
        guard !path.value.hasPrefix("/") else { return path }
        let declaring = sources[file].path
        guard let slash = declaring.lastIndex(of: "/") else { return path }
        let directory = declaring[...slash]
        return ConfigText(value: directory + path.value, display: directory + path.display, secrets: path.secrets)
    }

    /// An address such as `mqtt://broker:1883`. The diagnostic never shows a password.
    private mutating func serverURL(_ token: Token, schemes: [String], file: Int) -> ConfigText? {
        guard let text = expand(token, file: file) else { return nil }
        do throws(ServerURL.Problem) {
            _ = try ServerURL(parsing: text.value, schemes: schemes)
            return text
        } catch {
            let shown = TerminalText.visible(MenuProblem.shorten(ServerURL.masked(text.display)))
            report(.invalidServerURL(shown, schemes: schemes, problem: error), SourceRange(file: file, bytes: token.range))
            return nil
        }
    }

    /// A topic to publish to; an unknown placeholder is pointed at where it can be.
    private mutating func topic(_ token: Token, placeholders: [String], file: Int) -> ConfigText? {
        guard let text = expand(token, file: file) else { return nil }
        do throws(TopicTemplate.Problem) {
            _ = try TopicTemplate(parsing: text.value, placeholders: placeholders)
            return text
        } catch {
            switch error {
            case .unknownPlaceholder(let name, let offset, let length):
                let suggestion = Suggestions.closest(to: name, among: placeholders)
                report(.unknownTopicPlaceholder(TerminalText.visible(name), suggestion: suggestion, known: placeholders),
                       placeholderRange(TemplateError(name: name, utf8Offset: offset, utf8Length: length), in: token, file: file))
            case .empty, .wildcard:
                report(.invalidTopic(TerminalText.visible(MenuProblem.shorten(text.display)), problem: error), SourceRange(file: file, bytes: token.range))
            }
            return nil
        }
    }

    static func isHTTPURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = lower.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return !host.isEmpty && !text.contains(where: { $0.isWhitespace })
        }
        return false
    }

    private static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    // MARK: Numbers

    /// A whole number within `bounds`. `quantityOf` names the ingredient of a `needs`
    /// quantity, which has its own message below 1.
    private mutating func integer(_ token: Token, property: String, bounds: ClosedRange<Int>, quantityOf: String? = nil, file: Int) -> Int? {
        let range = SourceRange(file: file, bytes: token.range)
        guard token.kind == .integer else {
            report(.expectedInteger(property: property, found: token.described), range)
            return nil
        }
        let negative = token.text.utf8.first == UInt8(ascii: "-")
        guard let value = Int(token.text) else {
            report(negative ? .negativeNumber(property: property, text: token.text) : .numberTooLarge(property: property, text: token.text), range)
            return nil
        }
        if value < bounds.lowerBound {
            if let quantityOf {
                report(.quantityBelowOne(ingredient: quantityOf, value: value), range)
            } else if value < 0 {
                report(.negativeNumber(property: property, text: token.text), range)
            } else {
                report(.numberOutOfRange(property: property, value: value, range: bounds), range)
            }
            return nil
        }
        if value > bounds.upperBound {
            if bounds.upperBound == Menu.maximumQuantity {
                report(.numberTooLarge(property: property, text: token.text), range)
            } else {
                report(.numberOutOfRange(property: property, value: value, range: bounds), range)
            }
            return nil
        }
        return value
    }

    /// An amount up to `Menu.maximumQuantity` units; `signed`, one that may also be as far
    /// below zero (what an option adds to a price). A `+` before it changes nothing.
    mutating func amount(_ token: Token, property: String, signed: Bool = false, file: Int) -> Money? {
        let range = SourceRange(file: file, bytes: token.range)
        guard token.kind == .integer || token.kind == .decimal else {
            report(.expectedAmount(property: property, found: token.described), range)
            return nil
        }
        // The sign is a byte of the number's ASCII text: `hasPrefix` would compare characters.
        let sign = token.text.utf8.first
        if sign == UInt8(ascii: "-"), !signed {
            report(.negativeNumber(property: property, text: token.text), range)
            return nil
        }
        if let dot = token.text.utf8.firstIndex(of: UInt8(ascii: ".")), token.text.utf8[dot...].count > 3 {
            report(.tooManyFractionDigits(property: property, text: token.text), range)
            return nil
        }
        let text = sign == UInt8(ascii: "+") ? token.text.dropFirst() : Substring(token.text)
        guard let money = Money(text), let limit = Money(units: Menu.maximumQuantity), money <= limit, -money.hundredths <= limit.hundredths else {
            report(.numberTooLarge(property: property, text: token.text), range)
            return nil
        }
        return money
    }

    /// `1`, `0..3` or `1..`: how many of a group's options (or a slot's items) to take; an
    /// open upper limit (`1..`) is `nil`, as many as there are.
    mutating func limitsValue(_ token: Token, file: Int) -> OptionValue? {
        let text = token.text
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let bound = 0...Binder.maximumLimit
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(part), bound.contains(value) else { return nil }
            return value
        }
        if token.kind == .integer, let exactly = number(Substring(text)) { return .limits(minimum: exactly, maximum: exactly) }
        if token.kind == .word, parts.count == 3, parts[1].isEmpty, let minimum = number(parts[0]) {
            if parts[2].isEmpty { return .limits(minimum: minimum, maximum: nil) }
            if let maximum = number(parts[2]) { return .limits(minimum: minimum, maximum: maximum) }
        }
        report(.invalidLimits(TerminalText.visible(MenuProblem.shorten(text))), SourceRange(file: file, bytes: token.range))
        return nil
    }

    /// The largest number `choose` takes.
    static let maximumLimit = 10_000

    mutating func duration(_ token: Token, property: String, file: Int) -> Duration? {
        let range = SourceRange(file: file, bytes: token.range)
        guard token.kind == .duration else {
            report(.expectedDuration(property: property, found: token.described), range)
            return nil
        }
        let text = token.text
        let unitStart = text.firstIndex { $0.isLetter } ?? text.endIndex
        let unit = text[unitStart...]
        let scale: Int = switch unit {
        case "ms": 1
        case "s": 1000
        case "m": 60_000
        default: 3_600_000
        }
        guard let amount = Money(text[..<unitStart]) else {
            report(.tooManyFractionDigits(property: property, text: text), range)
            return nil
        }
        guard let scaled = amount.multiplied(by: scale),
              scaled.hundredths <= 86_400_000 * 100 else {
            report(.durationTooLong(property: property, text: text), range)
            return nil
        }
        return .milliseconds(scaled.hundredths / 100)
    }
}
