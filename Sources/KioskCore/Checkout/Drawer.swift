/// The cash drawer's day: the float it opens with, cash paid in and out with a reason, the
/// count at the close, and the Z report that closes it.
///
/// What the drawer should hold is the float, plus pay-ins and the cash payments took (with
/// what cash rounding added), less cash refunds and pay-outs, since the day opened.
public struct DrawerBook: Sendable, Hashable {
    /// The day open now, or the last one closed; 0 before the first.
    public internal(set) var day = 0
    public internal(set) var isOpen = false
    public internal(set) var float = Money.zero
    public internal(set) var payIns = Money.zero
    public internal(set) var payOuts = Money.zero
    /// The last count of the day, if it was counted.
    public internal(set) var counted: Money?
    /// Each tender's takings when the day opened: the day's are what was taken since.
    public internal(set) var takingsAtOpen: [PaymentBook.Takings] = Tender.allCases.map { _ in .init() }
    /// The day's taxes, by tax rate, in the order first met (`DrawerTax`).
    public internal(set) var taxes: [DrawerTax] = []
    /// The day by operator, by name, self-service last (`DrawerOperator`).
    public internal(set) var operators: [DrawerOperator] = []

    public init() {}

    public init(
        day: Int, isOpen: Bool, float: Money, payIns: Money, payOuts: Money, counted: Money?, takingsAtOpen: [PaymentBook.Takings],
        taxes: [DrawerTax] = [], operators: [DrawerOperator] = []
    ) {
        self.day = max(0, day)
        self.isOpen = isOpen
        self.float = float
        self.payIns = payIns
        self.payOuts = payOuts
        self.counted = counted
        self.takingsAtOpen = takingsAtOpen.count == Tender.allCases.count ? takingsAtOpen : Tender.allCases.map { _ in .init() }
        self.taxes = taxes
        self.operators = operators
    }

    /// Whether no day was ever opened.
    public var isEmpty: Bool { day == 0 }

    /// The day's takings of `tender` so far, from `payments`' totals.
    public func takings(of tender: Tender, in payments: PaymentBook) -> PaymentBook.Takings {
        let now = payments.takings(of: tender)
        let then = takingsAtOpen[Tender.allCases.firstIndex(of: tender) ?? 0]
        func less(_ a: Money, _ b: Money) -> Money { Money(hundredths: a.hundredths &- b.hundredths) }
        return PaymentBook.Takings(
            payments: now.payments &- then.payments, amount: less(now.amount, then.amount), tips: less(now.tips, then.tips),
            rounding: less(now.rounding, then.rounding), refunds: less(now.refunds, then.refunds)
        )
    }

    /// What the drawer should hold: float + pay-ins + cash taken (with its rounding) −
    /// cash refunds − pay-outs.
    public func expected(in payments: PaymentBook) -> Money {
        let cash = takings(of: .cash, in: payments)
        return Money(hundredths: float.hundredths &+ payIns.hundredths &+ cash.amount.hundredths &+ cash.rounding.hundredths
            &- cash.refunds.hundredths &- payOuts.hundredths)
    }

    mutating func apply(_ step: DrawerChanged, payments: PaymentBook) {
        day = max(day, step.day)
        switch step.kind {
        case .opened:
            isOpen = true
            float = step.amount
            payIns = .zero
            payOuts = .zero
            counted = nil
            takingsAtOpen = Tender.allCases.map { payments.takings(of: $0) }
            taxes = []
            operators = []
        case .paidIn:
            payIns = payIns.adding(step.amount) ?? payIns
            add(cash: .paidIn, step.amount, by: step.operatorName)
        case .paidOut:
            payOuts = payOuts.adding(step.amount) ?? payOuts
            add(cash: .paidOut, step.amount, by: step.operatorName)
        case .counted: counted = step.amount
        case .closed: isOpen = false
        }
    }
}

/// `drawer.*`: one step of the drawer's day, with where the day stands after it — what
/// the X report shows, and for `drawer.closed` the Z report kept in the journal.
public struct DrawerChanged: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case opened
        case paidIn = "paid_in"
        case paidOut = "paid_out"
        case counted
        case closed

        public var eventType: EventType {
            switch self {
            case .opened: .drawerOpened
            case .paidIn: .drawerPaidIn
            case .paidOut: .drawerPaidOut
            case .counted: .drawerCounted
            case .closed: .drawerClosed
            }
        }
    }

    public let kind: Kind
    /// The day's number: the Z report's, from 1.
    public let day: Int
    /// The float, the amount paid in or out, or the count; for the close, the count (or
    /// what was expected, when the day was not counted).
    public let amount: Money
    public let reason: String?
    /// The day after this step: its float, pay-ins and pay-outs, each tender's takings in
    /// `Tender` order, what the drawer should hold, the last count, the day's taxes by
    /// rate and the day by operator.
    public let float: Money
    public let payIns: Money
    public let payOuts: Money
    public let takings: [PaymentBook.Takings]
    public let expected: Money
    public let counted: Money?
    public let currency: String?
    public let taxes: [DrawerTax]
    public let operators: [DrawerOperator]
    /// Who took the step (`OperatorName`); `nil` for an X report, and a step recorded before
    /// kiosk knew its operators.
    public let operatorName: String?

    public init(
        kind: Kind, day: Int, amount: Money, reason: String? = nil, float: Money, payIns: Money, payOuts: Money,
        takings: [PaymentBook.Takings], expected: Money, counted: Money?, currency: String?, taxes: [DrawerTax] = [],
        operators: [DrawerOperator] = [], operatorName: String? = nil
    ) {
        self.kind = kind
        self.day = day
        self.amount = amount
        self.reason = reason
        self.float = float
        self.payIns = payIns
        self.payOuts = payOuts
        self.takings = takings.count == Tender.allCases.count ? takings : Tender.allCases.map { _ in .init() }
        self.expected = expected
        self.counted = counted
        self.currency = currency
        self.taxes = taxes
        self.operators = operators
        self.operatorName = operatorName
    }

    /// The count less what was expected: over when positive, short when negative.
    public var overShort: Money? { counted.map { Money(hundredths: $0.hundredths &- expected.hundredths) } }
}

