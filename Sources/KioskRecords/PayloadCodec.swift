import KioskCore

/// The binary form of each event type's data (part of `RecordCodec`'s format).
///
/// ```
/// order.succeeded = lines  consumed  stock  flags:u8 [total:zigzag] [currency:string] [lineTotals]
/// order.failed    = lines  missing
/// restock.needed  = ingredient:string stock low reason:u8 needed+1 (0: none)
/// stock.changed   = ingredient:string from to reason:u8
/// menu.reloaded   = menu:string ingredients items addedItems removedItems addedIngredients removedIngredients
/// ticket.started  = ticket station:string prep:zigzag(ms) lines
/// ticket.ready, .picked_up, .recalled, .late = ticket lines
/// ticket.cancelled = ticket lines from:u8 restocked wasted flags:u8 [total] [currency]
/// payment.*       = payment order:varint tender:u8 flags:u8 amount tip rounding due [tendered change] [card:string]
///                   [reason:string] [currency:string] [line:varint] [operator:string]
///                   (flags 1, 2, 4, 8, 32, 64 say which follow; 16: a refund restocked)
/// order.held     = order:varint until:zigzag(ms) flags:u8 [total] [currency:string]   (flags 1, 2)
/// ticket.opened  = ticket order:varint lines consumed promised:zigzag(ms)
/// order.voided   = order:varint flags:u8 [ticket] refunded [currency:string] [reason:string]   (flags 1, 2, 4)
/// suggestion.made = profiles:strings partySize answers:(question:string answer:u8)* rule:u8 lenient:u8 page items:(item:string tenths undeclared:u8)*
/// lines           = count line*             (a line as `LineCodec` writes it)
///
/// `order.succeeded` flag 16 adds `ticket` and `promised` (milliseconds, zigzag) after the
/// line totals; flag 32, after those, the price of a menu with taxes or discounts:
///
/// price           = subtotal discounts:parts taxes:parts count (unit gross discounted net total
///                   discounts:shares taxes:shares)*     (unit: 0, or 1 and the unit price)
/// parts           = count (name:string amount included:u8)*
/// shares          = count (part:varint amount)*   (a part of the order's, by its place)
/// ```
enum PayloadCodec {
    enum SucceededFlag {
        static let total: UInt8 = 1
        static let currency: UInt8 = 2
        static let lineTotals: UInt8 = 4
        /// `stock` lists the ingredients of `consumed`, in its order: only counts follow.
        static let stockFollowsConsumed: UInt8 = 8
        static let ticket: UInt8 = 16
        static let price: UInt8 = 32
    }

    /// Appends `payload` to `writer`.
    static func encode<Output: ByteOutput & ~Copyable>(_ payload: borrowing Event.Payload, into writer: inout Output) {
        var written = RepeatedParts.Written()
        encode(payload, into: &writer, repeating: .empty, written: &written)
    }

    /// Appends `payload` to `writer`, copying the bytes of the parts `parts` keeps when the
    /// payload's are equal, and noting in `written` where it encoded the others: the caller
    /// learns them (`RepeatedParts.learn`) once the event is written.
    static func encode<Output: ByteOutput & ~Copyable>(
        _ payload: borrowing Event.Payload, into writer: inout Output, repeating parts: borrowing RepeatedParts,
        written: inout RepeatedParts.Written
    ) {
        switch payload {
        case .orderSucceeded(let e):
            encode(e, into: &writer, repeating: parts, written: &written)
        case .ticketStarted(let e):
            writer.int(e.ticket)
            writer.string(e.station)
            writer.signed(e.prep)
            encode(lines: e.lines, into: &writer)
        case .ticketReady(let e), .ticketPickedUp(let e), .ticketRecalled(let e), .ticketLate(let e):
            writer.int(e.ticket)
            encode(lines: e.lines, into: &writer)
        case .ticketCancelled(let e):
            writer.int(e.ticket)
            encode(lines: e.lines, into: &writer)
            writer.byte(e.from.rawValue)
            encode(counts: e.restocked, into: &writer)
            encode(counts: e.wasted, into: &writer)
            writer.byte((e.total == nil ? 0 : 1) | (e.currency == nil ? 0 : 2))
            if let total = e.total { writer.int(total.hundredths) }
            if let currency = e.currency { writer.string(currency) }
        case .suggestionMade(let e):
            encodeSuggestion(e, into: &writer)
        case .orderFailed(let e):
            encode(lines: e.lines, into: &writer)
            writer.varint(UInt64(e.missing.count))
            for missing in e.missing {
                writer.string(missing.ingredient)
                writer.int(missing.needed)
                writer.int(missing.available)
            }
        case .restockNeeded(let e):
            writer.string(e.ingredient)
            writer.int(e.stock)
            writer.int(e.low)
            writer.byte(e.reason == .low ? 0 : 1)
            writer.varint(e.needed.map { UInt64(max($0, 0)) + 1 } ?? 0)
        case .stockChanged(let e):
            writer.string(e.ingredient)
            writer.int(e.from)
            writer.int(e.to)
            writer.byte(code(of: e.reason))
        case .menuReloaded(let e):
            writer.string(e.menu)
            writer.int(e.ingredients)
            writer.int(e.items)
            for names in [e.difference.addedItems, e.difference.removedItems, e.difference.addedIngredients, e.difference.removedIngredients] {
                writer.varint(UInt64(names.count))
                for name in names { writer.string(name) }
            }
        case .menuReloadFailed(let e):
            writer.string(e.menu)
            writer.int(e.errors)
        case .payment(let e):
            encode(e, into: &writer)
        case .drawer(let e):
            encode(e, into: &writer)
        case .orderPaid(let e):
            encode(e, into: &writer)
        case .orderVoided(let e):
            encode(e, into: &writer)
        case .orderHeld(let e):
            writer.varint(e.order)
            writer.signed(e.until.millisecondsSince1970)
            writer.byte((e.total == nil ? 0 : 1) | (e.currency == nil ? 0 : 2))
            if let total = e.total { writer.int(total.hundredths) }
            if let currency = e.currency { writer.string(currency) }
        case .ticketOpened(let e):
            writer.int(e.ticket)
            writer.varint(e.order)
            encode(lines: e.lines, into: &writer)
            encode(counts: e.consumed, into: &writer)
            writer.signed(e.promised.millisecondsSince1970)
        }
    }

