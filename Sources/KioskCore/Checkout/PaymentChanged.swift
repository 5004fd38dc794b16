/// The steps of a payment's life: `pending → in progress → completed | declined |
/// canceled | timed out`. Cash has no reader: it is completed when it is taken. A completed
/// payment may later be refunded, in part or whole: a step of its own.
public enum PaymentStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case inProgress = "in_progress"
    case completed
    case declined
    case canceled
    case timedOut = "timed_out"
    case refunded

    /// The event type of this step: `payment.pending`, …
    public var eventType: EventType {
        switch self {
        case .pending: .paymentPending
        case .inProgress: .paymentInProgress
        case .completed: .paymentCompleted
        case .declined: .paymentDeclined
        case .canceled: .paymentCanceled
        case .timedOut: .paymentTimedOut
        case .refunded: .paymentRefunded
        }
    }

    /// Whether the payment ends with this step.
    public var isFinal: Bool { self != .pending && self != .inProgress }
}

/// `payment.*`: one step of a payment for an order.
public struct PaymentChanged: Sendable, Hashable {
    public let status: PaymentStatus
    /// The payment's number, counted over the state: every step of one payment has it.
    public let payment: Int
    /// The `seq` of the order's `order.succeeded`: its `#` in `history`.
    public let order: UInt64
    public let tender: Tender
    /// What the payment takes off what the order owes.
    public let amount: Money
    /// What a card payment adds for the staff; zero for cash.
    public let tip: Money
    /// Cash: what the customer handed over.
    public let tendered: Money?
    /// Cash: what went back to the customer.
    public let change: Money?
    /// Cash: what rounding what is due to the menu's cash step added (or, negative, took
    /// off); the drawer takes `amount + rounding`.
    public let rounding: Money
    /// A card's last four digits, when its number was given.
    public let card: String?
    /// Why a card payment was declined (a `DeclineReason`), or did not finish (`customer`,
    /// `timeout`, `offline`).
    public let reason: String?
    /// What the order owes after this step.
    public let due: Money
    public let currency: String?
    /// For a refund, whether the order's stock (or its line's) went back with it.
    public let restocked: Bool
    /// For a refund of one line of the order, the line, from 1 as the receipt numbers them.
    public let line: Int?
    /// Who took the step (`OperatorName`); `nil` for a customer's self-service payment, and
    /// for a step the kiosk took by itself (a hold that ran out) or recorded before kiosk
    /// knew its operators. An X or Z report's line by operator (`DrawerOperator`).
    public let operatorName: String?

    public init(
        status: PaymentStatus, payment: Int, order: UInt64, tender: Tender, amount: Money, tip: Money = .zero,
        tendered: Money? = nil, change: Money? = nil, rounding: Money = .zero, card: String? = nil, reason: String? = nil,
        due: Money, currency: String?, restocked: Bool = false, line: Int? = nil, operatorName: String? = nil
    ) {
        self.line = line
        self.operatorName = operatorName
        self.status = status
        self.payment = payment
        self.order = order
        self.tender = tender
        self.amount = amount
        self.tip = tip
        self.tendered = tendered
        self.change = change
        self.rounding = rounding
        self.card = card
        self.reason = reason
        self.due = due
        self.currency = currency
        self.restocked = restocked
    }

    /// This step's values with another status, reason and what is due.
    func moved(to status: PaymentStatus, reason: String? = nil, card: String? = nil, due: Money) -> PaymentChanged {
        PaymentChanged(
            status: status, payment: payment, order: order, tender: tender, amount: amount, tip: tip, tendered: tendered,
            change: change, rounding: rounding, card: card ?? self.card, reason: reason, due: due, currency: currency,
            operatorName: operatorName
        )
    }
}