/// Why a step of the drawer's day cannot be taken.
public enum DrawerError: Error, Sendable, Equatable {
    case noCheckout
    /// `drawer open` while day `day` is open.
    case alreadyOpen(day: Int)
    /// A step that needs an open day; `lastDay` is the last one closed (0: none yet).
    case notOpen(lastDay: Int)
    case notInMinorUnits(Money)
    case overflow
}

extension Kiosk {
    /// Opens the drawer's next day with `float` in it; `operatorName` is who opens it.
    @discardableResult
    public mutating func openDrawer(
        float: Money, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(DrawerError) -> DrawerChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        guard !drawer.isOpen else { throw .alreadyOpen(day: drawer.day) }
        try requireDrawerUnits(float, allowingZero: true)
        var next = drawer
        next.apply(DrawerChanged(
            kind: .opened, day: drawer.day + 1, amount: float, float: float, payIns: .zero, payOuts: .zero, takings: [], expected: float,
            counted: nil, currency: nil
        ), payments: payments)
        return record(.opened, day: next.day, amount: float, reason: nil, by: operatorName, after: next, at: time, into: &events)
    }

    /// Cash paid into (`in`) or out of the drawer, with why, by `operatorName`.
    @discardableResult
    public mutating func moveCash(
        _ kind: DrawerChanged.Kind, _ amount: Money, reason: String, by operatorName: String? = nil, at time: Timestamp,
        emitting events: inout [Event]
    ) throws(DrawerError) -> DrawerChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        guard drawer.isOpen else { throw .notOpen(lastDay: drawer.day) }
        try requireDrawerUnits(amount, allowingZero: false)
        var next = drawer
        if kind == .paidIn {
            guard let sum = drawer.payIns.adding(amount) else { throw .overflow }
            next.payIns = sum
        } else {
            guard let sum = drawer.payOuts.adding(amount) else { throw .overflow }
            next.payOuts = sum
        }
        next.add(cash: kind, amount, by: operatorName)
        return record(kind, day: drawer.day, amount: amount, reason: reason, by: operatorName, after: next, at: time, into: &events)
    }

    /// The cash counted in the drawer, by `operatorName`: its over or short against what it
    /// should hold.
    @discardableResult
    public mutating func countDrawer(
        _ counted: Money, by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]
    ) throws(DrawerError) -> DrawerChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        guard drawer.isOpen else { throw .notOpen(lastDay: drawer.day) }
        try requireDrawerUnits(counted, allowingZero: true)
        var next = drawer
        next.counted = counted
        return record(.counted, day: drawer.day, amount: counted, reason: nil, by: operatorName, after: next, at: time, into: &events)
    }

    /// The X report: the open day as it stands, changing nothing.
    public func drawerReport() throws(DrawerError) -> DrawerChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        guard drawer.isOpen else { throw .notOpen(lastDay: drawer.day) }
        return step(.counted, day: drawer.day, amount: drawer.counted ?? drawer.expected(in: payments), reason: nil, by: nil, after: drawer)
    }

    /// The Z report: closes the day, once, its totals kept in the journal; `operatorName` is
    /// who closes it.
    @discardableResult
    public mutating func closeDrawer(by operatorName: String? = nil, at time: Timestamp, emitting events: inout [Event]) throws(DrawerError) -> DrawerChanged {
        guard menu.checkout != nil else { throw .noCheckout }
        guard drawer.isOpen else { throw .notOpen(lastDay: drawer.day) }
        var next = drawer
        next.isOpen = false
        return record(
            .closed, day: drawer.day, amount: drawer.counted ?? drawer.expected(in: payments), reason: nil, by: operatorName, after: next, at: time,
            into: &events
        )
    }

    private func step(
        _ kind: DrawerChanged.Kind, day: Int, amount: Money, reason: String?, by operatorName: String?, after book: DrawerBook
    ) -> DrawerChanged {
        DrawerChanged(
            kind: kind, day: day, amount: amount, reason: reason, float: book.float, payIns: book.payIns, payOuts: book.payOuts,
            takings: Tender.allCases.map { book.takings(of: $0, in: payments) }, expected: book.expected(in: payments), counted: book.counted,
            currency: menu.currency, taxes: book.taxes.map { $0.rated(by: menu.pricing) }, operators: book.operators, operatorName: operatorName
        )
    }

    private mutating func record(
        _ kind: DrawerChanged.Kind, day: Int, amount: Money, reason: String?, by operatorName: String?, after book: DrawerBook, at time: Timestamp,
        into events: inout [Event]
    ) -> DrawerChanged {
        let change = step(kind, day: day, amount: amount, reason: reason, by: operatorName, after: book)
        drawer.apply(change, payments: payments)
        emit(.drawer(change), at: time, into: &events)
        return change
    }

    private func requireDrawerUnits(_ amount: Money, allowingZero: Bool) throws(DrawerError) {
        guard isWhole(amount, allowingZero: allowingZero) else { throw .notInMinorUnits(amount) }
    }
}
