import KioskCore
@testable import KioskMenu
import KioskSinks
import KioskTestSupport
import Testing

/// kiosk-menu(5) describes the whole language: every statement and property the binder
/// knows, every sink kind and option the registry knows, every event type — and nothing
/// the language does not have.
@Suite struct ManualPageTests {
    let page: ManualPage

    init() throws {
        page = try ManualPage("kiosk-menu.5")
    }

    @Test func everyStatementIsInThePageAndNothingElseIs() {
        let statements = page.words(after: "Ic", inSection: "STATEMENTS", itemsOnly: true)
        #expect(Set(statements) == Set(StatementKind.allCases.map(\.rawValue)))
    }

    @Test func everyPropertyOfEveryStatementIsInThePage() {
        let properties = Set(page.words(after: "Cm", inSection: "STATEMENTS", itemsOnly: true))
        for statement in StatementKind.allCases {
            for property in statement.properties {
                #expect(properties.contains(property.name), "\(statement.rawValue) \(property.name)")
            }
        }
    }

    @Test func everySinkKindAndOptionIsInThePage() {
        let declared = Set(page.words(after: "Cm", inSection: "SINKS", itemsOnly: true))
        let schemas = SinkRegistry.standard.schemas
        #expect(schemas.count >= 5)
        for schema in schemas {
            #expect(declared.contains(schema.kind), "sink \(schema.kind)")
            for option in schema.options {
                #expect(declared.contains(option.name), "sink \(schema.kind) \(option.name)")
            }
        }
    }

    /// The English texts the page gives are the catalogue's: each type's first, and for
    /// `order.succeeded` the one of a menu with a board after it.
    @Test func theDefaultTextsAreTheCatalogues() {
        var texts: [String: [String]] = [:]
        var type: String?
        for line in page.lines(inSection: "MESSAGES") {
            let tokens = ManualPage.tokens(of: line.dropFirst())
            if line.hasPrefix(".It Cm ") {
                type = tokens.dropFirst(2).first
            } else if line.hasPrefix(".Ql "), let type, tokens.count > 1 {
                texts[type, default: []].append(tokens[1])
            }
        }
        for type in EventType.allCases {
            #expect(texts[type.rawValue]?.first == MessageCatalog.defaultTexts[type], "\(type.rawValue)")
        }
        #expect(texts["order.succeeded"]?.dropFirst().first == MessageCatalog.boardDefaultTexts[.orderSucceeded])
    }

    @Test func everyEventTypeIsInThePageAndNothingElseIs() {
        let types = page.words(after: "Cm", inSection: "MESSAGES", itemsOnly: true)
        #expect(Set(types) == Set(EventType.allCases.map(\.rawValue)))
    }
}
