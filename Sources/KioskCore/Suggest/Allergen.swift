/// One of the fourteen allergens EU Regulation 1169/2011 (Annex II) requires a food
/// business to declare.
///
/// Each has one canonical word and a few synonyms that name exactly the same category:
/// a plural or singular, a spelling (`sulfites`, `mollusks`), or another name for the whole
/// category (`soy`, `dairy`, `tree-nuts`). Words that name a member of a category
/// (`wheat`, `almond`) or several categories (`shellfish`, `seafood`) are not synonyms: a
/// menu must say which allergens an item has, and a customer who avoids such a word avoids
/// every category it may mean (see `Allergens.avoided(by:)`).
public enum Allergen: Int, Sendable, Hashable, CaseIterable {
    case gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs

    /// The word menus and output use: `gluten`, `soybeans`, `sulphites`.
    public var name: String {
        switch self {
        case .gluten: "gluten"
        case .crustaceans: "crustaceans"
        case .eggs: "eggs"
        case .fish: "fish"
        case .peanuts: "peanuts"
        case .soybeans: "soybeans"
        case .milk: "milk"
        case .nuts: "nuts"
        case .celery: "celery"
        case .mustard: "mustard"
        case .sesame: "sesame"
        case .sulphites: "sulphites"
        case .lupin: "lupin"
        case .molluscs: "molluscs"
        }
    }

    /// Other words for exactly this category.
    public var synonyms: [String] {
        switch self {
        case .gluten: []
        case .crustaceans: ["crustacean"]
        case .eggs: ["egg"]
        case .fish: []
        case .peanuts: ["peanut", "groundnut", "groundnuts"]
        case .soybeans: ["soybean", "soy", "soya", "soya-beans", "soy-beans"]
        // The regulation's category is "milk and products thereof (including lactose)".
        case .milk: ["dairy", "lactose"]
        case .nuts: ["nut", "tree-nuts", "tree-nut"]
        case .celery: ["celeriac"]
        case .mustard: []
        case .sesame: ["sesame-seeds", "sesame-seed"]
        // The regulation's category is "sulphur dioxide and sulphites".
        case .sulphites: ["sulphite", "sulfites", "sulfite", "sulphur-dioxide", "sulfur-dioxide"]
        case .lupin: ["lupins", "lupine", "lupines"]
        case .molluscs: ["mollusc", "mollusks", "mollusk"]
        }
    }

    /// Words people use for several categories at once, and the categories each may mean.
    public static let ambiguousWords: [(word: String, meanings: [Allergen])] = [
        ("shellfish", [.crustaceans, .molluscs]),
        ("seafood", [.fish, .crustaceans, .molluscs]),
    ]

    /// The allergen `word` names, by its canonical word or a synonym, in any case, with
    /// spaces or underscores for hyphens (`Tree Nuts`); `nil` for anything else.
    public init?(named word: String) {
        let key = Allergen.key(word)
        guard let found = Allergen.byKey[key] else { return nil }
        self = found
    }

    /// The categories an ambiguous word such as `shellfish` may mean; empty for any other.
    public static func meanings(ofAmbiguous word: String) -> [Allergen] {
        let key = key(word)
        return ambiguousWords.first { $0.word == key }?.meanings ?? []
    }

    /// Every canonical word and synonym, for did-you-mean.
    public static let allWords: [String] = allCases.flatMap { [$0.name] + $0.synonyms }

    private static let byKey: [String: Allergen] = {
        var table: [String: Allergen] = [:]
        for allergen in allCases {
            for word in [allergen.name] + allergen.synonyms { table[word] = allergen }
        }
        return table
    }()

    /// `Tree Nuts`, `tree_nuts` and `tree-nuts` alike.
    static func key(_ word: String) -> String {
        NameKey.slug(word.replacingUnderscores)
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        guard utf8.contains(UInt8(ascii: "_")) else { return self }
        return String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}

/// A set of allergens, one bit per `Allergen`.
public struct Allergens: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public init(_ allergen: Allergen) {
        self.init(rawValue: 1 << UInt16(allergen.rawValue))
    }

    public init(_ allergens: some Sequence<Allergen>) {
        self.init(rawValue: 0)
        for allergen in allergens { insert(Allergens(allergen)) }
    }

    /// The allergens in the regulation's order.
    public var list: [Allergen] {
        Allergen.allCases.filter { contains(Allergens($0)) }
    }

    /// What a customer who avoids `word` must not be given: the allergen it names, every
    /// allergen an ambiguous word such as `shellfish` may mean, or nothing.
    public static func avoided(by word: String) -> Allergens {
        if let allergen = Allergen(named: word) { return Allergens(allergen) }
        return Allergens(Allergen.meanings(ofAmbiguous: word))
    }
}
