@testable import KioskApplication
import KioskCore
import KioskTestSupport
import Testing

/// `suggest`: its words, its event, and `suggest next` within the last suggestion only.
@Suite struct SuggestCommandTests {
    static let synopsis = "suggest [for NAMES] [answers y,n,-] [rule R]"

    private func parse(_ line: String) throws -> SuggestCommand.Arguments? {
        try CommandParser.parse(line)?.arguments as? SuggestCommand.Arguments
    }

    @Test func theWordsOfARequestInAnyOrder() throws {
        #expect(try parse("suggest") == .suggest(SuggestionRequest(), answered: false))
        #expect(try parse("suggest next") == .next)
        #expect(try parse("suggest answers y, n,-") == .suggest(SuggestionRequest(answers: [.yes, .no, .skip]), answered: true))
        #expect(try parse("suggest rule least misery for ana,ben, 민지 lenient answers 예,아니오") == .suggest(
            SuggestionRequest(profiles: ["ana", "ben", "민지"], answers: [.yes, .no], rule: .leastMisery, lenient: true), answered: true
        ))
    }

    @Test func onlyARequestWithoutAnswersAsksTheQuestions() throws {
        #expect(try parse("suggest for ana")?.conversation == .askQuestions)
        #expect(try parse("suggest answers -")?.conversation == Conversation.none)
        #expect(try parse("suggest next")?.conversation == Conversation.none)
        #expect(try parse("suggest for ana")?.answering([.yes]) == .suggest(SuggestionRequest(profiles: ["ana"], answers: [.yes]), answered: true))
    }

    @Test func mistakesInARequest() {
        #expect(throws: CommandError.unknownRule("least", suggestion: nil)) { try parse("suggest rule least") }
        #expect(throws: CommandError.unknownRule("leest-misery", suggestion: "least-misery")) { try parse("suggest rule leest-misery") }
        #expect(throws: CommandError.notAnAnswer("maybe")) { try parse("suggest answers y,maybe") }
        #expect(throws: CommandError.unknownSubcommand("nxt", command: "suggest", suggestion: "next", synopsis: SuggestCommandTests.synopsis)) {
            try parse("suggest nxt")
        }
        #expect(throws: CommandError.usage(SuggestCommandTests.synopsis)) { try parse("suggest for") }
        #expect(throws: CommandError.usage(SuggestCommandTests.synopsis)) { try parse("suggest lenient lenient") }
        #expect(throws: CommandError.usage(SuggestCommandTests.synopsis)) { try parse("suggest lenient please") }
    }

    @Test func aSuggestionIsAnEventWithItsScores() throws {
        let harness = try SessionHarness()
        let result = try harness.run("suggest answers y,n,-")
        #expect(harness.messages == ["Suggested: Banana Juice, Strawberry Banana Juice, Kiwi Juice."])
        guard case .suggestionMade(let made)? = result.events.first?.payload else {
            Issue.record("no suggestion.made: \(result.events)")
            return
        }
        #expect(made.items.map { "\($0.item) \($0.score)" } == ["Banana Juice 7", "Strawberry Banana Juice 7", "Kiwi Juice 5"])
        #expect(made.answers.map(\.answer) == [.yes, .no, .skip])
        #expect(made.page == 1)
    }

    @Test func requestsTheCoreRefusesAreErrors() throws {
        let harness = try SessionHarness()
        #expect(try harness.run("suggest for nobody").error == .suggestion(.unknownProfile("nobody")))
        #expect(try harness.run("suggest answers y,y,y,y").error == .suggestion(.tooManyAnswers(given: 4, questions: 3)))
        try harness.run("profile ana like mango")
        #expect(try harness.run("suggest for ana, ANA").error == .suggestion(.repeatedProfile("ana")))
    }

    @Test func nextPagesOnlyWhileTheStateStaysAsItWas() throws {
        let harness = try SessionHarness()
        #expect(try harness.run("suggest next").error == .noSuggestionToPage)
        try harness.run("suggest answers y,n,-")
        #expect(try harness.run("suggest next").succeeded)
        try harness.run("suggest answers y,n,-")
        try harness.run("order banana juice")
        #expect(try harness.run("suggest next").error == .suggestionOutdated)
        #expect(try harness.run("suggest next").error == .noSuggestionToPage)
        try harness.run("suggest answers y,n,-")
        try harness.run("profile ana like kiwi")
        #expect(try harness.run("suggest next").error == .suggestionOutdated)
    }
}
