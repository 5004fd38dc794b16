import Foundation
import KioskCore
import KioskMenu
import KioskSinks
import KioskTestSupport
import Testing

/// A payment-reader plugin as the checkout's card reader: the repository's Python terminal
/// end to end, and plugins that hang, crash or write junk, each ending the payment the
/// documented way within its wait.
@Suite struct PluginReaderTests {
    /// A charge of `amount` minor units of the won (100 hundredths each).
    static func request(_ payment: Int, _ amount: Int, tip: Int = 0, _ presentation: CardPresentation = .tap) -> ReaderRequest {
        ReaderRequest(
            payment: payment, amount: Money(hundredths: (amount + tip) * 100), tip: Money(hundredths: tip * 100), minorUnit: 100,
            currency: "KRW", presentation: presentation
        )
    }

    func terminal(_ options: String) throws -> (PluginBench, PluginReader) {
        let bench = try PluginBench()
        try bench.installExample("plugins/terminal.py", as: "terminal.py")
        return (bench, try bench.reader("terminal", options: options))
    }

    @Test func thePythonTerminalCompletesAndDeclinesByItsRules() throws {
        let (_, reader) = try terminal(#"limit 10000  block "4000""#)
        defer { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        #expect(reader.authorize(Self.request(1, 5000)) == .approved(lastFour: nil))
        #expect(reader.authorize(Self.request(2, 9000, tip: 1500)) == .declined(reason: "over_limit"))
        #expect(reader.authorize(Self.request(3, 5000, .number("4000000000000002"))) == .declined(reason: "card_not_accepted"))
        #expect(reader.authorize(Self.request(4, 5000, .number("4242424242424242"))) == .approved(lastFour: "4242"))
        #expect(reader.problem == nil)
    }

    @Test func aCustomerWhoCancelsIsSentCancelOnceThePaymentIsInProgress() throws {
        let (_, reader) = try terminal("delay 20s")
        defer { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        #expect(reader.authorize(Self.request(1, 5000, .cancel)) == .canceled)
    }

    @Test func aPaymentNotEndedWithinTheWaitIsCancelledAndTimesOutAndTheReaderGoesOn() throws {
        let (bench, reader) = try terminal("wait 300ms")
        defer { withExtendedLifetime(bench) { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) } }
        #expect(reader.authorize(Self.request(1, 5000, .timeout)) == .timedOut(offline: false))
        // It answered the cancel: still running, and the next payment goes through.
        #expect(reader.problem == nil)
        #expect(reader.authorize(Self.request(2, 5000)) == .approved(lastFour: nil))
    }

    @Test func aTerminalThatDiesIsOfflineWithItsLogAndIsStartedAgainForTheNextPayment() throws {
        let (bench, reader) = try terminal("")
        // The plugin is started again from the bench's directory.
        defer { withExtendedLifetime(bench) { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) } }
        #expect(reader.authorize(Self.request(1, 5000, .offline)) == .timedOut(offline: true))
        let problem = try #require(reader.problem)
        #expect(problem.contains("plugin 'terminal': it exited with status 1 before answering the payment"))
        #expect(problem.contains("terminal: lost the connection to the bank"))
        #expect(reader.authorize(Self.request(2, 5000)) == .approved(lastFour: nil))
        #expect(reader.problem == nil)
    }

    /// A reader that reads payments and never answers, not even a cancel.
    static let silent = """
        echo "kiosk-plugin 1 silent payment-reader"
        while IFS= read -r line; do
            case "$line" in
            '{"describe":'*) echo '{"options":[]}' ;;
            '{"configure":'*) echo '{"ok":true}' ;;
            esac
        done

        """

    @Test func aReaderThatNeverAnswersIsStoppedAfterItsWaitAndTheCancelsGrace() throws {
        let bench = try PluginBench()
        try bench.install("silent", PluginReaderTests.silent)
        let reader = try bench.reader("silent", options: "wait 200ms")
        defer { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        let started = ContinuousClock.now
        #expect(reader.authorize(Self.request(1, 5000)) == .timedOut(offline: false))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(reader.problem?.contains("plugin 'silent': it did not answer the payment within 200ms") == true)
    }

    @Test func aLineThatIsNotTheProtocolMakesTheReaderOfflineQuotingIt() throws {
        let bench = try PluginBench()
        try bench.install("chatty", """
            echo "kiosk-plugin 1 chatty payment-reader"
            while IFS= read -r line; do
                case "$line" in
                '{"describe":'*) echo '{"options":[]}' ;;
                '{"configure":'*) echo '{"ok":true}' ;;
                '{"payment":'*) echo 'charging the card now' ;;
                esac
            done

            """)
        let reader = try bench.reader("chatty")
        defer { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        #expect(reader.authorize(Self.request(1, 5000)) == .timedOut(offline: true))
        #expect(reader.problem?.contains("it wrote a line that is not the protocol: 'charging the card now'") == true)
    }

    @Test func anAnswerForAnEarlierPaymentIsPassedOver() throws {
        let bench = try PluginBench()
        try bench.install("late", """
            echo "kiosk-plugin 1 late payment-reader"
            while IFS= read -r line; do
                case "$line" in
                '{"describe":'*) echo '{"options":[]}' ;;
                '{"configure":'*) echo '{"ok":true}' ;;
                '{"payment":'*)
                    rest=${line#*\\"id\\":\\"}
                    id=${rest%%\\"*}
                    echo '{"payment":"0","status":"completed"}'
                    echo "{\\"payment\\":\\"$id\\",\\"status\\":\\"declined\\",\\"reason\\":\\"do_not_honor\\"}" ;;
                esac
            done

            """)
        let reader = try bench.reader("late")
        defer { reader.close(by: ContinuousClock.now.advanced(by: .seconds(1))) }
        #expect(reader.authorize(Self.request(5, 5000)) == .declined(reason: "do_not_honor"))
    }

    @Test func theLinesExchangedAreThoseOfThePage() throws {
        let page = try PluginSpecTests.line(startingWith: #"{"payment":{"#)
        let payment = page.replacingOccurrences(of: #""id":"…""#, with: #""id":"7""#)
            .replacingOccurrences(of: #""amount":N"#, with: #""amount":5500"#).replacingOccurrences(of: #""tip":N"#, with: #""tip":500"#)
        let inProgress = try PluginSpecTests.line(startingWith: #"{"payment":"ID","status":"in_progress""#)
        let completed = try PluginSpecTests.line(startingWith: #"{"payment":"ID","status":"completed""#)
        let cancel = try PluginSpecTests.line(startingWith: #"{"cancel":"#)
        #expect(cancel == #"{"cancel":"ID"}"#)
        let bench = try PluginBench()
        let recorded = bench.scratch.path("recorded")
        try bench.install("recorder", """
            echo "kiosk-plugin 1 recorder payment-reader"
            while IFS= read -r line; do
                printf '%s\\n' "$line" >> \(recorded)
                case "$line" in
                '{"describe":'*) echo '{"options":[]}' ;;
                '{"configure":'*) echo '{"ok":true}' ;;
                '{"payment":{"id":"7"'*) echo '\(inProgress)' | sed 's/ID/7/'; echo '\(completed)' | sed 's/ID/7/' ;;
                '{"payment":{"id":"8"'*) echo '\(inProgress)' | sed 's/ID/8/' ;;
                '{"cancel":"8"}') echo '{"payment":"8","status":"canceled"}' ;;
                esac
            done

            """)
        let reader = try bench.reader("recorder")
        #expect(reader.authorize(Self.request(7, 5000, tip: 500)) == .approved(lastFour: nil))
        #expect(reader.authorize(Self.request(8, 5000, .cancel)) == .canceled)
        reader.close(by: ContinuousClock.now.advanced(by: .seconds(1)))
        let sent = bench.lines("recorded").drop { !$0.hasPrefix(#"{"payment""#) }
        #expect(Array(sent) == [
            payment, #"{"payment":{"id":"8","amount":5000,"currency":"KRW","tip":0}}"#, cancel.replacingOccurrences(of: "ID", with: "8"),
            try PluginSpecTests.line(startingWith: #"{"shutdown""#),
        ])
    }

    // MARK: Checked before anything runs

    func check(_ statements: String) throws -> [String] {
        let bench = try PluginBench()
        try bench.installExample("plugins/terminal.py", as: "terminal.py")
        try bench.installExample("plugins/jsonl.sh", as: "jsonl.sh")
        let compilation = try bench.compile("ingredient mango stock 9\nitem \"Mango Juice\" price 3000 needs mango 3\n" + statements)
        return compilation.diagnostics.map { diagnostic in
            let at = compilation.sources.location(of: diagnostic.range)
            return (["\(at.line):\(at.column)", diagnostic.problem.code, diagnostic.message] + diagnostic.help).joined(separator: " / ")
        }
    }

    @Test func aGoodReaderStatementPasses() throws {
        #expect(try check("checkout pay later\nreader terminal { limit 50000  block \"4000\"  delay 1s  wait 10s }\n").isEmpty)
    }

    @Test func eachKindOfErrorInAReaderStatementIsFoundAtItsPlace() throws {
        #expect(try check("checkout pay later\nreader terminl {}\n") == [
            "4:8 / unknown_reader / no payment-reader plugin named 'terminl' / did you mean 'terminal'?",
        ])
        let misspelt = try check("checkout pay later\nreader terminal { lmit 5 }\n")
        #expect(misspelt.count == 1)
        #expect(misspelt.first?.hasPrefix("4:19 / unknown_property /") == true)
        #expect(misspelt.first?.contains("did you mean 'limit'?") == true)
        #expect(try check("checkout pay later\nreader terminal { block \"visa\" }\n") == [
            "4:19 / plugin_refused / plugin 'terminal' refused this: 'block': write the first digits of a card number",
        ])
        #expect(try check("checkout pay later\nreader jsonl { path \"x\" }\n") == [
            "4:8 / reader_unusable / reader 'jsonl' is a plugin kiosk cannot use: it is not a payment reader (its kinds: sink)",
        ])
        #expect(try check("reader terminal {}\n") == [
            "3:1 / reader_without_checkout / a reader is for card payments, and this menu takes none / say how orders are paid: checkout pay later",
        ])
        #expect(try check("checkout pay later\nreader terminal {}\nreader terminal {}\n").map { $0.prefix(22) } == ["5:1 / duplicate_reader"])
    }
}
