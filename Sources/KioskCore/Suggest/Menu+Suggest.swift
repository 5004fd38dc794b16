extension Menu {
    /// Every tag of the menu once, as first written: for completion and did-you-mean.
    public var tags: [String] { suggestionIndex.tags }

    static func validate(questions: [Question]) throws(MenuModelError) {
        guard questions.count <= Question.maximumCount else { throw .tooManyQuestions(questions.count) }
        var keys = Set<String>()
        for question in questions where !keys.insert(NameKey.fold(question.key)).inserted {
            throw .duplicateQuestion(question.key)
        }
    }
}

/// What a word from a profile means on a menu: an allergen, an ingredient, a tag or an
/// item, or several of these at once (`milk` is an allergen and may be an ingredient).
public struct SubjectMeaning: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let allergen = SubjectMeaning(rawValue: 1)
    public static let ingredient = SubjectMeaning(rawValue: 2)
    public static let tag = SubjectMeaning(rawValue: 4)
    public static let item = SubjectMeaning(rawValue: 8)

    /// `allergen`, `ingredient`, `tag`, `item`: the meanings, in that order.
    public var words: [String] {
        [(SubjectMeaning.allergen, "allergen"), (.ingredient, "ingredient"), (.tag, "tag"), (.item, "item")]
            .filter { contains($0.0) }.map(\.1)
    }
}

extension Menu {
    /// What `word` means here, as `suggest` reads a profile; empty when it means nothing on
    /// this menu (a profile keeps it for other menus).
    public func meaning(of word: String) -> SubjectMeaning {
        var meaning: SubjectMeaning = []
        if !Allergens.avoided(by: word).isEmpty { meaning.insert(.allergen) }
        if ingredientIndex(named: word) != nil { meaning.insert(.ingredient) }
        if suggestionIndex.tagsByKey[NameKey.fold(word)] != nil { meaning.insert(.tag) }
        if itemIndex(named: word) != nil { meaning.insert(.item) }
        return meaning
    }
}
