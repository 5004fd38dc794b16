@testable import KioskMenu
import Testing

@Suite struct TopicTemplateTests {
    let placeholders = ["kiosk", "type", "item", "ingredient"]

    @Test func placeholdersAreFilledAndDoubledBracesAreLiteral() throws {
        let template = try TopicTemplate(parsing: "kiosk/{kiosk}/{{x}}/{type}", placeholders: placeholders)
        #expect(template.render { "<\($0)>" } == "kiosk/<kiosk>/{x}/<type>")
        #expect(template.segments == [.text("kiosk/"), .placeholder("kiosk"), .text("/{x}/"), .placeholder("type")])
    }

    @Test func aTopicToPublishToNamesOneTopic() {
        #expect(throws: TopicTemplate.Problem.empty) { try TopicTemplate(parsing: "", placeholders: placeholders) }
        #expect(throws: TopicTemplate.Problem.wildcard("+")) { try TopicTemplate(parsing: "kiosk/+/events", placeholders: placeholders) }
        #expect(throws: TopicTemplate.Problem.wildcard("#")) { try TopicTemplate(parsing: "kiosk/#", placeholders: placeholders) }
        #expect(throws: TopicTemplate.Problem.unknownPlaceholder(name: "itme", utf8Offset: 9, utf8Length: 6)) {
            try TopicTemplate(parsing: "kiosk/ü/{itme}", placeholders: placeholders)
        }
    }
}
