/// What the state knows of payments: what each recent order was paid by each tender and
/// refunded, the number the next payment gets, and what each tender took.
///
/// An order can be paid while it is in `Ledger.history` (its last `Ledger.historyCapacity`
/// orders); what older orders were paid is let go.
public struct PaymentBook: Sendable, Hashable {
    /// What one tender took: completed payments, what they took off orders, tips, what
    /// cash rounding added, and what was refunded.
    public struct Takings: Sendable, Hashable {
        public var payments = 0
        public var amount = Money.zero
        public var tips = Money.zero
        public var rounding = Money.zero
        public var refunds = Money.zero

        public init(payments: Int = 0, amount: Money = .zero, tips: Money = .zero, rounding: Money = .zero, refunds: Money = .zero) {
            self.payments = payments
            self.amount = amount
            self.tips = tips
            self.rounding = rounding
            self.refunds = refunds
        }

        /// Adds what `step` took or gave back: a completed payment, its amount, tip and
        /// rounding; a refund, its amount. Other steps take nothing.
        mutating func add(_ step: PaymentChanged) {
            switch step.status {
            case .completed:
                payments = payments.saturatingAdding(1)
                amount = amount.adding(step.amount) ?? amount
                tips = tips.adding(step.tip) ?? tips
                rounding = rounding.adding(step.rounding) ?? rounding
            case .refunded:
                refunds = refunds.adding(step.amount) ?? refunds
            default:
                break
            }
        }
    }

    /// One order's payments: by tender, in `Tender.allCases` order, what was taken off what
    /// it owed and what was refunded; whether its stock went back (with a refund, or its
    /// ticket's cancel from the queue), and whether the order was voided (it takes no
    /// payment after that).
    public struct OrderPayments: Sendable, Hashable {
        public internal(set) var taken: [Money]
        public internal(set) var refunded: [Money]
        public internal(set) var restocked: Bool
        public internal(set) var voided: Bool
        /// The lines refunded one by one, from 1, in order: each once.
        public internal(set) var refundedLines: [Int] = []
        /// The lines whose stock went back with their refund, from 1, in order.
        public internal(set) var restockedLines: [Int] = []

        public init(
            taken: [Money] = Tender.allCases.map { _ in .zero }, refunded: [Money] = Tender.allCases.map { _ in .zero }, restocked: Bool = false,
            voided: Bool = false, refundedLines: [Int] = [], restockedLines: [Int] = []
        ) {
            self.refundedLines = Array(Set(refundedLines)).sorted()
            self.restockedLines = Array(Set(restockedLines)).sorted()
            let none = Tender.allCases.map { _ in Money.zero }
            self.taken = taken.count == none.count ? taken : none
            self.refunded = refunded.count == none.count ? refunded : none
            self.restocked = restocked
            self.voided = voided
        }

        /// What the order's payments took off what it owed; refunds do not reopen it.
        public var paid: Money { taken.reduce(.zero) { $0.adding($1) ?? $0 } }

        /// What may still be refunded to `tender`.
        public func refundable(to tender: Tender) -> Money {
            let index = Tender.allCases.firstIndex(of: tender) ?? 0
            return Money(hundredths: max(0, taken[index].hundredths &- refunded[index].hundredths))
        }

        /// Adds `line` to the sorted list at `lines`, once.
        mutating func note(_ line: Int, in lines: WritableKeyPath<OrderPayments, [Int]>) {
            guard !self[keyPath: lines].contains(line) else { return }
            self[keyPath: lines].append(line)
            self[keyPath: lines].sort()
        }

        /// What may still be refunded, all tenders together.
        public var refundable: Money { Tender.allCases.reduce(.zero) { $0.adding(refundable(to: $1)) ?? $0 } }
    }

    /// The number the next payment gets.
    public internal(set) var nextPayment = 1
    /// Each recent order's payments, by the `seq` of its order.
    public internal(set) var orders = ChunkedDictionary<OrderPayments>()
    /// By tender, in `Tender.allCases` order.
    public internal(set) var takings: [Takings] = Tender.allCases.map { _ in Takings() }

    public init() {}

    public init(nextPayment: Int, orders: [UInt64: OrderPayments], takings: [Takings]) {
        self.nextPayment = max(1, nextPayment)
        self.orders = ChunkedDictionary(orders)
        self.takings = takings.count == Tender.allCases.count ? takings : Tender.allCases.map { _ in Takings() }
    }

    /// What order `order` was paid, refunds aside.
    public func paid(_ order: UInt64) -> Money { orders[order]?.paid ?? .zero }

    /// Whether order `order` was voided.
    public func isVoided(_ order: UInt64) -> Bool { orders[order]?.voided ?? false }

    /// Marks order `order` voided: its `order.voided`.
    mutating func void(_ order: UInt64) {
        orders[order, default: OrderPayments()].voided = true
    }

    /// Notes that order `order`'s stock went back other than by a refund: its ticket was
    /// cancelled from the queue.
    mutating func noteRestocked(_ order: UInt64) {
        orders[order, default: OrderPayments()].restocked = true
    }

    /// What one tender took.
    public func takings(of tender: Tender) -> Takings {
        takings[Tender.allCases.firstIndex(of: tender) ?? 0]
    }

    /// Whether nothing was ever paid.
    public var isEmpty: Bool { nextPayment == 1 && orders.isEmpty }

    /// Applies one step of a payment.
    mutating func apply(_ step: PaymentChanged) {
        nextPayment = max(nextPayment, step.payment.addingReportingOverflow(1).overflow ? nextPayment : step.payment + 1)
        let index = Tender.allCases.firstIndex(of: step.tender) ?? 0
        switch step.status {
        case .completed:
            var order = orders[step.order] ?? OrderPayments()
            order.taken[index] = order.taken[index].adding(step.amount) ?? order.taken[index]
            orders[step.order] = order
        case .refunded:
            var order = orders[step.order] ?? OrderPayments()
            order.refunded[index] = order.refunded[index].adding(step.amount) ?? order.refunded[index]
            if let line = step.line {
                order.note(line, in: \.refundedLines)
                if step.restocked { order.note(line, in: \.restockedLines) }
            } else if step.restocked {
                order.restocked = true
            }
            orders[step.order] = order
        default:
            break
        }
        takings[index].add(step)
    }

    /// Lets go of what orders before `oldest` were paid, once there are many of them.
    mutating func forget(before oldest: UInt64) {
        guard orders.count > 2 * Ledger.historyCapacity else { return }
        orders.removeKeys(below: oldest)
    }
}
