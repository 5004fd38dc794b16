/// One operator's part of the drawer's day: what the payments they took came to by tender
/// — count, amount, tips, cash rounding — what they refunded, and the cash they paid in and
/// out — an X or Z report's lines by operator.
///
/// Each step counts to whoever took it (`PaymentChanged.operatorName`,
/// `DrawerChanged.operatorName`): a refund to the operator who gave the money back, not to
/// the one who took the payment, as the drawer's cash left in their hands. Steps nobody at
/// the till took — a customer's own payment, a hold that ran out, a step recorded before
/// kiosk knew its operators — are one line, self-service (`name` `nil`).
///
/// The day keeps the lines in the order a report shows them: by name, self-service last
/// (`precedes`), so that every process folding the same journal shows the same report.
public struct DrawerOperator: Sendable, Hashable {
    /// The operator's name; `nil` for self-service.
    public let name: String?
    /// By tender, in `Tender.allCases` order.
    public internal(set) var takings: [PaymentBook.Takings]
    public internal(set) var payIns: Money
    public internal(set) var payOuts: Money

    public init(name: String?, takings: [PaymentBook.Takings] = [], payIns: Money = .zero, payOuts: Money = .zero) {
        self.name = name
        self.takings = takings.count == Tender.allCases.count ? takings : Tender.allCases.map { _ in .init() }
        self.payIns = payIns
        self.payOuts = payOuts
    }

    /// What this operator's payments of `tender` took and refunded.
    public func takings(of tender: Tender) -> PaymentBook.Takings {
        takings[Tender.allCases.firstIndex(of: tender) ?? 0]
    }

    /// Whether the line of `name` comes before the line of `other` in a report: names in
    /// order, self-service after them all.
    static func precedes(_ name: String?, _ other: String?) -> Bool {
        switch (name, other) {
        case let (name?, other?): name < other
        case (.some, nil): true
        case (nil, _): false
        }
    }
}

extension DrawerBook {
    /// Adds a completed payment or a refund of the open day to its operator's line.
    mutating func add(payment step: PaymentChanged) {
        guard isOpen, step.status == .completed || step.status == .refunded else { return }
        let index = Tender.allCases.firstIndex(of: step.tender) ?? 0
        updateOperator(step.operatorName) { $0.takings[index].add(step) }
    }

    /// Adds cash paid in or out (`kind`) to its operator's line.
    mutating func add(cash kind: DrawerChanged.Kind, _ amount: Money, by name: String?) {
        switch kind {
        case .paidIn: updateOperator(name) { $0.payIns = $0.payIns.adding(amount) ?? $0.payIns }
        case .paidOut: updateOperator(name) { $0.payOuts = $0.payOuts.adding(amount) ?? $0.payOuts }
        case .opened, .counted, .closed: break
        }
    }

    /// Changes the line of `name`, adding it in its place when the day has none yet.
    private mutating func updateOperator(_ name: String?, _ change: (inout DrawerOperator) -> Void) {
        if let index = operators.firstIndex(where: { $0.name == name }) {
            change(&operators[index])
            return
        }
        var line = DrawerOperator(name: name)
        change(&line)
        operators.insert(line, at: operators.firstIndex { DrawerOperator.precedes(name, $0.name) } ?? operators.endIndex)
    }
}
