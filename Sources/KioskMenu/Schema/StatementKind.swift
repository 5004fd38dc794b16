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
    case combo
    /// `tax "부가세" 10% included`.
    case tax
    /// `discount "Happy hour" 20% on tag drinks available 15:00-17:00 mon-fri`.
    case discount
    /// Inside an item's block: `size large price 5000 needs …`.
    case size
    /// Inside an item's block: `options "Milk" choose 1 { … }`.
    case options
    /// Inside an `options` block: `option "Oat" price +500 replaces milk with oat-milk`.
    case option
    /// Inside a combo's block: `choose 1 from "Latte", "Americano"`.
    case choose
    /// `checkout pay later`, `checkout reader latency 2s`, `checkout cash rounding 5`.
    case checkout
    /// `reader NAME { … }`: a payment-reader plugin as the checkout's card reader, its
    /// options as the plugin declares them.
    case reader

    /// The statements a file's top level takes; the others are written inside a block.
    static let topLevel = allCases.filter { $0.parent == nil }

    /// The statement `keyword` names, in any case. Compares bytes: every word that may
    /// start a statement is looked up, and nearly all are ASCII.
    init?(keyword: String) {
        let length = keyword.utf8.count
        if length < StatementKind.byLength.count {
            for (name, kind) in StatementKind.byLength[length] where keyword.equalsIgnoringASCIICase(name) {
                self = kind
                return
            }
        }
        if !keyword.utf8.allSatisfy({ $0 < 0x80 }), let kind = StatementKind(rawValue: keyword.lowercased()) {
            // Some letters lower-case to ASCII ones (the Kelvin sign to `k`).
            self = kind
        } else {
            return nil
        }
    }

    /// Whether its last head argument is a name it declares (`item Mango`), which a word
    /// after it may continue (`item Mango Juice`).
    var declaresName: Bool {
        switch self {
        case .ingredient, .item, .kiosk, .station, .combo: true
        default: false
        }
    }

    /// The statement whose block this one is written in, or `nil` for a top-level one.
    var parent: StatementKind? {
        switch self {
        case .size, .options: .item
        case .option: .options
        case .choose: .combo
        default: nil
        }
    }

    /// The statements this one's block takes besides its properties.
    var children: [StatementKind] {
        switch self {
        case .item: [.size, .options]
        case .options: [.option]
        case .combo: [.choose]
        default: []
        }
    }

    /// How many head arguments it takes: `head.count`, without making the array.
    var headCount: Int { StatementKind.headCounts[ordinal] }

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
        case .combo: [trNoop("a combo name")]
        case .tax: [trNoop("a tax name"), trNoop("a rate such as 10%")]
        case .discount: [trNoop("a discount name"), trNoop("a percentage (20%) or an amount (1000)")]
        case .size: [trNoop("a size name")]
        case .options: [trNoop("a group name")]
        case .option: [trNoop("an option name")]
        case .choose: [trNoop("how many to choose: 1, 0..2 or 1..")]
        case .checkout: []
        case .reader: [trNoop("a reader plugin's name")]
        }
    }

    /// The properties it accepts, made once per kind: a big menu has a statement for every
    /// size and option, and each reads its kind's specs.
    var properties: [PropertySpec] { StatementKind.specs[ordinal] }

    /// `allCases` made once: the synthesized one makes a new array at each call.
    private static let all = allCases
    /// The keywords by their length: a word is compared with those of its own.
    private static let byLength: [[(name: String, kind: StatementKind)]] = {
        var table = Array(repeating: [(name: String, kind: StatementKind)](), count: (all.map(\.rawValue.utf8.count).max() ?? 0) + 1)
        for kind in all { table[kind.rawValue.utf8.count].append((kind.rawValue, kind)) }
        return table
    }()
    /// Tables by position in `all`, which takes a few comparisons of the case where hashing
    /// the kind would cost more than the rest of a small statement's parsing.
    private var ordinal: Int { StatementKind.all.firstIndex(of: self) ?? 0 }
    private static let specs = all.map(\.declaredProperties)
    private static let headCounts = all.map(\.head.count)

    private var declaredProperties: [PropertySpec] {
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
            PropertySpec("allergens", .name, list: true),
        ]
        case .item: [
            PropertySpec("alias", .name, list: true, repeatable: true),
            PropertySpec("price", .amount),
            PropertySpec("needs", .nameAndQuantity, list: true),
            PropertySpec("tags", .name, list: true, repeatable: true),
            PropertySpec("tag", .name, list: true, repeatable: true),
            PropertySpec("allergens", .name, list: true),
            PropertySpec("prep", .duration),
            PropertySpec("station", .name),
            PropertySpec("popularity", .integer(Item.popularityRange)),
            PropertySpec("demand", .share, list: true),
            PropertySpec("available", .window, list: true),
        ]
        case .station: [PropertySpec("staff", .integer(1...Station.maximumStaff))]
        case .board: [
            PropertySpec("warn", .duration),
            PropertySpec("late", .duration),
            PropertySpec("auto", .flag),
        ]
        case .sink, .reader: []
        case .question: [PropertySpec("tags", .name, list: true, repeatable: true, required: true)]
        case .suggest: [
            PropertySpec("shows", .integer(SuggestSettings.showsRange)),
            PropertySpec("next", .integer(SuggestSettings.nextRange)),
            PropertySpec("rule", .choice(GroupRule.allCases.map(\.rawValue))),
            PropertySpec("threshold", .integer(SuggestSettings.thresholdRange)),
        ]
        case .simulate: [PropertySpec("arrivals", .arrival, list: true)]
        case .combo: [
            PropertySpec("alias", .name, list: true, repeatable: true),
            PropertySpec("price", .amount),
        ]
        case .tax: [
            PropertySpec("included", .flag),
            PropertySpec("added", .flag),
            PropertySpec("on", .pricingTarget, list: true),
            PropertySpec("rounding", .choice(Rounding.allCases.map(\.rawValue))),
            PropertySpec("scope", .choice(["line", "order"])),
        ]
        case .discount: [
            PropertySpec("on", .pricingTarget, list: true),
            PropertySpec("off", .pricingTarget, list: true),
            PropertySpec("minimum", .amount),
            PropertySpec("ask", .flag),
            PropertySpec("available", .window, list: true),
            PropertySpec("capped", .flag),
        ]
        case .size: [
            PropertySpec("price", .amount),
            PropertySpec("needs", .nameAndQuantity, list: true),
            PropertySpec("default", .flag),
        ]
        case .options: [PropertySpec("choose", .limits)]
        case .option: [
            PropertySpec("price", .signedAmount),
            PropertySpec("needs", .nameAndQuantity, list: true),
            PropertySpec("replaces", .substitution, list: true),
            PropertySpec("removes", .name, list: true),
            PropertySpec("light", .nameAndOptionalQuantity, list: true),
            PropertySpec("extra", .nameAndOptionalQuantity, list: true),
            PropertySpec("repeat", .integer(ItemOption.repeatRange)),
            PropertySpec("default", .flag),
            PropertySpec("tags", .name, list: true, repeatable: true),
            PropertySpec("allergens", .name, list: true),
            PropertySpec("available", .window, list: true),
        ]
        case .choose: [PropertySpec("from", .name, list: true)]
        case .checkout: [
            PropertySpec("pay", .choice(CheckoutSettings.Timing.allCases.map(\.rawValue))),
            PropertySpec("reader", .choiceWithDuration(["simulated", "latency"], durationAfter: "latency")),
            PropertySpec("cash", .wordAndInteger("rounding", CheckoutSettings.cashRoundingRange)),
            PropertySpec("hold", .duration),
        ]
        }
    }
}
