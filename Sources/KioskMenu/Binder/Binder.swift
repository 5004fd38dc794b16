import KioskCore
import KioskText

/// Gives parsed statements their meaning: resolves names, checks values and ranges, and
/// builds the core `Menu` and the sink declarations. Reports every problem it finds and
/// goes on, so one run shows them all.
struct Binder {
    let sources: SourceMap
    let environment: [String: String]
    let sinkKinds: [String]
    /// The payment-reader plugins a `reader` statement may name.
    let readerKinds: [String]
    private(set) var diagnostics: [Diagnostic] = []

    init(sources: SourceMap, environment: [String: String], sinkKinds: [String], readerKinds: [String] = []) {
        self.sources = sources
        self.environment = environment
        self.sinkKinds = sinkKinds
        self.readerKinds = readerKinds
    }

    /// A property's checked values, each with the tokens it came from.
    struct BoundProperty {
        let name: Token
        /// Each element's value and the tokens it was read from, never empty.
        var elements: [(value: OptionValue, tokens: ArraySlice<Token>)] = []
    }

    /// A statement's properties by name, in the order first given. A handful per
    /// statement: a short array beats hashing.
    struct BoundProperties: Sequence {
        private var entries: [(name: String, property: BoundProperty)] = []

        init() {}

        /// Room for `capacity` properties, the statement's count: one allocation of the right size.
        init(capacity: Int) {
            entries.reserveCapacity(capacity)
        }

        subscript(name: String) -> BoundProperty? {
            // Names are the specs' own strings: most differ in length, and equal ones in bits.
            entries.first { $0.name.utf8.count == name.utf8.count && $0.name == name }?.property
        }

