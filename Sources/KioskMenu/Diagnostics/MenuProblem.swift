import KioskCore

/// Everything that can be wrong in a menu file. The texts are made in one place,
/// `MenuProblem+Text.swift`.
public enum MenuProblem: Sendable, Hashable {
    // Characters and tokens
    case invalidUTF8
    case unexpectedCharacters(String)
    case unterminatedString
    case invalidEscape(String)
    case controlCharacterInString
    case malformedVariable

    // Statements
    case unknownKeyword(String, suggestion: String?)
    case unknownProperty(String, statement: String, suggestion: String?, known: [String])
    case unquotedName(String, statement: String)
    case missingHead(String, after: String)
    case expectedStatement(found: String)
    case expectedPropertyName(found: String)
    case unexpectedBrace(Character)
    case unterminatedBlock
    case missingValue(property: String, expected: String)
    case extraValue(String, property: String)
    case notAList(property: String)
    case duplicateProperty(String)

    // Values
    case expectedInteger(property: String, found: String)
    case expectedAmount(property: String, found: String)
    case expectedDuration(property: String, found: String)
    case expectedName(property: String, found: String)
    case numberTooLarge(property: String, text: String)
    case negativeNumber(property: String, text: String)
    case quantityBelowOne(ingredient: String, value: Int)
    case numberOutOfRange(property: String, value: Int, range: ClosedRange<Int>)
    case tooManyFractionDigits(property: String, text: String)
    case durationTooLong(property: String, text: String)
    case invalidName(String, reason: NameProblem)
    case unknownChoice(String, property: String, choices: [String], suggestion: String?)
    case invalidHeaderName(String)
    /// A value that failed its option's `TextRule`; `reason` never includes the value.
    case invalidValue(property: String, reason: String, help: String)

    // Meaning
    case duplicateKiosk
    case duplicateIngredient(String, existing: String)
    case duplicateItem(String, existing: String)
    case duplicateAlias(String, owner: String)
    case duplicateNeed(String)
    case duplicateMessage(EventType)
    case unknownIngredient(String, suggestion: String?)
    case itemWithoutNeeds(String)
    case unknownEventType(String, suggestion: String?)
    case unknownPlaceholder(String, suggestion: String?)
    case unknownSinkKind(String, suggestion: String?, known: [String])
    case missingOption(kind: String, option: String)
    /// A plugin's own refusal of a sink statement's option (or of the statement, when it
    /// names none): its `{"ok":false,…}` answer to `configure`.
    case pluginRefused(plugin: String, message: String)
    /// A sink kind that is a plugin kiosk found but cannot use (it does not start, speaks
    /// another protocol version, describes itself wrongly).
    case pluginUnusable(plugin: String, reason: String)
    /// A `reader` statement naming no payment-reader plugin kiosk found.
    case unknownReader(String, suggestion: String?, known: [String])
    /// A reader plugin kiosk found but cannot use: not of kind `payment-reader`, does not
    /// start, speaks another protocol version.
    case readerUnusable(plugin: String, reason: String)
    /// A `reader` statement without an option its plugin requires.
    case missingReaderOption(reader: String, option: String)
    /// A second `reader` statement: a kiosk has one card reader.
    case duplicateReader
    /// A `reader` statement in a menu without `checkout`, which takes no payment.
    case readerWithoutCheckout
    case invalidURL(String)
    case invalidServerURL(String, schemes: [String], problem: ServerURL.Problem)
    case unknownTopicPlaceholder(String, suggestion: String?, known: [String])
    case invalidTopic(String, problem: TopicTemplate.Problem)
    case undefinedVariable(String)
    case includeFailed(path: String, reason: String)
    case includeCycle([String])
    case includeTooDeep(limit: Int)
    /// More files included in all than `MenuCompiler.maximumIncludedFiles`.
    case tooManyIncludes(limit: Int)
    case duplicateStation(String, existing: String)
    case unknownStation(String, suggestion: String?, known: [String])
    case duplicateBoard
    case durationOutOfRange(property: String, text: String, range: String)
    /// `warn` is not shorter than `late`; `lateIsDefault` when `late` was not given.
    case warnNotBeforeLate(warn: String, late: String, lateIsDefault: Bool)

    // Suggestions
    case unknownAllergen(String, suggestion: String?)
    case ambiguousAllergen(String, meanings: [String])
    case allergenNoneWithOthers
    case duplicateQuestion(String, existing: String)
    case questionWithoutTags(String)
    case unusedQuestionTag(String, question: String, suggestion: String?)
    case tooManyQuestions(limit: Int)
    case duplicateSuggest

