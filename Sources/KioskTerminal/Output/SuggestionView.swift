import KioskCore
import KioskMenu
import KioskText

/// Lays out what `suggest`, `suggest next`, `profile` and `profile NAME` show: as text for
/// people, and as the fields of the `"result"` object for `--json`. Pure: it finds and
/// decides nothing.
public struct SuggestionView: Sendable {
    /// Bold table headers, for a terminal.
    public var bold: Bool

    public init(bold: Bool = false) {
        self.bold = bold
    }

    // MARK: Suggestions as text

    /// The text of a suggestion: the page shown, or why there is none.
    public func text(for outcome: SuggestionOutcome) -> String {
        switch outcome {
        case .suggestions(let pages): text(for: pages)
        case .nothing(let reason, let context): text(for: reason, context: context)
        }
    }

    /// The page shown now, with who it is for, the answers, and how to see more:
    ///
    /// ```
    /// Suggestions for ana and ben, by average without misery (no one below 4)
    /// Answers: sweet yes, tropical no
    /// #  ITEM          SCORE  LEAST PLEASED  FITS
    /// 1  Kiwi Cooler     7.5  ben 6          tropical
    /// 'suggest next' shows more (2 left).
    /// ```
    public func text(for pages: SuggestionPages) -> String {
        let context = pages.context
        var text = heading(context) + (pages.pageNumber > 1 ? tr(", page {page}", ["page": pages.pageNumber]) : "") + "\n"
        if !context.answers.isEmpty { text += tr("Answers: {answers}", ["answers": SuggestionView.describe(context.answers)]) + "\n" }
        text += table(pages.page, firstRank: (pages.pageNumber - 1) * pages.pageSize + 1, context: context)
        if pages.hasMore {
            text += tr("'suggest next' shows more ({left} left).", ["left": pages.nextsLeft]) + "\n"
        }
        return text
    }

    /// Why nothing is suggested, and what might help.
    public func text(for reason: NoSuggestion, context: SuggestionContext) -> String {
        switch reason {
        case .outOfStock(let partySize):
            return (partySize == 1 ? tr("Nothing can be made right now.") : tr("Nothing can be made for {count} right now.", ["count": partySize])) + "\n"
        case .allVetoed(_, let undeclared):
            let names = SuggestionView.list(context.profiles, joiner: .or)
            var text = tr("Everything that can be made has something {names} avoids.", ["names": names]) + "\n"
            if undeclared > 0 {
                text += trn(
                    "{count} of them does not declare its allergens: 'suggest … lenient' shows it, marked.",
                    "{count} of them do not declare their allergens: 'suggest … lenient' shows them, marked.", undeclared, ["count": undeclared]
                ) + "\n"
            }
            return text
        case .allMiserable(let threshold):
            let text = if context.profiles.count > 1 {
                tr("Everything that can be made scores below {threshold} for someone; 'rule average' ranks it all.", ["threshold": threshold])
            } else if let name = context.profiles.first {
                tr("Everything that can be made scores below {threshold} for {name}; 'rule average' ranks it all.", [
                    "threshold": threshold, "name": TerminalText.visible(name),
                ])
            } else {
                tr("Everything that can be made scores below {threshold} with these answers; 'rule average' ranks it all.", ["threshold": threshold])
            }
            return text + "\n"
        }
    }

    /// `Suggestions`, `Suggestions for ana`, or for a group with its rule.
    private func heading(_ context: SuggestionContext) -> String {
        guard !context.profiles.isEmpty else { return tr("Suggestions") }
        let names = SuggestionView.list(context.profiles, joiner: .and)
        guard context.profiles.count > 1 else { return tr("Suggestions for {names}", ["names": names]) }
        guard context.rule == .averageWithoutMisery else {
            return tr("Suggestions for {names}, by {rule}", ["names": names, "rule": context.rule.phrase])
        }
        return tr("Suggestions for {names}, by {rule} (no one below {threshold})", ["names": names, "rule": context.rule.phrase, "threshold": context.threshold])
    }

    private func table(_ suggestions: [Suggestion], firstRank: Int, context: SuggestionContext) -> String {
        let isGroup = context.profiles.count > 1
        let hasAnswers = context.answers.contains { $0.answer != .skip }
        let hasNotes = suggestions.contains(where: \.undeclaredAllergens)
        var columns: [(String, TextTable.Alignment)] = [("#", .right), (tr("ITEM"), .left), (tr("SCORE"), .right)]
        if isGroup { columns.append((tr("LEAST PLEASED"), .left)) }
        if hasAnswers { columns.append((tr("FITS"), .left)) }
        if hasNotes { columns.append((tr("NOTE"), .left)) }
        var table = TextTable(columns)
        for (offset, suggestion) in suggestions.enumerated() {
            let name = suggestion.choice.map { "\(suggestion.name) (\($0))" } ?? suggestion.name
            var cells = [String(firstRank + offset), name, suggestion.score.description]
            if isGroup { cells.append(suggestion.leastPleased.map { "\($0.name) \($0.score)" } ?? "") }
            if hasAnswers { cells.append(suggestion.fits.joined(separator: ", ")) }
            if hasNotes { cells.append(suggestion.undeclaredAllergens ? tr("allergens not declared") : "") }
            table.add(cells)
        }
        return table.render(bold: bold)
    }