    /// `order.succeeded`, the record of nearly every command: arrays read by index, in place,
    /// the lines and consumed counts copied when a run of records repeats them.
    private static func encode<Output: ByteOutput & ~Copyable>(
        _ e: borrowing OrderSucceeded, into writer: inout Output, repeating parts: borrowing RepeatedParts,
        written: inout RepeatedParts.Written
    ) {
        encode(e.lines, kept: parts.lines, into: &writer, at: &written.lines) { encode(lines: $0, into: &$1) }
        encode(e.consumed, kept: parts.consumed, into: &writer, at: &written.consumed) { encode(counts: $0, into: &$1) }
        let aligned = stockFollowsConsumed(e)
        var flags: UInt8 = aligned ? SucceededFlag.stockFollowsConsumed : 0
        if e.total != nil { flags |= SucceededFlag.total }
        if e.currency != nil { flags |= SucceededFlag.currency }
        if !e.lineTotals.isEmpty { flags |= SucceededFlag.lineTotals }
        if e.ticket != nil { flags |= SucceededFlag.ticket }
        if e.price != nil { flags |= SucceededFlag.price }
        writer.byte(flags)
        if aligned {
            for index in e.stock.indices { writer.int(e.stock[index].count) }
        } else {
            encode(counts: e.stock, into: &writer)
        }
        if let total = e.total { writer.int(total.hundredths) }
        if let currency = e.currency { writer.string(currency) }
        if !e.lineTotals.isEmpty {
            writer.varint(UInt64(e.lineTotals.count))
            for index in e.lineTotals.indices { writer.int(e.lineTotals[index].hundredths) }
        }
        if let ticket = e.ticket {
            writer.int(ticket)
            writer.signed(e.promised?.millisecondsSince1970 ?? 0)
        }
        if let price = e.price { encode(price, into: &writer) }
    }

    static func encode<Output: ByteOutput & ~Copyable>(_ price: PriceBreakdown, into writer: inout Output) {
        func parts(_ parts: [PriceBreakdown.Part], into writer: inout Output) {
            writer.varint(UInt64(parts.count))
            for part in parts {
                writer.string(part.name)
                writer.int(part.amount.hundredths)
                writer.byte(part.included ? 1 : 0)
            }
        }
        func shares(_ shares: [PriceBreakdown.Part], of parts: [PriceBreakdown.Part], into writer: inout Output) {
            writer.varint(UInt64(shares.count))
            for share in shares {
                writer.varint(UInt64(parts.firstIndex { $0.name == share.name } ?? 0))
                writer.int(share.amount.hundredths)
            }
        }
        writer.int(price.subtotal.hundredths)
        parts(price.discounts, into: &writer)
        parts(price.taxes, into: &writer)
        writer.varint(UInt64(price.lines.count))
        for line in price.lines {
            if let unit = line.unitPrice {
                writer.byte(1)
                writer.int(unit.hundredths)
            } else {
                writer.byte(0)
            }
            writer.int(line.gross.hundredths)
            writer.int(line.discounted.hundredths)
            writer.int(line.net.hundredths)
            writer.int(line.total.hundredths)
            shares(line.discounts, of: price.discounts, into: &writer)
            shares(line.taxes, of: price.taxes, into: &writer)
        }
    }

