/// What the customer presents to a card reader.
public enum CardPresentation: Sendable, Hashable {
    /// A card number, as printed (digits only): a test card chooses the outcome.
    case number(String)
    /// A card with no number given: the last two digits of the amount choose the outcome.
    case tap
    /// The reader never answers.
    case timeout
    /// The reader has no connection.
    case offline
    /// The customer cancels on the reader.
    case cancel
}

/// Why a reader declined a card: Stripe's decline codes, which integrators already handle.
public enum DeclineReason: String, Sendable, Hashable, CaseIterable {
    case genericDecline = "generic_decline"
    case insufficientFunds = "insufficient_funds"
    case expiredCard = "expired_card"
    case processingError = "processing_error"
    case incorrectPIN = "incorrect_pin"
    case pinTryExceeded = "pin_try_exceeded"
    /// A number that fails the Luhn check: no card has it.
    case incorrectNumber = "incorrect_number"
}

/// What a reader answered.
public enum ReaderOutcome: Sendable, Hashable {
    /// Charged; the card's last four digits when a number was given.
    case approved(lastFour: String?)
    /// Declined, with the reader's reason: one of `DeclineReason`'s codes from the
    /// simulated reader, or what a reader plugin said.
    case declined(reason: String)
    /// The customer cancelled on the reader.
    case canceled
    /// No answer in time: the reader timed out, or was offline.
    case timedOut(offline: Bool)
}

/// One charge asked of a reader.
public struct ReaderRequest: Sendable, Hashable {
    /// The payment's number.
    public let payment: Int
    /// What is charged, the tip included.
    public let amount: Money
    public let tip: Money
    /// How many hundredths one minor unit is (100 for the won, 1 for the cent).
    public let minorUnit: Int
    public let currency: String?
    public let presentation: CardPresentation

    public init(
        payment: Int, amount: Money, tip: Money, minorUnit: Int = 1, currency: String?, presentation: CardPresentation
    ) {
        self.payment = payment
        self.amount = amount
        self.tip = tip
        self.minorUnit = max(1, minorUnit)
        self.currency = currency
        self.presentation = presentation
    }

    /// The amount due before the tip in the currency's minor unit, whose last two digits
    /// a simulated reader reads.
    public var minorUnits: Int { (amount.hundredths - tip.hundredths) / minorUnit }

    /// `money` in the currency's minor unit, as a reader is told amounts.
    public func inMinorUnits(_ money: Money) -> Int { money.hundredths / minorUnit }
}

/// A card reader: the one protocol a payment goes through, whether the reader is the
/// simulated one built in or a bridge to a real terminal.
public protocol PaymentReader: Sendable {
    /// What the reader answers to `request`.
    func authorize(_ request: ReaderRequest) -> ReaderOutcome
    /// Why the last payment found the reader offline or silent, in words; `nil` when it
    /// answered, and always for the simulated reader.
    var problem: String? { get }
}

extension PaymentReader {
    public var problem: String? { nil }
}

/// The simulated reader, answering by Stripe's published test tables: by test card
/// number, and with no number by the last two digits of the amount in minor units.
public struct SimulatedReader: PaymentReader {
    /// The test cards and what each does; any other number that passes the Luhn check is
    /// approved.
    public static let testCards: KeyValuePairs<String, DeclineReason?> = [
        "4242424242424242": nil,
        "4000000000000002": .genericDecline,
        "4000000000009995": .insufficientFunds,
        "4000000000000069": .expiredCard,
        "4000000000000119": .processingError,
    ]

    /// The amount endings that decline, by the last two digits; any other is approved.
    public static let testAmountEndings: KeyValuePairs<Int, DeclineReason> = [
        5: .genericDecline,
        55: .incorrectPIN,
        75: .pinTryExceeded,
    ]

    public init() {}

    public func authorize(_ request: ReaderRequest) -> ReaderOutcome {
        switch request.presentation {
        case .timeout: return .timedOut(offline: false)
        case .offline: return .timedOut(offline: true)
        case .cancel: return .canceled
        case .tap:
            let ending = Int(request.minorUnits.magnitude % 100)
            if let reason = SimulatedReader.testAmountEndings.first(where: { $0.key == ending })?.value { return .declined(reason: reason.rawValue) }
            return .approved(lastFour: nil)
        case .number(let number):
            if let card = SimulatedReader.testCards.first(where: { $0.key == number }) {
                return card.value.map { .declined(reason: $0.rawValue) } ?? .approved(lastFour: String(number.suffix(4)))
            }
            guard SimulatedReader.passesLuhn(number) else { return .declined(reason: DeclineReason.incorrectNumber.rawValue) }
            return .approved(lastFour: String(number.suffix(4)))
        }
    }

    /// Whether `number` is 12 to 19 digits whose Luhn sum is a multiple of ten.
    public static func passesLuhn(_ number: String) -> Bool {
        let digits = number.utf8.map { Int($0) - 48 }
        guard (12...19).contains(digits.count), digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            let doubled = position % 2 == 1 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        return sum % 10 == 0
    }
}
