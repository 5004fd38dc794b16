extension Menu {
    /// Whether `other` compiles to the same menu: the same name, currency, source,
    /// ingredients, items, combos, messages, stations, board, questions, suggestion and
    /// simulation settings, taxes and discounts.
    /// A file rewritten with the same meaning (a comment, spacing, the same bytes) makes
    /// the same menu, so a reload that finds it changes nothing and says nothing.
    public func isSame(as other: Menu) -> Bool {
        self === other
            || (name == other.name && currency == other.currency && source == other.source && ingredients == other.ingredients
                && items == other.items && messages == other.messages && stations == other.stations && board == other.board
                && questions == other.questions && suggestSettings == other.suggestSettings
                && simulateSettings == other.simulateSettings && combos == other.combos && pricing == other.pricing
                && checkout == other.checkout)
    }
}
