import KioskCore

/// A recorded order priced again on another menu: `kiosk reprice`'s one rule.
///
/// The order is asked for as `POST /orders` asks for one — each line's item, quantity,
/// size and options by name, a combo with its parts — so the new menu resolves it by
/// the rules every order goes through (`OrderCommand.resolve`), and is quoted as the
/// `price` command quotes one (`Kiosk.quote`), at the order's recorded time, so that the
/// new menu's windows apply as they would have. An `ask` discount cannot be known from
/// the lines: one the record's price names, and the new menu has, is asked for again.
///
/// A day repeats the same few orders, and resolving names is most of an order's cost:
/// each distinct order (its lines and the discounts it was given) is resolved once and
/// kept, up to `cacheLimit` of them; pricing runs for every order, as its time matters.
public struct Repricer {
    /// What the new menu makes of one recorded order.
    public enum Outcome: Sendable, Equatable {
        /// Its total on the new menu, and how it was reached; both `nil` on a menu
        /// without prices.
        case priced(total: Money?, price: PriceBreakdown?)
        /// The new menu cannot take the order (an item, size, option or combo it lacks, a
        /// choice it requires): why, as the order command would refuse it.
        case unpriceable(CommandError)
    }

    /// Distinct orders kept resolved; past it the cache starts again, so memory is
    /// bounded whatever the day held.
    static let cacheLimit = 4096

    private let kiosk: Kiosk
    private var resolved: [Key: Result<Order, CommandError>] = [:]
    /// The last order met: the usual case of a run of the same order costs one compare.
    private var last: (key: Key, order: Result<Order, CommandError>)?

    /// What an order is resolved by: its lines as recorded, and the names of the discounts
    /// its price lists (among which the `ask` ones).
    private struct Key: Hashable {
        let lines: [ItemQuantity]
        let discounts: [String]
    }

    /// A repricer on `menu`, reading its discounts' windows at `utcOffset` of each time.
    public init(menu: Menu, utcOffset: @escaping @Sendable (Timestamp) -> Int) {
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 0))
        kiosk.utcOffset = utcOffset
        self.kiosk = kiosk
    }

    public var menu: Menu { kiosk.menu }

    /// `made`, recorded at `time`, on the new menu.
    public mutating func reprice(_ made: OrderSucceeded, at time: Timestamp) -> Outcome {
        let key = Key(lines: made.lines, discounts: made.price?.discounts.map(\.name) ?? [])
        let order: Result<Order, CommandError>
        if let last, last.key == key {
            order = last.order
        } else if let known = resolved[key] {
            order = known
        } else {
            order = Result { () throws(CommandError) in try Repricer.order(key.lines, discounts: key.discounts, in: kiosk.menu) }
            if resolved.count >= Repricer.cacheLimit { resolved.removeAll(keepingCapacity: true) }
            resolved[key] = order
        }
        last = (key, order)
        switch order {
        case .failure(let error):
            return .unpriceable(error)
        case .success(let order):
            do {
                let quote = try kiosk.quote(order, at: time)
                return .priced(total: quote?.total, price: quote?.breakdown)
            } catch {
                return .unpriceable(OrderCommand.commandError(error, of: order, in: kiosk.menu, synopsis: "order"))
            }
        }
    }

    /// The order `lines` make on `menu`, with the `ask` discounts among `discounts` that
    /// `menu` has.
    static func order(_ lines: [ItemQuantity], discounts: [String], in menu: Menu) throws(CommandError) -> Order {
        var resolved: [OrderLine] = []
        resolved.reserveCapacity(lines.count)
        for request in requests(lines) {
            try OrderCommand.resolve(request, in: menu, into: &resolved)
        }
        // A discount the old menu gave by itself, or one the new menu lacks, is not asked
        // for: the new menu gives its own by its own rules.
        return Order(resolved, askingFor: Set(discounts.compactMap { OrderCommand.askIndex($0, in: menu) }))
    }

    /// The lines of a recorded order as a program names them (`kiosk serve`'s JSON): an
    /// item with its quantity, size and options; the lines of one combo as the combo with
    /// its parts, each part as many as one combo takes.
    static func requests(_ lines: [ItemQuantity]) -> [OrderRequest] {
        var requests: [OrderRequest] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            guard let combo = line.choice?.combo else {
                requests.append(OrderRequest(item: line.item, quantity: String(line.quantity), choice: choiceRequest(line.choice)))
                index += 1
                continue
            }
            var parts: [OrderRequest] = []
            while index < lines.endIndex, let next = lines[index].choice?.combo, next.number == combo.number {
                let part = lines[index]
                parts.append(OrderRequest(item: part.item, quantity: String(part.quantity / max(1, next.quantity)), choice: choiceRequest(part.choice)))
                index += 1
            }
            requests.append(OrderRequest(combo: combo.name, quantity: String(combo.quantity), parts: parts))
        }
        return requests
    }

    /// A recorded choice's size and options by name; `nil` when it names neither (a
    /// combo's part of an item without choices).
    private static func choiceRequest(_ choice: LineChoice?) -> OrderRequest.ChoiceRequest? {
        guard let choice, choice.size != nil || !choice.options.isEmpty else { return nil }
        return OrderRequest.ChoiceRequest(
            size: choice.size,
            options: choice.options.map { OrderRequest.ChoiceRequest.Option(group: $0.group, option: $0.option, count: String($0.count)) }
        )
    }
}
