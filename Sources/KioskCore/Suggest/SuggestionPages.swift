import KioskText

/// The ranked suggestions of one request, shown a page at a time: the first page at once,
/// then one more per `suggest next`, as many times as the menu's `next` allows.
public struct SuggestionPages: Sendable {
    public let context: SuggestionContext
    /// Every suggestion the pages may show, best first.
    public let ranked: [Suggestion]
    public let pageSize: Int
    /// How many times `next` may show another page.
    public let nextLimit: Int
    /// 1 for the first page.
    public private(set) var pageNumber = 1
    /// The suggestions shown now.
    public private(set) var page: [Suggestion]
    /// Where in `ranked` the next page starts.
    private var offset: Int
    /// The menu the suggestions index into.
    private let menu: Menu

    init(context: SuggestionContext, ranked: [Suggestion], pageSize: Int, nextLimit: Int, menu: Menu) {
        self.context = context
        self.ranked = ranked
        self.pageSize = pageSize
        self.nextLimit = nextLimit
        self.menu = menu
        page = Array(ranked.prefix(pageSize))
        offset = page.count
    }

    /// How many more times `next` may be asked for, as far as the limit goes.
    public var nextsLeft: Int { max(0, nextLimit - (pageNumber - 1)) }

    /// Whether `ranked` holds suggestions not shown yet.
    public var hasMore: Bool { offset < ranked.count && nextsLeft > 0 }

    /// Shows the next page. Suggestions the stock can no longer make `partySize` times are
    /// passed over, so a page may be shorter than `pageSize`.
    ///
    /// - Throws: `NoMoreSuggestions` when the limit is reached, nothing is left, or the
    ///   menu was replaced since (the indices would mean other items).
    @discardableResult
    public mutating func next(menu current: Menu, inventory: Inventory) throws(NoMoreSuggestions) -> [Suggestion] {
        guard current === menu else { throw .menuChanged }
        guard nextsLeft > 0 else { throw .limitReached(next: nextLimit) }
        var shown: [Suggestion] = []
        while offset < ranked.count, shown.count < pageSize {
            let suggestion = ranked[offset]
            offset += 1
            if menu.makeableCount(of: suggestion.item, with: inventory) >= context.partySize { shown.append(suggestion) }
        }
        guard !shown.isEmpty else { throw .exhausted }
        pageNumber += 1
        page = shown
        return shown
    }

    /// The `suggestion.made` payload of the page shown now.
    public var event: SuggestionMade {
        SuggestionMade(context: context, page: pageNumber, suggestions: page)
    }
}

/// Why `suggest next` shows nothing more.
public enum NoMoreSuggestions: Error, Equatable, Sendable {
    /// The menu allows `next` more pages per suggestion, and they were shown.
    case limitReached(next: Int)
    /// Every suggestion was shown (or can no longer be made).
    case exhausted
    /// The menu was reloaded since: suggest again.
    case menuChanged
}

extension NoMoreSuggestions {
    /// The text a person reads, in the operator's language.
    public var message: String {
        switch self {
        case .limitReached(let next):
            trn(
                "no more suggestions: 'suggest next' shows {count} more page at most; 'suggest' again to start over",
                "no more suggestions: 'suggest next' shows {count} more pages at most; 'suggest' again to start over", next, ["count": next]
            )
        case .exhausted: tr("no more suggestions: that was everything that can be made")
        case .menuChanged: tr("the menu was reloaded since; 'suggest' again")
        }
    }
}