    // Simulation
    case invalidTimeOfDay(String)
    case invalidRate(String, suggestion: String?)
    case rateTooLarge(String)
    /// A time of `simulate`'s arrivals not later than the one before it.
    case timesNotIncreasing(later: String, earlier: String)
    /// A rate without its time in a list of several: `arrivals 07:00 180/h, 60/h`.
    case missingArrivalTime(rate: String)
    case simulateWithoutArrivals
    case duplicateSimulate

    // Choices: sizes, options and combos. An `item` names the item, and its size where
    // there are several: `Latte (small)`.
    case misplacedStatement(String, parent: String)
    case invalidLimits(String)
    case invalidSubstitution(found: String)
    case limitsReversed(group: String, text: String)
    case limitsTakeNothing(group: String)
    case limitsAboveOptions(group: String, text: String, capacity: Int)
    case groupWithoutChoose(String)
    case tooManyDefaults(group: String, count: Int, maximum: Int)
    case duplicateDefaultSize(String)
    case duplicateChoice(String, item: String)
    case priceOrNeedsWithSizes(String)
    case sizeWithoutNeeds(size: String, item: String)
    case sizesPricedUnevenly(item: String, priced: String, unpriced: String)
    case optionPriceWithoutItemPrice(option: String, item: String)
    case changeNotInRecipe(option: String, ingredient: String, item: String)
    case replacementIsSame(option: String, ingredient: String)
    case conflictingChanges(option: String, other: String, ingredient: String)
    case repeatWithChanges(String)
    case unwholeQuantity(option: String, ingredient: String, item: String, quantity: String)
    case changeTakesAll(option: String, ingredient: String, item: String)
    case recipeCanBeEmpty(item: String)
    case priceBelowZero(item: String, selection: String, price: String)
    case selectionTooLarge(item: String, what: String)
    case unknownComboItem(String, suggestion: String?)
    case duplicateComboItem(String)
    case comboWithoutChoices(String)
    /// `choose 0`, `choose 2..1`, or more than its `items` without a `..`.
    case invalidSlotLimits(combo: String, text: String, items: Int)
    /// `demand` with a share that is no percentage from 0% to 100%.
    case invalidShare(String)
    /// `demand 70% grande`: no size or option of the item by that name.
    case unknownDemandChoice(String, item: String, suggestion: String?)
    /// The sizes' shares, or a group's that takes one, add up past 100%.
    case sharesAboveWhole(item: String, what: String, total: String)
    /// `demand` on an item without sizes or options.
    case demandWithoutChoices(String)
    /// A tax's rate that is no percentage from 0% to 100% to the thousandth.
    case invalidPercentage(String)
    /// A discount's amount that is neither a percentage nor an amount.
    case invalidDiscountAmount(String)
    /// A tax that says neither `included` nor `added`, or says both.
    case taxWithoutKind(String)
    case taxKindTwice(String)
    /// `tax … on order`: a tax is on lines; `scope order` rounds it once per order.
    case taxOnOrder(String)
    /// `on tag drinks, order`: a discount on the order and on tagged lines at once.
    case discountOnOrderAndTags(String)
    case duplicateTax(String, existing: String)
    case duplicateDiscount(String, existing: String)
    /// A tax or discount on a tag no item has.
    case unknownPricingTag(String, suggestion: String?)
    /// `on` followed by something other than `order` or `tag NAME`.
    case invalidPricingTarget(found: String)
    /// `available 25:00-26:00`, `15:00-17:00 someday`.
    case invalidWindow(String)
    /// `minimum` on a discount of lines: a minimum is the order's.
    case minimumOnLines(String)
    /// A fixed discount larger than an item it applies to costs, without `capped`.
    case discountAboveItem(discount: String, amount: String, item: String, price: String)
    /// A fixed discount off the order larger than the least order it applies to (its
    /// minimum, or the cheapest item), without `capped`.
    case discountAboveOrder(discount: String, amount: String, least: String)

    public enum NameProblem: Sendable, Hashable {
        case empty
        case tooLong(limit: Int)
        case controlCharacter
    }
}

/// One problem found in a menu, where it is, and where the thing it clashes with is.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case error
        case note
    }

    public let problem: MenuProblem
    public let range: SourceRange
    /// The earlier declaration a duplicate clashes with, shown as a note.
    public let related: SourceRange?

    public init(_ problem: MenuProblem, at range: SourceRange, related: SourceRange? = nil) {
        self.problem = problem
        self.range = range
        self.related = related
    }

    public var severity: Severity { .error }
    public var message: String { problem.message }
    public var help: [String] { problem.help }
}