    static func decodePrice(_ reader: inout ByteReader, total: Money) throws(RecordDecodingError) -> PriceBreakdown {
        func parts(_ reader: inout ByteReader) throws(RecordDecodingError) -> [PriceBreakdown.Part] {
            let count = try reader.count()
            var parts: [PriceBreakdown.Part] = []
            parts.reserveCapacity(count)
            for _ in 0..<count {
                let name = try reader.string()
                let amount = Money(hundredths: try reader.int())
                parts.append(PriceBreakdown.Part(name: name, amount: amount, included: try reader.byte() != 0))
            }
            return parts
        }
        func shares(_ reader: inout ByteReader, of parts: [PriceBreakdown.Part]) throws(RecordDecodingError) -> [PriceBreakdown.Part] {
            let count = try reader.count()
            var shares: [PriceBreakdown.Part] = []
            shares.reserveCapacity(count)
            for _ in 0..<count {
                let index = try reader.count()
                guard parts.indices.contains(index) else { throw .malformed("a price's share names part \(index) of \(parts.count)") }
                let amount = Money(hundredths: try reader.int())
                shares.append(PriceBreakdown.Part(name: parts[index].name, amount: amount, included: parts[index].included))
            }
            return shares
        }
        let subtotal = Money(hundredths: try reader.int())
        let discounts = try parts(&reader)
        let taxes = try parts(&reader)
        let count = try reader.count()
        var lines: [PriceBreakdown.Line] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            let unit = try reader.byte() != 0 ? Money(hundredths: try reader.int()) : nil
            let gross = Money(hundredths: try reader.int())
            let discounted = Money(hundredths: try reader.int())
            let net = Money(hundredths: try reader.int())
            let lineTotal = Money(hundredths: try reader.int())
            lines.append(PriceBreakdown.Line(
                unitPrice: unit, gross: gross, discounts: try shares(&reader, of: discounts), taxes: try shares(&reader, of: taxes),
                discounted: discounted, net: net, total: lineTotal
            ))
        }
        return PriceBreakdown(lines: lines, subtotal: subtotal, discounts: discounts, taxes: taxes, total: total)
    }

    /// Appends `part`: the bytes `kept` holds when it is the part kept there, else `part`
    /// encoded by `encode`, whose place is noted in `place` to be learned.
    @inline(__always)
    private static func encode<Value, Output: ByteOutput & ~Copyable>(
        _ part: Value, kept: borrowing RepeatedParts.Part<Value>, into writer: inout Output, at place: inout Range<Int>?,
        encode: (Value, inout Output) -> Void
    ) {
        if kept.holds(part) {
            kept.bytes.withUnsafeBytes { writer.append($0) }
        } else {
            let start = writer.count
            encode(part, &writer)
            place = start..<writer.count
        }
    }

    /// Whether `stock` names the ingredients of `consumed`, in its order.
    @inline(__always)
    private static func stockFollowsConsumed(_ e: borrowing OrderSucceeded) -> Bool {
        guard e.stock.count == e.consumed.count else { return false }
        for index in e.stock.indices where e.stock[index].ingredient != e.consumed[index].ingredient {
            return false
        }
        return true
    }

    static func decode(_ type: EventType, _ reader: inout ByteReader, repeats: inout RepeatedParts) throws(RecordDecodingError) -> Event.Payload {
        switch type {
        case .orderSucceeded:
            let lines = try decodeRepeated(&reader, last: &repeats.lines, decode: decodeLines)
            let consumed = try decodeRepeated(&reader, last: &repeats.consumed, decode: decodeCounts)
            let flags = try reader.byte()
            let stock: [IngredientCount]
            if flags & SucceededFlag.stockFollowsConsumed != 0 {
                var counts: [IngredientCount] = []
                counts.reserveCapacity(consumed.count)
                for entry in consumed { counts.append(IngredientCount(ingredient: entry.ingredient, count: try reader.int())) }
                stock = counts
            } else {
                stock = try decodeCounts(&reader)
            }
            let total = flags & SucceededFlag.total != 0 ? Money(hundredths: try reader.int()) : nil
            let currency = flags & SucceededFlag.currency != 0 ? try reader.string() : nil
            var lineTotals: [Money] = []
            if flags & SucceededFlag.lineTotals != 0 {
                let count = try reader.count()
                lineTotals.reserveCapacity(count)
                for _ in 0..<count { lineTotals.append(Money(hundredths: try reader.int())) }
            }
            var ticket: Int?
            var promised: Timestamp?
            if flags & SucceededFlag.ticket != 0 {
                ticket = try reader.int()
                promised = Timestamp(millisecondsSince1970: try reader.signed())
            }
            let price = flags & SucceededFlag.price != 0 ? try decodePrice(&reader, total: total ?? .zero) : nil
            return .orderSucceeded(OrderSucceeded(
                lines: lines, consumed: consumed, stock: stock, total: total, currency: currency, lineTotals: lineTotals,
                ticket: ticket, promised: promised, price: price
            ))
        case .ticketStarted:
            let ticket = try reader.int()
            let station = try reader.string()
            let prep = try reader.signed()
            return .ticketStarted(TicketStarted(ticket: ticket, station: station, prep: prep, lines: try decodeLines(&reader)))
        case .ticketReady:
            return .ticketReady(TicketChanged(ticket: try reader.int(), lines: try decodeLines(&reader)))
        case .ticketPickedUp:
            return .ticketPickedUp(TicketChanged(ticket: try reader.int(), lines: try decodeLines(&reader)))
        case .ticketRecalled:
            return .ticketRecalled(TicketChanged(ticket: try reader.int(), lines: try decodeLines(&reader)))
        case .ticketLate:
            return .ticketLate(TicketChanged(ticket: try reader.int(), lines: try decodeLines(&reader)))
        case .ticketCancelled:
            let ticket = try reader.int()
            let lines = try decodeLines(&reader)
            guard let from = TicketState(rawValue: try reader.byte()) else { throw .malformed("unknown ticket state") }
            let restocked = try decodeCounts(&reader)
            let wasted = try decodeCounts(&reader)
            let flags = try reader.byte()
            let total = flags & 1 != 0 ? Money(hundredths: try reader.int()) : nil
            let currency = flags & 2 != 0 ? try reader.string() : nil
            return .ticketCancelled(TicketCancelled(
                ticket: ticket, lines: lines, from: from, restocked: restocked, wasted: wasted, total: total, currency: currency
            ))
        case .suggestionMade:
            return .suggestionMade(try decodeSuggestion(&reader))
        case .orderFailed:
            let lines = try decodeLines(&reader)
            let count = try reader.count(minimumBytes: 3)
            var missing: [Missing] = []
            missing.reserveCapacity(count)
            for _ in 0..<count {
                missing.append(Missing(ingredient: try reader.string(), needed: try reader.int(), available: try reader.int()))
            }
            return .orderFailed(OrderFailed(lines: lines, missing: missing))
        case .restockNeeded:
            let ingredient = try reader.string()
            let stock = try reader.int()
            let low = try reader.int()
            let reason: RestockNeeded.Reason = try reader.byte() == 0 ? .low : .short
            let needed = try reader.varint()
            return .restockNeeded(RestockNeeded(
                ingredient: ingredient, stock: stock, low: low, reason: reason, needed: needed == 0 ? nil : Int(truncatingIfNeeded: needed - 1)
            ))
        case .stockChanged:
            let ingredient = try reader.string()
            let from = try reader.int()
            let to = try reader.int()
            guard let reason = stockEdit(code: try reader.byte()) else { throw .malformed("unknown stock change reason") }
            return .stockChanged(StockChanged(ingredient: ingredient, from: from, to: to, reason: reason))
        case .menuReloaded:
            let menu = try reader.string()
            let ingredients = try reader.int()
            let items = try reader.int()
            var lists: [[String]] = []
            for _ in 0..<4 {
                let count = try reader.count()
                var names: [String] = []
                names.reserveCapacity(count)
                for _ in 0..<count { names.append(try reader.string()) }
                lists.append(names)
            }
            let difference = MenuDifference(addedItems: lists[0], removedItems: lists[1], addedIngredients: lists[2], removedIngredients: lists[3])
            return .menuReloaded(MenuReloaded(menu: menu, ingredients: ingredients, items: items, difference: difference))
        case .menuReloadFailed:
            let menu = try reader.string()
            return .menuReloadFailed(MenuReloadFailed(menu: menu, errors: try reader.int()))
        case .paymentPending, .paymentInProgress, .paymentCompleted, .paymentDeclined, .paymentCanceled, .paymentTimedOut, .paymentRefunded:
            return .payment(try decodePayment(&reader, type: type))
        case .drawerOpened, .drawerPaidIn, .drawerPaidOut, .drawerCounted, .drawerClosed:
            return .drawer(try decodeDrawer(&reader, type: type))
        case .orderPaid:
            return .orderPaid(try decodeReceipt(&reader))
        case .orderVoided:
            return .orderVoided(try decodeVoided(&reader))
        case .orderHeld:
            let order = try reader.varint()
            let until = Timestamp(millisecondsSince1970: try reader.signed())
            let flags = try reader.byte()
            guard flags < 4 else { throw .malformed("unknown flags of order.held") }
            let total = flags & 1 != 0 ? Money(hundredths: try reader.int()) : nil
            let currency = flags & 2 != 0 ? try reader.string() : nil
            return .orderHeld(OrderHeld(order: order, until: until, total: total, currency: currency))
        case .ticketOpened:
            let ticket = try reader.int()
            let order = try reader.varint()
            let lines = try decodeLines(&reader)
            let consumed = try decodeCounts(&reader)
            let promised = Timestamp(millisecondsSince1970: try reader.signed())
            return .ticketOpened(TicketOpened(ticket: ticket, order: order, lines: lines, consumed: consumed, promised: promised))
        }
    }

    // MARK: Suggestions

    private static func encodeSuggestion<Output: ByteOutput & ~Copyable>(_ e: SuggestionMade, into writer: inout Output) {
        writer.varint(UInt64(e.profiles.count))
        for profile in e.profiles { writer.string(profile) }
        writer.int(e.partySize)
        writer.varint(UInt64(e.answers.count))
        for answered in e.answers {
            writer.string(answered.question)
            writer.byte(answered.answer == .yes ? 0 : answered.answer == .no ? 1 : 2)
        }
        writer.byte(UInt8(GroupRule.allCases.firstIndex(of: e.rule) ?? 0))
        writer.byte(e.lenient ? 1 : 0)
        writer.int(e.page)
        writer.varint(UInt64(e.items.count))
        for item in e.items {
            writer.string(item.item)
            writer.int(item.tenths)
            writer.byte((item.undeclaredAllergens ? SuggestedFlag.undeclared : 0) | (item.choice == nil ? 0 : SuggestedFlag.choice))
            if let choice = item.choice { LineCodec.encode(choice: choice, into: &writer) }
        }
    }

    /// A suggested item's flags: 1, its allergens are not declared; 2, a choice follows
    /// (a state written before choices has only 0 and 1).
    private enum SuggestedFlag {
        static let undeclared: UInt8 = 1
        static let choice: UInt8 = 2
    }

    private static func decodeSuggestion(_ reader: inout ByteReader) throws(RecordDecodingError) -> SuggestionMade {
        var profiles: [String] = []
        for _ in 0..<(try reader.count()) { profiles.append(try reader.string()) }
        let partySize = try reader.int()
        var answers: [AnsweredQuestion] = []
        for _ in 0..<(try reader.count(minimumBytes: 2)) {
            let question = try reader.string()
            let answer: Answer = switch try reader.byte() {
            case 0: .yes
            case 1: .no
            default: .skip
            }
            answers.append(AnsweredQuestion(question: question, answer: answer))
        }
        let ruleIndex = Int(try reader.byte())
        guard ruleIndex < GroupRule.allCases.count else { throw .malformed("unknown group rule") }
        let lenient = try reader.byte() == 1
        let page = try reader.int()
        var items: [SuggestionMade.ScoredItem] = []
        for _ in 0..<(try reader.count(minimumBytes: 3)) {
            let (item, tenths, flags) = (try reader.string(), try reader.int(), try reader.byte())
            guard flags & ~(SuggestedFlag.undeclared | SuggestedFlag.choice) == 0 else { throw .malformed("a suggested item's flags are unknown") }
            let choice = flags & SuggestedFlag.choice == 0 ? nil : try LineCodec.decodeChoice(&reader)
            items.append(SuggestionMade.ScoredItem(item: item, tenths: tenths, undeclaredAllergens: flags & SuggestedFlag.undeclared != 0, choice: choice))
        }
        return SuggestionMade(
            profiles: profiles, partySize: partySize, answers: answers, rule: GroupRule.allCases[ruleIndex], lenient: lenient, page: page, items: items
        )
    }

    // MARK: Parts

    static func encode<Output: ByteOutput & ~Copyable>(lines: [ItemQuantity], into writer: inout Output) {
        writer.varint(UInt64(lines.count))
        for index in lines.indices { LineCodec.encode(lines[index], into: &writer) }
    }

    /// The part at the reader, taken from `last` when its bytes come next, else decoded and
    /// kept in `last`.
    private static func decodeRepeated<Value>(
        _ reader: inout ByteReader, last: inout RepeatedParts.Part<Value>,
        decode: (inout ByteReader) throws(RecordDecodingError) -> Value
    ) throws(RecordDecodingError) -> Value {
        if reader.skip(ifAt: last.bytes) { return last.value }
        let start = reader.offset
        let value = try decode(&reader)
        last = RepeatedParts.Part(bytes: Array(reader.span(from: start)), value: value)
        return value
    }

    private static func decodeLines(_ reader: inout ByteReader) throws(RecordDecodingError) -> [ItemQuantity] {
        let count = try reader.count(minimumBytes: 2)
        var lines: [ItemQuantity] = []
        lines.reserveCapacity(count)
        for _ in 0..<count { lines.append(try LineCodec.decodeItemQuantity(&reader)) }
        return lines
    }

    static func encode<Output: ByteOutput & ~Copyable>(counts: [IngredientCount], into writer: inout Output) {
        writer.varint(UInt64(counts.count))
        for index in counts.indices {
            writer.string(counts[index].ingredient)
            writer.int(counts[index].count)
        }
    }

    static func decodeCounts(_ reader: inout ByteReader) throws(RecordDecodingError) -> [IngredientCount] {
        let count = try reader.count(minimumBytes: 2)
        var counts: [IngredientCount] = []
        counts.reserveCapacity(count)
        for _ in 0..<count { counts.append(IngredientCount(ingredient: try reader.string(), count: try reader.int())) }
        return counts
    }

    private static func code(of edit: StockEdit) -> UInt8 {
        switch edit {
        case .add: 0
        case .remove: 1
        case .set: 2
        case .restock: 3
        case .cancel: 4
        case .refund: 5
        }
    }

    private static func stockEdit(code: UInt8) -> StockEdit? {
        switch code {
        case 0: .add
        case 1: .remove
        case 2: .set
        case 3: .restock
        case 4: .cancel
        case 5: .refund
        default: nil
        }
    }
}