        /// Adds elements to the property `name`, which `token` names in the source; only a
        /// `repeatable` one may have some already.
        mutating func add(_ elements: [(value: OptionValue, tokens: ArraySlice<Token>)], to name: String, namedBy token: Token, repeatable: Bool) {
            if repeatable, let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index].property.elements += elements
            } else {
                entries.append((name, BoundProperty(name: token, elements: elements)))
            }
        }

        func makeIterator() -> IndexingIterator<[(name: String, property: BoundProperty)]> {
            entries.makeIterator()
        }
    }

    /// Who first claimed a name: the ingredient or item it finds, and, for duplicate
    /// errors that point at both, the name and place of its declaration.
    struct Claim {
        let index: Int
        let owner: String
        let range: SourceRange
    }

    /// Claims `key` unless it is taken, hashing it once; returns the earlier claim if any.
    static func claim(_ key: String, _ claim: Claim, in claims: inout [String: Claim]) -> Claim? {
        var earlier: Claim?
        func take(_ slot: inout Claim?) {
            if let slot { earlier = slot } else { slot = claim }
        }
        take(&claims[key])
        return earlier
    }

    /// Claims a declared name (`ingredient milk`, `station bar`) as entry `index` of its kind;
    /// `false` when an earlier declaration has it: then `duplicate` (the name, the earlier
    /// owner) is reported at both.
    mutating func claim(
        _ name: String, of statement: Statement, index: Int, in claims: WritableKeyPath<Binder, [String: Claim]>,
        duplicate: (String, String) -> MenuProblem
    ) -> Bool {
        let nameRange = range(statement.head(0), in: statement)
        let claim = Claim(index: index, owner: name, range: nameRange)
        guard let first = Binder.claim(NameKey.fold(name), claim, in: &self[keyPath: claims]) else { return true }
        report(duplicate(name, first.owner), nameRange, related: first.range)
        return false
    }

    /// Whether `statement` is the first of a kind a menu gives once (`board`, `simulate`,
    /// `suggest`), noting where it is; a second is reported at both as `duplicate`.
    mutating func isFirst(_ statement: Statement, at first: WritableKeyPath<Binder, SourceRange?>, else duplicate: MenuProblem) -> Bool {
        if let earlier = self[keyPath: first] {
            report(duplicate, statement.headRange, related: earlier)
            return false
        }
        self[keyPath: first] = statement.headRange
        return true
    }

    private var kioskName: (name: String, range: SourceRange)?
    private var currency: String?
    private var language: Language?
    private var source: String?
    private(set) var ingredients: [Ingredient] = []
    private var ingredientClaims: [String: Claim] = [:]
    private(set) var items: [Item] = []
    private(set) var itemClaims: [String: Claim] = [:]
    var combos: [Combo] = []
    var comboClaims: [String: Claim] = [:]
    private var messages: [EventType: (template: MessageTemplate, range: SourceRange)] = [:]
    private var sinks: [SinkDeclaration] = []
    /// The `reader` statement, and where it is: see `Binder+Checkout.swift`.
    var reader: SinkDeclaration?
    /// Stations: the declared ones first, then any an item names when none are declared.
    var stations: [Station] = []
    var stationClaims: [String: Claim] = [:]
    var declaredStations = 0
    var board: BoardSettings?
    var boardRange: SourceRange?
    /// For the recipe being bound: where in its `needs` each ingredient was first listed,
    /// or -1. One table for every recipe, reset after each, so a duplicate costs no hashing.
    private var listedAt: [Int] = []
    /// For the size whose selections are being checked: the most of each ingredient a
    /// selection may need, or `nil` for one it never needs. Reset like `listedAt`.
    var mostNeeded: [Int?] = []
    /// Questions, `suggest` settings and the tags items use: see `Binder+Suggest.swift`.
    var suggest = SuggestBinding()
    /// The `simulate` block and where it was first given: see `Binder+Simulate.swift`.
    var simulate: SimulateSettings?
    var simulateRange: SourceRange?
    /// Taxes and discounts, as declared: see `Binder+Pricing.swift`.
    var taxes: [Tax] = []
    var taxClaims: [String: Claim] = [:]
    var discounts: [Discount] = []
    var discountClaims: [String: Claim] = [:]
    /// The `checkout` statements merged, and where each property was first given: see
    /// `Binder+Checkout.swift`.
    var checkout: CheckoutSettings?
    var checkoutGiven: [String: SourceRange] = [:]

    mutating func bind(_ statements: [Statement], defaultName: String, files: [String]) -> CompiledMenu? {
        // Ingredients first, so an item may use one declared further down.
        var byKind: [StatementKind: [Int]] = [:]
        for index in statements.indices { byKind[statements[index].kind, default: []].append(index) }
        ingredientClaims.reserveCapacity(byKind[.ingredient]?.count ?? 0)
        ingredients.reserveCapacity(byKind[.ingredient]?.count ?? 0)
        itemClaims.reserveCapacity((byKind[.item]?.count ?? 0) * 3)
        items.reserveCapacity(byKind[.item]?.count ?? 0)
        for index in byKind[.kiosk, default: []] { bindKiosk(statements[index]) }
        for index in byKind[.ingredient, default: []] { bindIngredient(statements[index]) }
        for index in byKind[.station, default: []] { bindStation(statements[index]) }
        declaredStations = stations.count
        for index in byKind[.board, default: []] { bindBoard(statements[index]) }
        for index in byKind[.item, default: []] { bindItem(statements[index]) }
        // After the items, which their choices name.
        for index in byKind[.combo, default: []] { bindCombo(statements[index]) }
        // After the items, so each question can check that some item has its tags.
        for index in byKind[.question, default: []] { bindQuestion(statements[index]) }
        for index in byKind[.suggest, default: []] { bindSuggest(statements[index]) }
        for index in byKind[.simulate, default: []] { bindSimulate(statements[index]) }
        // After the items, whose tags they name.
        for index in byKind[.tax, default: []] { bindTax(statements[index]) }
        for index in byKind[.discount, default: []] { bindDiscount(statements[index]) }
        for index in byKind[.checkout, default: []] { bindCheckout(statements[index]) }
        for index in byKind[.message, default: []] { bindMessage(statements[index]) }
        for index in byKind[.sink, default: []] { bindSink(statements[index]) }
        for index in byKind[.reader, default: []] { bindReader(statements[index]) }
        guard diagnostics.isEmpty else { return nil }

        // Every rule `Menu` checks was checked above, with a diagnostic for each. Without
        // one, every ingredient and item claimed was added, at the index it claimed.
        let menu = Menu(
            trusting: kioskName?.name ?? defaultName,
            currency: currency,
            source: source,
            ingredients: ingredients,
            items: items,
            messages: MessageCatalog(templates: messages.mapValues(\.template), board: board != nil, payFirst: checkout?.paysFirst == true),
            itemsByKey: itemClaims.mapValues(\.index),
            ingredientsByKey: ingredientClaims.mapValues(\.index),
            stations: stations,
            board: board,
            questions: suggest.questions,
            suggestSettings: suggest.settings,
            simulateSettings: simulate,
            combos: combos,
            combosByKey: comboClaims.mapValues(\.index),
            pricing: taxes.isEmpty && discounts.isEmpty ? nil : Pricing(unit: MinorUnit.hundredths(of: currency), taxes: taxes, discounts: discounts),
            checkout: checkout
        )
        return CompiledMenu(menu: menu, sinks: sinks, reader: reader, files: files, language: language)
    }

    /// The ingredient a folded name finds.
    func ingredientIndex(_ key: String) -> Int? { ingredientClaims[key]?.index }

    mutating func report(_ problem: MenuProblem, _ range: SourceRange, related: SourceRange? = nil) {
        diagnostics.append(Diagnostic(problem, at: range, related: related))
    }

    func range(_ token: Token, in statement: Statement) -> SourceRange {
        SourceRange(file: statement.file, bytes: token.range)
    }

    // MARK: Statements

    private mutating func bindKiosk(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "kiosk", file: statement.file)
        let properties = readProperties(of: statement)
        if let first = kioskName {
            report(.duplicateKiosk, statement.headRange, related: first.range)
            return
        }
        if let name { kioskName = (name, statement.headRange) }
        if case .text(let text)? = properties["currency"]?.elements.first?.value { currency = text.value }
        if case .text(let text)? = properties["source"]?.elements.first?.value { source = text.value }
        if case .choice(let code, _)? = properties["language"]?.elements.first?.value { language = Language(code: code) }
    }

    private mutating func bindIngredient(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "ingredient", file: statement.file)
        let properties = readProperties(of: statement)
        guard let name,
              claim(name, of: statement, index: ingredients.count, in: \.ingredientClaims, duplicate: { .duplicateIngredient($0, existing: $1) })
        else { return }
        var unit: String?
        if case .text(let text)? = properties["unit"]?.elements.first?.value { unit = text.value }
        ingredients.append(Ingredient(
            name: name,
            initialStock: integer(properties["stock"]) ?? 0,
            lowMark: integer(properties["low"]) ?? 0,
            unit: unit,
            allergens: bindAllergens(properties["allergens"], statement: statement)
        ))
    }

    private mutating func bindItem(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "item", file: statement.file)
        let properties = readProperties(of: statement)
        let displayName = name ?? statement.head(0).text
        let hasSizes = statement.children.contains { $0.kind == .size }
        var recipe: Recipe?
        if hasSizes {
            if let given = properties["needs"] ?? properties["price"] {
                report(.priceOrNeedsWithSizes(displayName), range(given.name, in: statement))
            }
        } else {
            recipe = bindRecipe(properties["needs"], of: displayName, statement: statement)
        }
        let prep = itemPrep(properties["prep"], statement: statement)
        let station = itemStation(properties["station"], statement: statement)
        var tagged = properties["tags"]
        if let singular = properties["tag"] {
            if tagged == nil { tagged = singular } else { tagged?.elements += singular.elements }
        }
        let tags = bindTags(tagged)
        let allergens = bindAllergens(properties["allergens"], statement: statement)
        let popularity = integer(properties["popularity"]) ?? 1
        guard let name else { return }
        var price: Money?
        if case .amount(let amount)? = properties["price"]?.elements.first?.value { price = amount }
        var choices = statement.children.isEmpty ? nil : bindChoices(of: statement, item: name, price: price, recipe: recipe)
        if let demand = properties["demand"] {
            if statement.children.isEmpty {
                report(.demandWithoutChoices(name), range(demand.name, in: statement))
            } else if let bound = choices {
                choices = bindDemand(demand, of: bound, item: name, statement: statement)
            }
        }

        let nameRange = range(statement.head(0), in: statement)
        let claim = Claim(index: items.count, owner: name, range: nameRange)
        // The display name and the slug, one key when they fold alike; then the aliases.
        var ownKeys = [NameKey.fold(name)]
        let slug = NameKey.slug(name)
        if slug != ownKeys[0] { ownKeys.append(slug) }
        for (position, key) in ownKeys.enumerated() {
            if let first = Binder.claim(key, claim, in: &itemClaims) {
                report(.duplicateItem(name, existing: first.owner), nameRange, related: first.range)
                for taken in ownKeys[..<position] { itemClaims[taken] = nil }
                return
            }
        }

        var aliases: [String] = []
        for (value, tokens) in properties["alias"]?.elements ?? [] {
            guard case .text(let alias) = value else { continue }
            let key = NameKey.fold(alias.value)
            if ownKeys.contains(key) { continue }
            if let first = Binder.claim(key, claim, in: &itemClaims) {
                report(.duplicateAlias(alias.value, owner: first.owner), range(tokens[tokens.startIndex], in: statement), related: first.range)
                continue
            }
            ownKeys.append(key)
            aliases.append(alias.value)
        }
        var item: Item?
        if let choices {
            item = Item(name: name, aliases: aliases, choices: choices, prep: prep, station: station, tags: tags, allergens: allergens, popularity: popularity)
        } else if let recipe, statement.children.isEmpty {
            item = Item(
                name: name, aliases: aliases, price: price, recipe: recipe, prep: prep, station: station, tags: tags, allergens: allergens,
                popularity: popularity
            )
        }
        if var item {
            item.availability = Binder.availability(properties["available"])
            items.append(item)
        }
    }

    mutating func bindRecipe(_ needs: BoundProperty?, of item: String, statement: Statement) -> Recipe? {
        guard let needs else {
            report(.itemWithoutNeeds(item), range(statement.head(0), in: statement))
            return nil
        }
        var components: [Recipe.Component] = []
        components.reserveCapacity(needs.elements.count)
        if listedAt.count < ingredients.count { listedAt = Array(repeating: -1, count: ingredients.count) }
        var complete = true
        for (position, (value, tokens)) in needs.elements.enumerated() {
            guard case .nameAndQuantity(let ingredient, let quantity) = value else { continue }
            guard let index = ingredientClaims[NameKey.fold(ingredient)]?.index else {
                let suggestion = Suggestions.closest(to: ingredient, among: ingredients.map(\.name))
                report(.unknownIngredient(ingredient, suggestion: suggestion), range(tokens[tokens.startIndex], in: statement))
                complete = false
                continue
            }
            if listedAt[index] >= 0 {
                let first = needs.elements[listedAt[index]].tokens
                report(.duplicateNeed(ingredient), range(tokens[tokens.startIndex], in: statement),
                       related: range(first[first.startIndex], in: statement))
                complete = false
                continue
            }
            listedAt[index] = position
            components.append(Recipe.Component(ingredient: index, quantity: quantity))
        }
        for component in components { listedAt[component.ingredient] = -1 }
        return complete && !components.isEmpty ? Recipe(components) : nil
    }

    private mutating func bindMessage(_ statement: Statement) {
        let typeToken = statement.head(0)
        let type = eventType(typeToken, file: statement.file)
        let textToken = statement.head(1)
        _ = readProperties(of: statement)
        guard let text = expand(textToken, file: statement.file) else { return }
        let template: MessageTemplate
        do {
            template = try MessageTemplate(parsing: text.value)
        } catch {
            let suggestion = Suggestions.closest(to: error.name, among: MessageTemplate.Placeholder.allCases.map(\.rawValue))
            report(.unknownPlaceholder(error.name, suggestion: suggestion), placeholderRange(error, in: textToken, file: statement.file))
            return
        }
        guard let type else { return }
        if let first = messages[type] {
            report(.duplicateMessage(type), statement.headRange, related: first.range)
            return
        }
        messages[type] = (template, statement.headRange)
    }

    /// The exact span of a bad placeholder when the string has no escapes, else the string.
    func placeholderRange(_ error: TemplateError, in token: Token, file: Int) -> SourceRange {
        let inner = (token.range.lowerBound + 1)..<max(token.range.lowerBound + 1, token.range.upperBound - 1)
        let raw = sources[file].bytes[inner]
        let plain = !raw.contains(UInt8(ascii: "\\")) && !raw.contains(UInt8(ascii: "$"))
        guard plain, error.utf8Offset + error.utf8Length <= raw.count else { return SourceRange(file: file, bytes: token.range) }
        let start = inner.lowerBound + error.utf8Offset
        return SourceRange(file: file, bytes: start..<(start + error.utf8Length))
    }

    private mutating func bindSink(_ statement: Statement) {
        let kindToken = statement.head(0)
        guard statement.specs != nil else {
            let suggestion = Suggestions.closest(to: kindToken.text, among: sinkKinds)
            report(.unknownSinkKind(TerminalText.visible(kindToken.text), suggestion: suggestion, known: sinkKinds), range(kindToken, in: statement))
            return
        }
        if let declaration = pluginDeclaration(statement, missing: MenuProblem.missingOption) { sinks.append(declaration) }
    }

    /// A `sink` or `reader` statement whose kind is known, checked against its options:
    /// `nil` when a required one is missing (reported).
    mutating func pluginDeclaration(_ statement: Statement, missing: (String, String) -> MenuProblem) -> SinkDeclaration? {
        let kind = statement.head(0).text.lowercased()
        guard let specs = statement.specs else { return nil }
        let properties = readProperties(of: statement)
        var complete = true
        for spec in specs where spec.isRequired && properties[spec.name] == nil {
            report(missing(kind, spec.name), statement.headRange)
            complete = false
        }
        guard complete else { return nil }
        var events = EventTypes.all
        if let on = properties["on"] {
            events = EventTypes(on.elements.compactMap { if case .eventType(let t) = $0.value { t } else { nil } })
        }
        var options: [String: [OptionValue]] = [:]
        var optionRanges: [String: SourceRange] = [:]
        for (name, property) in properties where name != "on" && name != "queue" {
            options[name] = property.elements.map(\.value)
            optionRanges[name] = range(property.name, in: statement)
        }
        let path = sources[statement.file].path
        let location = sources.location(of: statement.headRange)
        let slash = path.lastIndex(of: "/")
        return SinkDeclaration(
            kind: kind,
            events: events,
            queueCapacity: integer(properties["queue"]),
            options: options,
            origin: "\(path):\(location.line):\(location.column)",
            range: statement.headRange,
            optionRanges: optionRanges,
            directory: slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        )
    }

    func integer(_ property: BoundProperty?) -> Int? {
        if case .integer(let value)? = property?.elements.first?.value { return value }
        return nil
    }
}
