import KioskCore
import KioskText

/// Suggestions and profiles as JSON fields: for `suggest` and `profile`, under `--json`
/// and over HTTP alike.
public enum SuggestionJSON {

    /// The fields of `suggest`'s result object:
    ///
    /// ```json
    /// {"profiles":["ana","ben"],"party":2,"answers":{"sweet":"y"},"rule":"average-without-misery","threshold":4,
    ///  "lenient":false,"page":1,"nextsLeft":2,"items":[{"rank":1,"item":"Kiwi Cooler","score":7.5,"canMake":10,
    ///  "fits":["sweet"],"members":[{"name":"ana","score":9},{"name":"ben","score":6}],"leastPleased":"ben"}]}
    /// ```
    ///
    /// With nothing to suggest, `items` is empty and `reason` says why: `out-of-stock`,
    /// `all-vetoed` (with `vetoed` and `undeclared` counts) or `all-miserable`.
    public static func writeFields(for outcome: SuggestionOutcome, to writer: inout JSONWriter) {
        switch outcome {
        case .suggestions(let pages):
            writeFields(for: pages, to: &writer)
        case .nothing(let reason, let context):
            writeContext(context, to: &writer)
            writer.key("items")
            writer.beginArray()
            writer.endArray()
            switch reason {
            case .outOfStock: writer.field("reason", "out-of-stock")
            case .allVetoed(let vetoed, let undeclared):
                writer.field("reason", "all-vetoed")
                writer.field("vetoed", vetoed)
                writer.field("undeclared", undeclared)
            case .allMiserable: writer.field("reason", "all-miserable")
            }
        }
    }

    /// The fields for the page shown now: for `suggest` and `suggest next` alike.
    public static func writeFields(for pages: SuggestionPages, to writer: inout JSONWriter) {
        writeContext(pages.context, to: &writer)
        writer.field("page", pages.pageNumber)
        writer.field("nextsLeft", pages.hasMore ? pages.nextsLeft : 0)
        writer.key("items")
        writer.beginArray()
        let firstRank = (pages.pageNumber - 1) * pages.pageSize + 1
        for (offset, suggestion) in pages.page.enumerated() {
            write(suggestion, rank: firstRank + offset, to: &writer)
        }
        writer.endArray()
    }

    private static func writeContext(_ context: SuggestionContext, to writer: inout JSONWriter) {
        writer.array("profiles", strings: context.profiles)
        writer.field("party", context.partySize)
        writer.key("answers")
        writer.beginObject()
        for answer in context.answers {
            writer.key(string: answer.question)
            writer.string(answer.answer.symbol)
        }
        writer.endObject()
        writer.field("rule", context.rule.rawValue)
        writer.field("threshold", context.threshold)
        writer.field("lenient", context.lenient)
    }

    private static func write(_ suggestion: Suggestion, rank: Int, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("rank", rank)
        writer.field("item", suggestion.name)
        writer.key("score")
        writer.raw(suggestion.score.description.utf8)
        writer.field("canMake", suggestion.makeable)
        writer.array("fits", strings: suggestion.fits)
        if !suggestion.memberScores.isEmpty {
            writer.array("members", objects: suggestion.memberScores) { writer, member in
                writer.field("name", member.name)
                writer.field("score", member.score)
            }
        }
        if let least = suggestion.leastPleased { writer.field("leastPleased", least.name) }
        if suggestion.undeclaredAllergens { writer.field("allergens", "undeclared") }
        if let choice = suggestion.choice { writer.fields(of: choice) }
        writer.endObject()
    }


    /// `profile`'s result fields: `{"profiles":[{…},…]}`, each as `writeFields(for: Profile)`.
    public static func writeFields(for profiles: Profiles, to writer: inout JSONWriter) {
        writer.array("profiles", objects: profiles.all) { writer, profile in
            writeFields(for: profile, to: &writer)
        }
    }

    /// `profile NAME`'s result fields:
    /// `{"name":"ana","avoids":["milk"],"likes":[],"dislikes":[],"ratings":[{"item":"Mango Juice","score":8}]}`.
    public static func writeFields(for profile: Profile, to writer: inout JSONWriter) {
        writer.field("name", profile.name)
        writer.array("avoids", strings: profile.avoids)
        writer.array("likes", strings: profile.likes)
        writer.array("dislikes", strings: profile.dislikes)
        writer.array("ratings", objects: profile.ratings) { writer, rating in
            writer.field("item", rating.item)
            writer.field("score", rating.score)
        }
    }
}
