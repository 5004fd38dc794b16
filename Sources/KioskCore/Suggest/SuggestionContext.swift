/// What a suggestion was made for, as output and events repeat it.
public struct SuggestionContext: Sendable, Hashable {
    /// The profiles' names as they were made; empty for one anonymous customer.
    public let profiles: [String]
    public let partySize: Int
    /// Each answer given, with its question's key, in question order.
    public let answers: [AnsweredQuestion]
    public let rule: GroupRule
    /// The misery threshold of `average-without-misery`.
    public let threshold: Int
    public let lenient: Bool

    public init(profiles: [String], partySize: Int, answers: [AnsweredQuestion], rule: GroupRule, threshold: Int, lenient: Bool) {
        self.profiles = profiles
        self.partySize = partySize
        self.answers = answers
        self.rule = rule
        self.threshold = threshold
        self.lenient = lenient
    }
}

/// An answer to a question, named by the question's key.
public struct AnsweredQuestion: Sendable, Hashable {
    public let question: String
    public let answer: Answer

    public init(question: String, answer: Answer) {
        self.question = question
        self.answer = answer
    }
}