    /// `sweet yes, tropical no, blend skipped`.
    static func describe(_ answers: [AnsweredQuestion]) -> String {
        answers.map { answer in
            let word = switch answer.answer {
            case .yes: tr("yes")
            case .no: tr("no")
            case .skip: tr("skipped")
            }
            return TerminalText.visible(answer.question) + " " + word
        }.joined(separator: ", ")
    }

    /// The word between the last two names of a list.
    enum Joiner {
        case and, or
    }

    /// `ana`, `ana and ben`, `ana, ben or cy`, in the operator's language.
    static func list(_ names: [String], joiner: Joiner) -> String {
        let names = names.map { TerminalText.visible($0) }
        guard let last = names.last else { return "" }
        guard names.count > 1 else { return last }
        let values: KeyValuePairs<String, any CustomStringConvertible> = ["items": names.dropLast().joined(separator: ", "), "last": last]
        return joiner == .and ? tr("{items} and {last}", values) : tr("{items} or {last}", values)
    }

    // MARK: Questions

    /// What the kiosk asks, one question at a time: `Something sweet? [y/n/skip] `, or on a
    /// question written in Korean `달콤한 쥬스가 좋으세요? [예/아니오/건너뛰기] `. Either
    /// language's answers are read (`Answer(word:)`).
    public func prompt(for question: Question) -> String {
        let korean = question.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        return TerminalText.visible(question.text) + (korean ? " [예/아니오/건너뛰기] " : " [y/n/skip] ")
    }

    // MARK: Profiles as text

    /// `profile`: one line per profile.
    ///
    /// ```
    /// PROFILE  AVOIDS  LIKES     DISLIKES    RATINGS
    /// ana      milk    tropical  Kiwi Juice  Mango Juice 8
    /// ```
    public func text(for profiles: Profiles) -> String {
        guard !profiles.isEmpty else { return tr("No profiles.") + "\n" }
        var table = TextTable([(tr("PROFILE"), .left), (tr("AVOIDS"), .left), (tr("LIKES"), .left), (tr("DISLIKES"), .left), (tr("RATINGS"), .left)])
        for profile in profiles.all {
            table.add([
                profile.name, profile.avoids.joined(separator: ", "), profile.likes.joined(separator: ", "),
                profile.dislikes.joined(separator: ", "), SuggestionView.describe(profile.ratings),
            ])
        }
        return table.render(bold: bold)
    }

    /// `profile NAME`: one list per line; with a menu, a name that means nothing on it is
    /// marked, since it moves nothing there.
    ///
    /// ```
    /// ana
    ///   avoids    milk, sesame
    ///   likes     tropical, pickles (not on this menu)
    ///   dislikes  nothing
    ///   ratings   Mango Juice 8
    /// ```
    public func text(for profile: Profile, menu: Menu? = nil) -> String {
        func names(_ words: [String]) -> String {
            words.map { word in
                menu.map { $0.meaning(of: word).isEmpty } == true ? word + " " + tr("(not on this menu)") : word
            }.joined(separator: ", ")
        }
        let ratings = profile.ratings.map { rating in
            names([rating.item]) + " \(rating.score)"
        }.joined(separator: ", ")
        let lines = [
            (tr("avoids"), names(profile.avoids)), (tr("likes"), names(profile.likes)), (tr("dislikes"), names(profile.dislikes)), (tr("ratings"), ratings),
        ]
        let width = lines.map { TerminalText.width(of: $0.0) }.max() ?? 0
        var text = TerminalText.visible(profile.name) + "\n"
        for (label, value) in lines {
            let padding = String(repeating: " ", count: max(10, width + 2) - TerminalText.width(of: label))
            text += "  " + label + padding + (value.isEmpty ? tr("nothing") : TerminalText.visible(value)) + "\n"
        }
        return text
    }

    /// `Mango Juice 8, Kiwi Juice 3`.
    static func describe(_ ratings: [Profile.Rating]) -> String {
        ratings.map { "\($0.item) \($0.score)" }.joined(separator: ", ")
    }
}