// MARK: Payments

extension PayloadCodec {
    static func encode<Output: ByteOutput & ~Copyable>(_ e: PaymentChanged, into writer: inout Output) {
        writer.int(e.payment)
        writer.varint(e.order)
        writer.byte(UInt8(Tender.allCases.firstIndex(of: e.tender) ?? 0))
        var flags: UInt8 = 0
        if e.tendered != nil || e.change != nil { flags |= 1 }
        if e.card != nil { flags |= 2 }
        if e.reason != nil { flags |= 4 }
        if e.currency != nil { flags |= 8 }
        if e.restocked { flags |= 16 }
        if e.line != nil { flags |= 32 }
        if e.operatorName != nil { flags |= 64 }
        writer.byte(flags)
        writer.int(e.amount.hundredths)
        writer.int(e.tip.hundredths)
        writer.int(e.rounding.hundredths)
        writer.int(e.due.hundredths)
        if flags & 1 != 0 {
            writer.int(e.tendered?.hundredths ?? 0)
            writer.int(e.change?.hundredths ?? 0)
        }
        if let card = e.card { writer.string(card) }
        if let reason = e.reason { writer.string(reason) }
        if let currency = e.currency { writer.string(currency) }
        if let line = e.line { writer.varint(UInt64(max(0, line))) }
        if let operatorName = e.operatorName { writer.string(operatorName) }
    }

