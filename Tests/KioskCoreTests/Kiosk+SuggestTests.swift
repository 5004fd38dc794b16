import KioskCore
import Testing

/// `suggest` and `profile` on a running kiosk: profiles changed whole or not at all, kept
/// through a menu reload and a snapshot, and the suggestion's event.
@Suite struct KioskSuggestTests {
    @Test func changesAreMadeWholeOrNotAtAll() throws {
        var kiosk = try Fixtures.kiosk()
        try kiosk.changeProfiles([.avoid(profile: "ana", "milk"), .like(profile: "ana", "tropical")])
        let before = kiosk.profiles
        #expect(throws: ProfileError.scoreOutOfRange(0)) {
            try kiosk.changeProfiles([.like(profile: "ana", "sweet"), .rate(profile: "ana", item: "Mango Juice", score: 0)])
        }
        #expect(kiosk.profiles == before)
        // Each change is checked against what the changes before it left.
        #expect(throws: ProfileError.profileExists("ben")) { try kiosk.changeProfiles([.add(profile: "ben"), .add(profile: "BEN")]) }
        try kiosk.changeProfiles([.avoid(profile: "ben", "nuts"), .unavoid(profile: "ben", "nuts")])
        #expect(kiosk.profiles["ben"] == Profile(name: "ben"))
    }

    @Test func profilesOutliveAMenuReloadAndASnapshot() throws {
        var kiosk = try Fixtures.kiosk()
        try kiosk.changeProfiles([.avoid(profile: "민지", "nuts"), .rate(profile: "ana", item: "Mango Juice", score: 8)])
        var events: [Event] = []
        kiosk.replaceMenu(with: try Fixtures.juiceMaker(), at: Fixtures.noon, emitting: &events)
        #expect(kiosk.profiles.all.map(\.name) == ["민지", "ana"])
        let restored = Kiosk.restoring(kiosk.snapshot, menu: try Fixtures.juiceMaker(), ids: UUIDv7Generator(seed: 2)).kiosk
        #expect(restored.profiles == kiosk.profiles)
    }

    @Test func aSuggestionShownIsAnEventWithItsPage() throws {
        var kiosk = try Fixtures.kiosk()
        try kiosk.changeProfiles([.like(profile: "ana", "Mango Juice")])
        let pages = try #require(try kiosk.suggest(SuggestionRequest(profiles: ["ana"])).pages)
        var events: [Event] = []
        kiosk.recordSuggestion(pages.event, at: Fixtures.noon, emitting: &events)
        #expect(events.map(\.message) == ["Suggested: Mango Juice, Banana Juice, Pineapple Juice."])
        #expect(kiosk.sequence == 1)
        guard case .suggestionMade(let made) = events.first?.payload else {
            Issue.record("not a suggestion: \(events)")
            return
        }
        #expect(made.items.first == SuggestionMade.ScoredItem(item: "Mango Juice", tenths: 100))
        #expect(made.profiles == ["ana"])
    }
}
