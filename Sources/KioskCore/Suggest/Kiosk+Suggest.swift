/// `suggest` and `profile` on a running kiosk: suggestions from its stock and profiles,
/// their event, and changes to the profiles.
extension Kiosk {
    /// Suggests for `request` from what the stock can make now and the profiles in the
    /// state.
    ///
    /// - Throws: `SuggestionError` for an unknown or repeated profile, or too many answers.
    public func suggest(_ request: SuggestionRequest) throws(SuggestionError) -> SuggestionOutcome {
        try Suggester.suggest(request, menu: menu, inventory: inventory, profiles: profiles)
    }

    /// Emits `suggestion.made` for a page of suggestions shown.
    public mutating func recordSuggestion(_ made: SuggestionMade, at time: Timestamp, emitting events: inout [Event]) {
        emit(.suggestionMade(made), at: time, into: &events)
    }

    /// Makes every change of `changes`, in order, or none of them: each is checked against
    /// the profiles the changes before it left.
    ///
    /// - Throws: `ProfileError` for the first change that cannot be made; the profiles are
    ///   then as they were.
    public mutating func changeProfiles(_ changes: [ProfileChange]) throws(ProfileError) {
        var changed = profiles
        for change in changes {
            try changed.check(change)
            changed.apply(change)
        }
        profiles = changed
    }
}
