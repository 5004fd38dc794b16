import KioskCore
import KioskText

/// The statements of the menu language, with the head arguments and properties each takes.
enum StatementKind: String, Sendable, CaseIterable {
    case kiosk
    case include
    case ingredient
    case item
    case station
    case board
    case message
    case sink
    case question
    case suggest
    case simulate

    /// What each head argument is, as an error names it: "expected an item name after 'item'".
    var head: [String] {
        switch self {
        case .kiosk: [trNoop("the kiosk's name")]
        case .include: [trNoop("a file path in quotes")]
        case .ingredient: [trNoop("an ingredient name")]
        case .item: [trNoop("an item name")]
        case .station: [trNoop("a station name")]
        case .board: []
        case .message: [trNoop("an event type"), trNoop("the message text in quotes")]
        case .sink: [trNoop("a sink kind")]
        case .question: [trNoop("a question key"), trNoop("the question text in quotes")]
        case .suggest: []
        case .simulate: []
        }
    }

    var properties: [PropertySpec] {
        switch self {
        case .kiosk: [
            PropertySpec("currency", .text), PropertySpec("source", .checkedText(.uriReference)),
            PropertySpec("language", .language),
        ]
        case .include, .message: []
        case .ingredient: [
            PropertySpec("stock", .integer(0...1_000_000_000)),
            PropertySpec("low", .integer(0...1_000_000_000)),
            PropertySpec("unit", .text),
        ]
        case .item: [
            PropertySpec("alias", .name, list: true, repeatable: true),
            PropertySpec("price", .amount),
            PropertySpec("needs", .nameAndQuantity, list: true, required: true),
            PropertySpec("tags", .name, list: true, repeatable: true),
            PropertySpec("allergens", .name, list: true),
            PropertySpec("prep", .duration),
            PropertySpec("station", .name),
            PropertySpec("popularity", .integer(Item.popularityRange)),
        ]
        case .station: [PropertySpec("staff", .integer(1...Station.maximumStaff))]
        case .board: [
            PropertySpec("warn", .duration),
            PropertySpec("late", .duration),
            PropertySpec("auto", .flag),
        ]
        case .sink: []
        case .question: [PropertySpec("tags", .name, list: true, repeatable: true, required: true)]
        case .suggest: [
            PropertySpec("shows", .integer(SuggestSettings.showsRange)),
            PropertySpec("next", .integer(SuggestSettings.nextRange)),
            PropertySpec("rule", .choice(GroupRule.allCases.map(\.rawValue))),
            PropertySpec("threshold", .integer(SuggestSettings.thresholdRange)),
        ]
        case .simulate: [PropertySpec("arrivals", .arrival, list: true)]
        }
    }
}