    static func decodePayment(_ reader: inout ByteReader, type: EventType) throws(RecordDecodingError) -> PaymentChanged {
        guard let status = PaymentStatus.allCases.first(where: { $0.eventType == type }) else { throw .malformed("not a payment") }
        let payment = try reader.int()
        let order = try reader.varint()
        let tenderCode = Int(try reader.byte())
        guard Tender.allCases.indices.contains(tenderCode) else { throw .malformed("unknown tender") }
        let flags = try reader.byte()
        let amount = Money(hundredths: try reader.int())
        let tip = Money(hundredths: try reader.int())
        let rounding = Money(hundredths: try reader.int())
        let due = Money(hundredths: try reader.int())
        var tendered: Money?
        var change: Money?
        if flags & 1 != 0 {
            tendered = Money(hundredths: try reader.int())
            change = Money(hundredths: try reader.int())
        }
        let card = flags & 2 != 0 ? try reader.string() : nil
        let reason = flags & 4 != 0 ? try reader.string() : nil
        let currency = flags & 8 != 0 ? try reader.string() : nil
        let line = flags & 32 != 0 ? Int(clamping: try reader.varint()) : nil
        let operatorName = flags & 64 != 0 ? try reader.string() : nil
        return PaymentChanged(
            status: status, payment: payment, order: order, tender: Tender.allCases[tenderCode], amount: amount, tip: tip,
            tendered: tendered, change: change, rounding: rounding, card: card, reason: reason, due: due, currency: currency,
            restocked: flags & 16 != 0, line: line, operatorName: operatorName
        )
    }
}

