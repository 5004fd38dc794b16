import KioskApplication
import KioskCore
import KioskTestSupport
import Testing

/// Error codes are interface: one per case, each listed in docs/COMMANDS.md, none twice.
@Suite struct CommandErrorCodeTests {
    /// The codes in docs/COMMANDS.md's table headed `### Command error codes`, in order.
    static func referenceCodes() throws -> [String] {
        let lines = try Repository.text("docs/COMMANDS.md").split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "### Command error codes") else { return [] }
        var codes: [String] = []
        for line in lines[(heading + 1)...] {
            if line.hasPrefix("#") { break }
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            if line.hasPrefix("| `"), spans.count > 2 { codes.append(String(spans[1])) }
        }
        return codes
    }

    @Test func theReferenceListsExactlyTheCodesOfTheCode() throws {
        #expect(try CommandErrorCodeTests.referenceCodes() == CommandError.codes)
    }

    @Test func everyCodeIsSnakeCaseAndNoneIsGivenTwice() {
        #expect(Set(CommandError.codes).count == CommandError.codes.count)
        #expect(CommandError.codes.allSatisfy { $0.allSatisfy { $0 == "_" || ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") } })
    }

    @Test func eachCaseGivesACodeOfTheList() {
        let errors: [CommandError] = [
            .unknownCommand("x", suggestion: nil), .usage("order ITEM"), .unexpectedArguments(command: "menu"),
            .unknownSubcommand("x", command: "stock", suggestion: nil, synopsis: "stock"), .notANumber("x", what: "quantity"),
            .numberTooLarge("1", what: "quantity"), .numberTooSmall("0", what: "quantity", minimum: 1), .unknownItem("x", suggestion: nil),
            .unknownIngredient("x", suggestion: nil), .refused(missing: []), .requirementTooLarge(ingredient: "mango"), .totalTooLarge,
            .choiceRequired(item: "Latte", choices: ["size: small, large"]), .unknownOption("oak", item: "Latte", suggestion: "Oat"),
            .unknownSize("medium", item: "Latte", sizes: ["small", "large"]),
            .choiceOutsideLimits(item: "Latte", group: "Extras", minimum: 0, maximum: 3, taken: 4), .optionRepeated(item: "Latte", option: "Vanilla", most: 1),
            .comboOutsideLimits(combo: "Breakfast Set", slot: 2, minimum: 1, maximum: 1, taken: 2, items: ["Croissant", "Muffin"]),
            .unknownComboItem("tea", combo: "Breakfast Set", items: ["Latte"], suggestion: nil),
            .unknownDiscount("stuff", suggestion: "Staff", known: ["Staff"]), .notServedNow(item: "Croissant", windows: "07:00-11:00"), .unknownOrder(9, kept: 1_000), .orderRefused(2),
            .belowZero(ingredient: "mango", available: 1, requested: 2), .aboveMaximum(ingredient: "mango", current: 1, requested: 2),
            .line(.tooLong(bytes: 2, limit: 1)), .line(.invalidUTF8), .unknownHelpTopic("x", suggestion: nil), .unknownSink("x", known: []),
            .profile(.unknownProfile("x")), .suggestion(.unknownProfile("x")), .suggestion(.tooManyAnswers(given: 4, questions: 3)),
            .notAnAnswer("maybe"), .unknownRule("x", suggestion: nil), .noSuggestionToPage, .suggestionOutdated,
            .noBoard(command: "board"), .board(.unknownTicket(9)), .board(.kitchenEmpty), .needsVirtualClock, .invalidDuration("x"),
            .noCheckout, .noOpenOrder, .orderUnpriced(1), .alreadyPaid(1), .cashShort(order: 1, due: Money(hundredths: 500), tendered: .zero),
            .invalidAmount("x"), .invalidCard("x"), .notPaid(1), .refundTooLarge(order: 1, refundable: .zero), .alreadyRestocked(1), .unknownLine(order: 1, line: 2, lines: 1),
            .lineRefunded(order: 1, line: 1),
            .orderVoided(1), .ticketStarted(order: 1, ticket: 1, state: .preparing),
            .drawerOpen(day: 1), .drawerClosed(lastDay: 0), .reasonRequired(command: "drawer in"),
        ] + [PaymentStatus.declined, .canceled, .timedOut].map { status in
            .paymentNotTaken(PaymentChanged(status: status, payment: 1, order: 1, tender: .card, amount: .zero, due: .zero, currency: nil))
        }
        let codes = errors.map(\.code)
        #expect(Set(codes).count == codes.count, "no two cases share a code")
        #expect(Set(codes).isSubset(of: CommandError.codes))
        // `reloadFailed` and `notSaved` carry a compilation and a journal error: the end-to-end
        // tests give their codes through the binary (`JSONInterfaceTests`).
        #expect(Set(CommandError.codes).subtracting(codes) == ["reload_failed", "io_error"])
    }

    @Test func aCombosChoiceLeftOpenIsAChoiceRequired() {
        let open = CommandError.comboOutsideLimits(combo: "Breakfast Set", slot: 1, minimum: 1, maximum: 1, taken: 0, items: ["Latte", "Americano"])
        #expect(open.code == "choice_required")
        let optional = CommandError.comboOutsideLimits(combo: "Set", slot: 1, minimum: 0, maximum: 1, taken: 0, items: ["Tea"])
        #expect(optional.code == "combo_outside_limits")
    }
}
