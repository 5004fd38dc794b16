/// What the state knows of payments: what each recent order has been paid, the number the
/// next payment gets, and what each tender took.
///
/// An order can be paid while it is in `Ledger.history` (its last `Ledger.historyCapacity`
/// orders); what older orders were paid is let go.
public struct PaymentBook: Sendable, Hashable {
    /// What one tender took: completed payments, what they took off orders, tips, and what
    /// cash rounding added.
    public struct Takings: Sendable, Hashable {
        public var payments = 0
        public var amount = Money.zero
        public var tips = Money.zero
        public var rounding = Money.zero

        public init(payments: Int = 0, amount: Money = .zero, tips: Money = .zero, rounding: Money = .zero) {
            self.payments = payments
            self.amount = amount
            self.tips = tips
            self.rounding = rounding
        }
    }

    /// The number the next payment gets.
    public internal(set) var nextPayment = 1
    /// What each order has been paid, by the `seq` of its order.
    public internal(set) var paid: [UInt64: Money] = [:]
    /// By tender, in `Tender.allCases` order.
    public internal(set) var takings: [Takings] = Tender.allCases.map { _ in Takings() }

    public init() {}

    public init(nextPayment: Int, paid: [UInt64: Money], takings: [Takings]) {
        self.nextPayment = max(1, nextPayment)
        self.paid = paid
        self.takings = takings.count == Tender.allCases.count ? takings : Tender.allCases.map { _ in Takings() }
    }

    /// What one tender took.
    public func takings(of tender: Tender) -> Takings {
        takings[Tender.allCases.firstIndex(of: tender) ?? 0]
    }

    /// Whether nothing was ever paid.
    public var isEmpty: Bool { nextPayment == 1 && paid.isEmpty }

    /// Applies one step of a payment.
    mutating func apply(_ step: PaymentChanged) {
        nextPayment = max(nextPayment, step.payment.addingReportingOverflow(1).overflow ? nextPayment : step.payment + 1)
        guard step.status == .completed else { return }
        paid[step.order] = (paid[step.order] ?? .zero).adding(step.amount) ?? paid[step.order]
        let index = Tender.allCases.firstIndex(of: step.tender) ?? 0
        takings[index].payments = takings[index].payments.saturatingAdding(1)
        takings[index].amount = takings[index].amount.adding(step.amount) ?? takings[index].amount
        takings[index].tips = takings[index].tips.adding(step.tip) ?? takings[index].tips
        takings[index].rounding = takings[index].rounding.adding(step.rounding) ?? takings[index].rounding
    }

    /// Lets go of what orders before `oldest` were paid, once there are many of them.
    mutating func forget(before oldest: UInt64) {
        guard paid.count > 2 * Ledger.historyCapacity else { return }
        paid = paid.filter { $0.key >= oldest }
    }
}