// MARK: Receipts

extension PayloadCodec {
    /// `order.paid`: kiosk:string order:varint time:signed flags:u8 [ticket:signed] lines
    /// [total:signed] [currency:string] [price] [taken{tenders} refunded{tenders} flags:u8]
    /// [status:u8 payment]; flags 1 ticket, 2 total, 4 currency, 8 price, 16 payments,
    /// 32 the settling payment.
    static func encode<Output: ByteOutput & ~Copyable>(_ e: OrderReceipt, into writer: inout Output) {
        writer.string(e.kiosk)
        writer.varint(e.order)
        writer.signed(e.time.millisecondsSince1970)
        var flags: UInt8 = 0
        if e.ticket != nil { flags |= 1 }
        if e.total != nil { flags |= 2 }
        if e.currency != nil { flags |= 4 }
        if e.price != nil { flags |= 8 }
        if e.payments != nil { flags |= 16 }
        if e.settled != nil { flags |= 32 }
        writer.byte(flags)
        if let ticket = e.ticket { writer.int(ticket) }
        encode(lines: e.lines, into: &writer)
        if let total = e.total { writer.int(total.hundredths) }
        if let currency = e.currency { writer.string(currency) }
        if let price = e.price { encode(price, into: &writer) }
        if let payments = e.payments { encode(payments, into: &writer) }
        if let settled = e.settled {
            writer.byte(UInt8(PaymentStatus.allCases.firstIndex(of: settled.status) ?? 0))
            encode(settled, into: &writer)
        }
    }

    /// `order.voided`: order:varint flags:u8 [ticket:signed] refunded:signed [currency:string];
    /// flags 1 ticket, 2 currency.
    static func encode<Output: ByteOutput & ~Copyable>(_ e: OrderVoided, into writer: inout Output) {
        writer.varint(e.order)
        writer.byte((e.ticket == nil ? 0 : 1) | (e.currency == nil ? 0 : 2) | (e.reason == nil ? 0 : 4))
        if let ticket = e.ticket { writer.int(ticket) }
        writer.int(e.refunded.hundredths)
        if let currency = e.currency { writer.string(currency) }
        if let reason = e.reason { writer.string(reason) }
    }

    static func decodeVoided(_ reader: inout ByteReader) throws(RecordDecodingError) -> OrderVoided {
        let order = try reader.varint()
        let flags = try reader.byte()
        guard flags < 8 else { throw .malformed("unknown flags of order.voided") }
        let ticket = flags & 1 != 0 ? try reader.int() : nil
        let refunded = Money(hundredths: try reader.int())
        let currency = flags & 2 != 0 ? try reader.string() : nil
        let reason = flags & 4 != 0 ? try reader.string() : nil
        return OrderVoided(order: order, ticket: ticket, refunded: refunded, currency: currency, reason: reason)
    }

