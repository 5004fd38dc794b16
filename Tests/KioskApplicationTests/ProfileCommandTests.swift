@testable import KioskApplication
import KioskCore
import KioskTestSupport
import Testing

/// `profile`: what its words mean, and each change made whole or not at all, as facts.
@Suite struct ProfileCommandTests {
    private func parse(_ line: String) throws -> ProfileCommand.Arguments? {
        try CommandParser.parse(line)?.arguments as? ProfileCommand.Arguments
    }

    @Test func theWordsOfEachForm() throws {
        #expect(try parse("profile") == .list)
        #expect(try parse("profile 민지") == .show("민지"))
        #expect(try parse("profile ana remove") == .remove("ana"))
        #expect(try parse("profile ana rate mango juice 8") == .change([.rate(profile: "ana", item: "mango juice", score: 8)]))
        #expect(try parse(#"profile ana avoid milk, nuts dislike "Kiwi Juice" like mango"#) == .change([
            .avoid(profile: "ana", "milk"), .avoid(profile: "ana", "nuts"), .dislike(profile: "ana", "Kiwi Juice"), .like(profile: "ana", "mango"),
        ]))
        #expect(try parse("profile ana rate mango juice 8, kiwi-juice 3 like tropical") == .change([
            .rate(profile: "ana", item: "mango juice", score: 8), .rate(profile: "ana", item: "kiwi-juice", score: 3), .like(profile: "ana", "tropical"),
        ]))
        #expect(try parse("profile ana LIKE strawberry banana juice, tropical UNAVOID milk FORGET kiwi juice") == .change([
            .like(profile: "ana", "strawberry banana juice"), .like(profile: "ana", "tropical"), .unavoid(profile: "ana", "milk"),
            .forget(profile: "ana", "kiwi juice"),
        ]))
    }

    @Test func wordsThatAreNoChangeAreUsageErrors() {
        let synopsis = "profile [NAME [avoid|like|dislike|rate …]]"
        #expect(throws: CommandError.unknownSubcommand("avoids", command: "profile", suggestion: "avoid", synopsis: synopsis)) {
            try parse("profile ana avoids milk")
        }
        #expect(throws: CommandError.usage(synopsis)) { try parse("profile ana avoid") }
        #expect(throws: CommandError.usage(synopsis)) { try parse("profile ana avoid milk,, nuts") }
        #expect(throws: CommandError.usage(synopsis)) { try parse("profile ana remove now") }
        #expect(throws: CommandError.usage(synopsis)) { try parse("profile ana rate 8") }
        #expect(throws: CommandError.notANumber("high", what: "score")) { try parse("profile ana rate mango juice high") }
    }

    @Test func aChangeIsRecordedAsAFactAndShowsTheProfile() throws {
        let harness = try SessionHarness()
        let result = try harness.run("profile Ana avoid milk like tropical rate mango-juice 8")
        #expect(result.succeeded)
        guard case .profile(let profile, _) = result.output else {
            Issue.record("not a profile: \(result.output)")
            return
        }
        #expect(profile == Profile(name: "Ana", avoids: ["milk"], likes: ["tropical"], ratings: [.init(item: "Mango Juice", score: 8)]))
        #expect(harness.session.kiosk.profiles["ANA"] == profile)
    }

    @Test func aChangeThatCannotBeMadeLeavesTheProfileAsItWas() throws {
        let harness = try SessionHarness()
        try harness.run("profile ana avoid milk")
        let before = harness.session.kiosk.profiles
        #expect(try harness.run("profile ana avoid nuts unavoid sesame").error == .profile(.notListed(profile: "ana", "sesame")))
        #expect(try harness.run("profile ana rate mango juice 11").error == .profile(.scoreOutOfRange(11)))
        #expect(try harness.run("profile ana rate mango jiuce 5").error == .unknownItem("mango jiuce", suggestion: "Mango Juice"))
        #expect(try harness.run("profile a,b like kiwi").error == .profile(.invalidName("a,b", .separator)))
        #expect(harness.session.kiosk.profiles == before)
    }

    @Test func namesAreCaseInsensitiveAndRemovedByAnyCase() throws {
        let harness = try SessionHarness()
        try harness.run("profile 민지 like 망고")
        try harness.run("profile BEN avoid nuts")
        guard case .profiles(let all) = try harness.run("profile").output else { throw SessionHarness.Failure.blank }
        #expect(all.all.map(\.name) == ["민지", "BEN"])
        #expect(try harness.run("profile ben remove").output.removedName == "BEN")
        #expect(try harness.run("profile ben").error == .profile(.unknownProfile("ben")))
        #expect(try harness.run("profile ben remove").error == .profile(.unknownProfile("ben")))
    }
}

extension CommandOutput {
    var removedName: String? {
        if case .profileRemoved(let name) = self { name } else { nil }
    }
}
