import KioskCore
import KioskSystem
import KioskText

/// `pay [ORDER] cash AMOUNT [split]` and
/// `pay [ORDER] card [CARD-NUMBER|timeout|offline|cancel] [tip AMOUNT|N%]`: takes a payment
/// for a made order, by default the last one that still owes something.
///
/// Cash settling the order rounds what is due to the menu's cash step and gives change;
/// less than that is refused with what is missing, unless it is one part of a split
/// payment. A card goes to the session's reader, which answers after its latency: on the
/// virtual clock the clock moves on by it, on the wall clock kiosk waits for it. Every step
/// of the payment is an event; a card the reader did not take is the command's error, and
/// its steps are kept all the same.
public enum PayCommand: CommandHandler {
    public struct Arguments: CommandArguments, Equatable {
        public enum Method: Sendable, Equatable {
            case cash(tendered: Money, split: Bool)
            case card(CardPresentation, tip: Tip?)
        }

        /// The order's `seq`; `nil` for the last open one.
        public let order: UInt64?
        public let method: Method

        public init(order: UInt64?, method: Method) {
            self.order = order
            self.method = method
        }
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        var list = words.words[...]
        var order: UInt64?
        if let first = list.first, first.hasPrefix("#") || CommandParser.isNumeral(first) {
            order = try ReceiptCommand.sequence(first.hasPrefix("#") ? String(first.dropFirst()) : first)
            list = list.dropFirst()
        }
        guard let tenderWord = list.popFirst() else { throw words.usage }
        switch try words.subcommand(tenderWord) {
        case "cash":
            guard let amountText = list.popFirst() else { throw words.usage }
            let tendered = try amount(amountText)
            var split = false
            if let next = list.popFirst() {
                guard isWord(next, "split") else { throw words.usage }
                split = true
            }
            guard list.isEmpty else { throw words.usage }
            return Arguments(order: order, method: .cash(tendered: tendered, split: split))
        default:
            var presentation = CardPresentation.tap
            var tip: Tip?
            while let word = list.popFirst() {
                if isWord(word, "tip") {
                    guard tip == nil, let value = list.popFirst() else { throw words.usage }
                    tip = try self.tip(value)
                } else if presentation == .tap, tip == nil {
                    presentation = try card(word)
                } else {
                    throw words.usage
                }
            }
            return Arguments(order: order, method: .card(presentation, tip: tip))
        }
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        let payment: PaymentChanged
        do throws(PaymentError) {
            payment = try take(arguments, in: session)
        } catch {
            throw CommandError(error, kept: Ledger.historyCapacity)
        }
        guard payment.status == .completed else { throw .paymentNotTaken(payment, readerProblem: payment.tender == .card ? session.reader.problem : nil) }
        return .paid(payment, promise: TicketPromise.made(in: session.events))
    }

    /// The payment's last step.
    private static func take(_ arguments: Arguments, in session: Session) throws(PaymentError) -> PaymentChanged {
        let now = session.clock()
        switch arguments.method {
        case .cash(let tendered, let split):
            return try session.kiosk.payCash(
                arguments.order, tendered: tendered, split: split, by: session.operatorName, at: now, emitting: &session.events
            )
        case .card(let presentation, let tip):
            let request = try session.kiosk.cardRequest(for: arguments.order, tip: tip, presenting: presentation)
            let latency = session.kiosk.menu.checkout?.readerLatency ?? 0
            let outcome = session.reader.authorize(request)
            let answered: Timestamp
            if session.time.isVirtual {
                answered = session.time.advance(by: latency) ?? now
            } else {
                if latency > 0 { CurrentProcess.pause(milliseconds: Int(latency)) }
                answered = session.clock()
            }
            let payment = try session.kiosk.payCard(
                request, for: arguments.order, outcome: outcome, latency: answered.millisecondsSince1970 - now.millisecondsSince1970,
                by: session.operatorName, at: now, emitting: &session.events
            )
            // The board moves with the clock, after the payment it waited for.
            if session.time.isVirtual, latency > 0 { session.kiosk.advance(to: answered, emitting: &session.events) }
            return payment
        }
    }

    /// An amount as typed: `12`, `12.5`, `12.50`; never negative.
    public static func amount(_ text: String) throws(CommandError) -> Money {
        guard let money = Money(text), money.hundredths >= 0 else { throw .invalidAmount(text) }
        return money
    }

    /// `500` or `15%`.
    public static func tip(_ text: String) throws(CommandError) -> Tip {
        if text.hasSuffix("%") {
            guard let rate = Rate(text) else { throw .invalidAmount(text) }
            return .percent(rate)
        }
        return .amount(try amount(text))
    }

    /// Whether `word` is `english` in any case, or a word of any language for it.
    static func isWord(_ word: String, _ english: String) -> Bool {
        word.lowercased() == english || PromptWords.everyLanguage(for: english).contains(word)
    }

    /// A test card's number (dashes allowed: `4242-4242-4242-4242`) or one of the reader's words.
    public static func card(_ word: String) throws(CommandError) -> CardPresentation {
        if isWord(word, "timeout") { return .timeout }
        if isWord(word, "offline") { return .offline }
        if isWord(word, "cancel") { return .cancel }
        do {
            let digits = word.filter { $0 != "-" }
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), digits.utf8.count <= 19 else {
                throw .invalidCard(word)
            }
            return .number(digits)
        }
    }
}

extension CommandError {
    /// A payment the kiosk could not take, as the command reports it.
    init(_ error: PaymentError, kept: Int) {
        self = switch error {
        case .noCheckout: .noCheckout
        case .unknownOrder(let order?): .unknownOrder(order, kept: kept)
        case .unknownOrder(nil): .noOpenOrder
        case .orderRefused(let order): .orderRefused(order)
        case .unpriced(let order): .orderUnpriced(order)
        case .alreadyPaid(let order): .alreadyPaid(order)
        case .cashShort(let order, let due, let tendered): .cashShort(order: order, due: due, tendered: tendered)
        case .notInMinorUnits(let amount): .invalidAmount(amount.description)
        case .overflow: .totalTooLarge
        case .notPaid(let order): .notPaid(order)
        case .refundTooLarge(let order, let refundable): .refundTooLarge(order: order, refundable: refundable)
        case .unknownLine(let order, let line, let lines): .unknownLine(order: order, line: line, lines: lines)
        case .lineRefunded(let order, let line): .lineRefunded(order: order, line: line)
        case .alreadyRestocked(let order): .alreadyRestocked(order)
        case .voided(let order): .orderVoided(order)
        case .ticketStarted(let order, let ticket, let state): .ticketStarted(order: order, ticket: ticket, state: state)
        }
    }
}
