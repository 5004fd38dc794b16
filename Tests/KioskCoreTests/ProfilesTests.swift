import KioskCore
import KioskText
import Testing

@Suite struct ProfilesTests {
    static let changes: [ProfileChange] = [
        .add(profile: "ana"),
        .avoid(profile: "ana", "milk"),
        .avoid(profile: "Ana", "MILK"),
        .like(profile: "ana", "sweet"),
        .rate(profile: "민지", item: "Mango Juice", score: 8),
        .dislike(profile: "ana", "Kiwi Juice"),
        .like(profile: "민지", "mango juice"),
        .avoid(profile: "ben", "peanuts"),
        .unavoid(profile: "ben", "Peanuts"),
        .rate(profile: "ana", item: "Kiwi Juice", score: 3),
        .add(profile: "cy"),
        .remove(profile: "cy"),
        .forget(profile: "ana", "sweet"),
        .like(profile: "ana", "tropical"),
    ]

    @Test func changesReplayToTheProfilesTheyDescribe() {
        let profiles = Profiles(replaying: ProfilesTests.changes)
        #expect(profiles.all == [
            Profile(name: "ana", avoids: ["milk"], likes: ["tropical"], ratings: [Profile.Rating(item: "Kiwi Juice", score: 3)]),
            Profile(name: "민지", likes: ["mango juice"]),
            Profile(name: "ben"),
        ])
    }

    @Test func replayingTheSameChangesGivesEqualProfilesEveryTime() {
        #expect(Profiles(replaying: ProfilesTests.changes) == Profiles(replaying: ProfilesTests.changes))
        var stepByStep = Profiles()
        for change in ProfilesTests.changes { stepByStep.apply(change) }
        #expect(stepByStep == Profiles(replaying: ProfilesTests.changes))
    }

    @Test func theCompactFormReplaysToEqualProfiles() throws {
        let fields = ProfilesTests.changes.map(\.fields)
        #expect(fields[4] == ["rate", "민지", "Mango Juice", "8"])
        #expect(fields[1] == ["avoid", "ana", "milk"])
        let decoded = fields.compactMap(ProfileChange.init(fields:))
        #expect(decoded == ProfilesTests.changes)
        #expect(Profiles(replaying: decoded) == Profiles(replaying: ProfilesTests.changes))

        var writer = JSONWriter()
        ProfilesTests.changes[4].write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["rate","민지","Mango Juice","8"]"#)
        #expect(ProfileChange(json: try #require(JSONValue(parsing: writer.bytes))) == ProfilesTests.changes[4])
    }

    @Test func unknownOrMalformedCompactFormsAreSkipped() {
        #expect(ProfileChange(fields: ["rename", "ana", "anna"]) == nil)
        #expect(ProfileChange(fields: ["rate", "ana", "Kiwi Juice"]) == nil)
        #expect(ProfileChange(fields: ["rate", "ana", "Kiwi Juice", "high"]) == nil)
        #expect(ProfileChange(fields: ["avoid", "ana"]) == nil)
        #expect(ProfileChange(fields: []) == nil)
    }

    @Test func namesAreCaseInsensitiveAndKeepTheirFirstSpelling() {
        let profiles = Profiles(replaying: [.add(profile: "Ana"), .avoid(profile: "ANA", "nuts")])
        #expect(profiles["ana"]?.name == "Ana")
        #expect(profiles["ana"]?.avoids == ["nuts"])
        #expect(profiles.all.count == 1)
    }

    @Test func aLikeADislikeAndARatingOfOneNameExcludeEachOther() {
        var profiles = Profiles()
        profiles.apply(.like(profile: "ana", "Mango Juice"))
        profiles.apply(.rate(profile: "ana", item: "mango juice", score: 4))
        #expect(profiles["ana"]?.likes == [])
        #expect(profiles["ana"]?.ratings == [Profile.Rating(item: "mango juice", score: 4)])
        profiles.apply(.dislike(profile: "ana", "MANGO JUICE"))
        #expect(profiles["ana"]?.ratings == [])
        #expect(profiles["ana"]?.dislikes == ["MANGO JUICE"])
    }

    @Test func applyNeverFailsAndRepairsWhatAJournalMightHold() {
        var profiles = Profiles()
        profiles.apply(.rate(profile: "ana", item: "Kiwi Juice", score: 42))
        profiles.apply(.remove(profile: "nobody"))
        profiles.apply(.unavoid(profile: "ana", "milk"))
        #expect(profiles.all == [Profile(name: "ana", ratings: [Profile.Rating(item: "Kiwi Juice", score: 10)])])
    }

    @Test func checkRefusesWhatCannotBeRecorded() {
        let profiles = Profiles(replaying: [.add(profile: "ana"), .avoid(profile: "ana", "milk")])
        #expect(throws: ProfileError.profileExists("ana")) { try profiles.check(.add(profile: "ANA")) }
        #expect(throws: ProfileError.unknownProfile("bo")) { try profiles.check(.remove(profile: "bo")) }
        #expect(throws: ProfileError.unknownProfile("bo")) { try profiles.check(.forget(profile: "bo", "x")) }
        #expect(throws: ProfileError.notListed(profile: "ana", "nuts")) { try profiles.check(.unavoid(profile: "ana", "nuts")) }
        #expect(throws: ProfileError.scoreOutOfRange(11)) { try profiles.check(.rate(profile: "ana", item: "Kiwi Juice", score: 11)) }
        #expect(throws: ProfileError.invalidName("ana lee", .separator)) { try profiles.check(.add(profile: "ana lee")) }
        #expect(throws: ProfileError.invalidName("a,b", .separator)) { try profiles.check(.avoid(profile: "a,b", "milk")) }
        #expect(throws: ProfileError.invalidName("", .empty)) { try profiles.check(.add(profile: "")) }
        #expect(throws: ProfileError.invalidSubject(" ", .empty)) { try profiles.check(.like(profile: "ana", " ")) }
        #expect(throws: ProfileError.invalidName("a\u{1B}", .controlCharacter)) { try profiles.check(.add(profile: "a\u{1B}")) }
        // A new name makes its profile; avoiding what is avoided already changes nothing.
        #expect(throws: Never.self) { try profiles.check(.avoid(profile: "민지", "peanuts")) }
        #expect(throws: Never.self) { try profiles.check(.avoid(profile: "ana", "MILK")) }
        #expect(throws: Never.self) { try profiles.check(.unavoid(profile: "ana", "Milk")) }
    }

    @Test func aListHoldsAtMostTwoHundredEntries() {
        let full = Profiles(replaying: (1...Profile.maximumEntries).map { ProfileChange.avoid(profile: "ana", "thing \($0)") })
        #expect(throws: ProfileError.tooManyEntries(profile: "ana", limit: 200)) { try full.check(.avoid(profile: "ana", "one more")) }
        #expect(throws: Never.self) { try full.check(.avoid(profile: "ana", "thing 7")) }
        #expect(throws: Never.self) { try full.check(.like(profile: "ana", "one more")) }
    }

    @Test func errorsReadAsSentences() {
        #expect(ProfileError.invalidName("ana lee", .separator).message == "'ana lee' cannot name a profile: a profile name is one word, without spaces or commas")
        #expect(ProfileError.scoreOutOfRange(0).message == "a score is from 1 to 10, not 0")
        #expect(ProfileError.notListed(profile: "ana", "nuts").message == "'nuts' is not in profile 'ana'")
    }
}
