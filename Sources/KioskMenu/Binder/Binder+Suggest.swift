import KioskCore
import KioskText

/// What `suggest` needs from a menu file, gathered as the binder goes: item tags and
/// allergens, the questions, and the `suggest` settings.
struct SuggestBinding {
    var questions: [Question] = []
    /// Each question's key (folded) and where it was declared, for duplicates.
    var questionClaims: [String: (key: String, range: SourceRange)] = [:]
    /// Every tag an item has (folded), as first written: questions may only ask about these.
    var usedTags: [String: String] = [:]
    var settings = SuggestSettings.defaults
    /// Where `suggest` was first given.
    var settingsRange: SourceRange?
    var reportedTooManyQuestions = false
}

extension Binder {
    // MARK: Items

    /// An item's `tags`, each once, in the order written.
    mutating func bindTags(_ property: BoundProperty?) -> [String] {
        var tags: [String] = []
        var keys: [String] = []
        for (value, _) in property?.elements ?? [] {
            guard case .text(let text) = value else { continue }
            let key = NameKey.fold(text.value)
            guard !keys.contains(key) else { continue }
            keys.append(key)
            tags.append(text.value)
            if suggest.usedTags[key] == nil { suggest.usedTags[key] = text.value }
        }
        return tags
    }

    /// An item's `allergens`: `nil` when the item does not say (unknown), empty for `none`.
    mutating func bindAllergens(_ property: BoundProperty?, statement: Statement) -> Allergens? {
        guard let property else { return nil }
        var allergens = Allergens()
        var none: SourceRange?
        var listsOthers = false
        for (value, tokens) in property.elements {
            guard case .text(let text) = value, let token = tokens.first else { continue }
            let word = text.value
            let at = range(token, in: statement)
            if NameKey.slug(word) == "none" {
                none = none ?? at
            } else if let allergen = Allergen(named: word) {
                allergens.insert(Allergens(allergen))
                listsOthers = true
            } else if case let meanings = Allergen.meanings(ofAmbiguous: word), !meanings.isEmpty {
                report(.ambiguousAllergen(TerminalText.visible(word), meanings: meanings.map(\.name)), at)
                listsOthers = true
            } else {
                let suggestion = Suggestions.closest(to: word, among: Allergen.allWords + ["none"])
                report(.unknownAllergen(TerminalText.visible(word), suggestion: suggestion), at)
                listsOthers = true
            }
        }
        if let none, listsOthers { report(.allergenNoneWithOthers, none) }
        return allergens
    }

    // MARK: Questions

    /// `question KEY "text" tags WORD, …`.
    mutating func bindQuestion(_ statement: Statement) {
        let keyToken = statement.head(0)
        let key = nameText(keyToken, property: "question", file: statement.file)
        let textToken = statement.head(1)
        let properties = readProperties(of: statement)
        guard textToken.kind == .string else {
            // `question sweet tags sweet`: the text is missing and `tags` took its place.
            report(.missingHead(trNoop("the question text in quotes"), after: "question"), range(textToken, in: statement))
            return
        }
        let text = expand(textToken, file: statement.file)?.value
        guard let key else { return }
        let keyRange = range(keyToken, in: statement)
        let folded = NameKey.fold(key)
        if let first = suggest.questionClaims[folded] {
            report(.duplicateQuestion(key, existing: first.key), keyRange, related: first.range)
            return
        }
        suggest.questionClaims[folded] = (key, keyRange)
        guard let tagsProperty = properties["tags"] else {
            report(.questionWithoutTags(key), keyRange)
            return
        }
        let tags = questionTags(tagsProperty, of: key, statement: statement)
        guard suggest.questions.count < Question.maximumCount else {
            if !suggest.reportedTooManyQuestions { report(.tooManyQuestions(limit: Question.maximumCount), statement.headRange) }
            suggest.reportedTooManyQuestions = true
            return
        }
        if let text { suggest.questions.append(Question(key: key, text: text, tags: tags)) }
    }

    /// A question's tags, each of which some item must have.
    private mutating func questionTags(_ property: BoundProperty, of key: String, statement: Statement) -> [String] {
        var tags: [String] = []
        for (value, tokens) in property.elements {
            guard case .text(let text) = value, let token = tokens.first else { continue }
            let tag = text.value
            if suggest.usedTags[NameKey.fold(tag)] == nil {
                let suggestion = Suggestions.closest(to: tag, among: suggest.usedTags.values.sorted())
                report(.unusedQuestionTag(TerminalText.visible(tag), question: key, suggestion: suggestion), range(token, in: statement))
            }
            if !tags.containsFolded(tag) { tags.append(tag) }
        }
        return tags
    }

    // MARK: Settings

    /// `suggest { shows 3 next 2 rule average-without-misery threshold 4 }`.
    mutating func bindSuggest(_ statement: Statement) {
        let properties = readProperties(of: statement)
        guard isFirst(statement, at: \.suggest.settingsRange, else: .duplicateSuggest) else { return }
        let defaults = SuggestSettings.defaults
        var rule = defaults.rule
        if case .choice(let word, _)? = properties["rule"]?.elements.first?.value, let chosen = GroupRule(rawValue: word) { rule = chosen }
        suggest.settings = SuggestSettings(
            shows: Binder.integer(properties["shows"]) ?? defaults.shows,
            next: Binder.integer(properties["next"]) ?? defaults.next,
            rule: rule,
            threshold: Binder.integer(properties["threshold"]) ?? defaults.threshold
        )
    }

    private static func integer(_ property: BoundProperty?) -> Int? {
        if case .integer(let value)? = property?.elements.first?.value { return value }
        return nil
    }
}

extension [String] {
    fileprivate func containsFolded(_ name: String) -> Bool {
        let key = NameKey.fold(name)
        return contains { NameKey.fold($0) == key }
    }
}