    /// What an order's payments took and refunded by tender, whether its stock went back
    /// and whether it was voided: `taken{tenders} refunded{tenders} flags:u8 [lines] [lines]`
    /// (1 restocked, 2 voided, 4 the lines refunded one by one follow, 8 the lines restocked
    /// so follow, each `count line:varint*`; a receipt's, snapshot section 7's).
    static func encode<Output: ByteOutput & ~Copyable>(_ paid: PaymentBook.OrderPayments, into writer: inout Output) {
        for amount in paid.taken + paid.refunded { writer.int(amount.hundredths) }
        writer.byte((paid.restocked ? 1 : 0) | (paid.voided ? 2 : 0) | (paid.refundedLines.isEmpty ? 0 : 4) | (paid.restockedLines.isEmpty ? 0 : 8))
        for lines in [paid.refundedLines, paid.restockedLines] where !lines.isEmpty {
            writer.varint(UInt64(lines.count))
            for line in lines { writer.varint(UInt64(max(0, line))) }
        }
    }

    static func decodeOrderPayments(_ reader: inout ByteReader) throws(RecordDecodingError) -> PaymentBook.OrderPayments {
        var taken: [Money] = []
        var refunded: [Money] = []
        for _ in Tender.allCases { taken.append(Money(hundredths: try reader.int())) }
        for _ in Tender.allCases { refunded.append(Money(hundredths: try reader.int())) }
        let flags = try reader.byte()
        guard flags < 16 else { throw .malformed("unknown flags of an order's payments") }
        var lines: [[Int]] = [[], []]
        for (index, flag) in [UInt8(4), 8].enumerated() where flags & flag != 0 {
            for _ in 0..<(try reader.count(minimumBytes: 1)) { lines[index].append(Int(clamping: try reader.varint())) }
        }
        return PaymentBook.OrderPayments(
            taken: taken, refunded: refunded, restocked: flags & 1 != 0, voided: flags & 2 != 0, refundedLines: lines[0], restockedLines: lines[1]
        )
    }

    static func decodeReceipt(_ reader: inout ByteReader) throws(RecordDecodingError) -> OrderReceipt {
        let kiosk = try reader.string()
        let order = try reader.varint()
        let time = Timestamp(millisecondsSince1970: try reader.signed())
        let flags = try reader.byte()
        guard flags < 64 else { throw .malformed("unknown receipt flags") }
        let ticket = flags & 1 != 0 ? try reader.int() : nil
        let lines = try decodeLines(&reader)
        let total = flags & 2 != 0 ? Money(hundredths: try reader.int()) : nil
        let currency = flags & 4 != 0 ? try reader.string() : nil
        let price = flags & 8 != 0 ? try decodePrice(&reader, total: total ?? .zero) : nil
        let payments = flags & 16 != 0 ? try decodeOrderPayments(&reader) : nil
        var settled: PaymentChanged?
        if flags & 32 != 0 {
            let status = Int(try reader.byte())
            guard PaymentStatus.allCases.indices.contains(status) else { throw .malformed("unknown payment status") }
            settled = try decodePayment(&reader, type: PaymentStatus.allCases[status].eventType)
        }
        return OrderReceipt(
            kiosk: kiosk, order: order, time: time, ticket: ticket, lines: lines, total: total, currency: currency, price: price,
            payments: payments, settled: settled
        )
    }
}

// MARK: The drawer

extension PayloadCodec {
    static func encode<Output: ByteOutput & ~Copyable>(_ e: DrawerChanged, into writer: inout Output) {
        writer.int(e.day)
        var flags: UInt8 = 0
        if e.reason != nil { flags |= 1 }
        if e.counted != nil { flags |= 2 }
        if e.currency != nil { flags |= 4 }
        if !e.taxes.isEmpty { flags |= 8 }
        if e.operatorName != nil { flags |= 16 }
        if !e.operators.isEmpty { flags |= 32 }
        writer.byte(flags)
        for amount in [e.amount, e.float, e.payIns, e.payOuts, e.expected] { writer.int(amount.hundredths) }
        encode(takings: e.takings, into: &writer)
        if let counted = e.counted { writer.int(counted.hundredths) }
        if let reason = e.reason { writer.string(reason) }
        if let currency = e.currency { writer.string(currency) }
        if !e.taxes.isEmpty { encode(taxes: e.taxes, into: &writer) }
        if let operatorName = e.operatorName { writer.string(operatorName) }
        if !e.operators.isEmpty { encode(operators: e.operators, into: &writer) }
    }

    static func decodeDrawer(_ reader: inout ByteReader, type: EventType) throws(RecordDecodingError) -> DrawerChanged {
        guard let kind = DrawerChanged.Kind.allCases.first(where: { $0.eventType == type }) else { throw .malformed("not a drawer step") }
        let day = try reader.int()
        let flags = try reader.byte()
        guard flags < 64 else { throw .malformed("unknown flags of a drawer step") }
        var amounts: [Money] = []
        for _ in 0..<5 { amounts.append(Money(hundredths: try reader.int())) }
        let takings = try decodeTakings(&reader)
        let counted = flags & 2 != 0 ? Money(hundredths: try reader.int()) : nil
        let reason = flags & 1 != 0 ? try reader.string() : nil
        let currency = flags & 4 != 0 ? try reader.string() : nil
        let taxes = flags & 8 != 0 ? try decodeTaxes(&reader) : []
        let operatorName = flags & 16 != 0 ? try reader.string() : nil
        let operators = flags & 32 != 0 ? try decodeOperators(&reader) : []
        return DrawerChanged(
            kind: kind, day: day, amount: amounts[0], reason: reason, float: amounts[1], payIns: amounts[2], payOuts: amounts[3],
            takings: takings, expected: amounts[4], counted: counted, currency: currency, taxes: taxes, operators: operators,
            operatorName: operatorName
        )
    }

    /// The drawer's day by operator: `count (flags:u8 [name:string] takings payIns payOuts)*`,
    /// flag 1 the operator's name follows (none: self-service), `takings` as `encode(takings:)`
    /// writes them, amounts zigzag; in the drawer's events (flag 32) and the snapshot's drawer
    /// section (flag 8).
    static func encode<Output: ByteOutput & ~Copyable>(operators: [DrawerOperator], into writer: inout Output) {
        writer.varint(UInt64(operators.count))
        for line in operators {
            writer.byte(line.name == nil ? 0 : 1)
            if let name = line.name { writer.string(name) }
            encode(takings: line.takings, into: &writer)
            writer.int(line.payIns.hundredths)
            writer.int(line.payOuts.hundredths)
        }
    }

    static func decodeOperators(_ reader: inout ByteReader) throws(RecordDecodingError) -> [DrawerOperator] {
        var operators: [DrawerOperator] = []
        for _ in 0..<(try reader.count(minimumBytes: 3 + 5 * Tender.allCases.count)) {
            let flags = try reader.byte()
            guard flags < 2 else { throw .malformed("unknown flags of an operator of the drawer's day") }
            let name = flags & 1 != 0 ? try reader.string() : nil
            let takings = try decodeTakings(&reader)
            operators.append(DrawerOperator(
                name: name, takings: takings, payIns: Money(hundredths: try reader.int()), payOuts: Money(hundredths: try reader.int())
            ))
        }
        return operators
    }

    /// The drawer's day by tax rate: `count (name:string flags:u8 [rate:zigzag] taxable tax)*`,
    /// flags 1 included, 2 a rate (in parts per 100,000) follows; in the drawer's events
    /// (flag 8) and the snapshot's drawer section (flag 4).
    static func encode<Output: ByteOutput & ~Copyable>(taxes: [DrawerTax], into writer: inout Output) {
        writer.varint(UInt64(taxes.count))
        for tax in taxes {
            writer.string(tax.name)
            writer.byte((tax.included ? 1 : 0) | (tax.rate == nil ? 0 : 2))
            if let rate = tax.rate { writer.int(rate.parts) }
            writer.int(tax.taxable.hundredths)
            writer.int(tax.tax.hundredths)
        }
    }

    static func decodeTaxes(_ reader: inout ByteReader) throws(RecordDecodingError) -> [DrawerTax] {
        var taxes: [DrawerTax] = []
        for _ in 0..<(try reader.count(minimumBytes: 4)) {
            let name = try reader.string()
            let flags = try reader.byte()
            guard flags < 4 else { throw .malformed("unknown flags of a tax of the drawer's day") }
            let rate = flags & 2 != 0 ? Rate(parts: min(max(0, try reader.int()), Rate.whole)) : nil
            taxes.append(DrawerTax(
                name: name, rate: rate, included: flags & 1 != 0, taxable: Money(hundredths: try reader.int()), tax: Money(hundredths: try reader.int())
            ))
        }
        return taxes
    }

    /// Each tender's takings, in `Tender` order: payments amount tips rounding refunds, each
    /// zigzag: in the drawer's events and the snapshot's payments and drawer sections.
    static func encode<Output: ByteOutput & ~Copyable>(takings: [PaymentBook.Takings], into writer: inout Output) {
        for takings in takings {
            writer.int(takings.payments)
            for amount in [takings.amount, takings.tips, takings.rounding, takings.refunds] { writer.int(amount.hundredths) }
        }
    }

    static func decodeTakings(_ reader: inout ByteReader) throws(RecordDecodingError) -> [PaymentBook.Takings] {
        var takings: [PaymentBook.Takings] = []
        for _ in Tender.allCases {
            let count = max(0, try reader.int())
            takings.append(PaymentBook.Takings(
                payments: count, amount: Money(hundredths: try reader.int()), tips: Money(hundredths: try reader.int()),
                rounding: Money(hundredths: try reader.int()), refunds: Money(hundredths: try reader.int())
            ))
        }
        return takings
    }
}
