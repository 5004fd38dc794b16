import KioskApplication
import KioskCore
import KioskText
import KioskWire

/// The API's routes, each by running the command a person would type: the rules are the
/// commands', never the server's. A route reads its path, query and body into the
/// command's arguments; names and numbers go in as text, so they are checked as typed ones
/// are, with the same errors.
public enum APIRoutes {
    /// Every route of `/api/v1`; `document` is what `GET /openapi.json` answers.
    public static func all(document: [UInt8]) -> [Route] {
        [
            Route("GET", [.literal("menu")], role: .customer) { request throws(Problem) in
                .command(try request.command("menu", NoArguments()))
            },
            Route("GET", [.literal("stock")], role: .operator) { request throws(Problem) in
                .command(try request.command("stock", StockCommand.Arguments.list))
            },
            Route("PATCH", [.literal("stock"), .parameter("ingredient")], role: .operator, takesBody: true, stockEdit),
            Route("POST", [.literal("orders")], role: .customer, takesBody: true, order),
            Route("POST", [.literal("orders"), .parameter("order"), .literal("payments")], role: .payer, takesBody: true, payment),
            Route("POST", [.literal("orders"), .parameter("order"), .literal("refunds")], role: .operator, takesBody: true, refund),
            Route("POST", [.literal("orders"), .parameter("order"), .literal("void")], role: .operator, void),
            Route("POST", [.literal("prices")], role: .customer, takesBody: true, price),
            Route("GET", [.literal("drawer")], role: .operator) { request throws(Problem) in
                .command(try request.command("report", ReportCommand.Arguments.x))
            },
            Route("POST", [.literal("drawer")], role: .operator, takesBody: true, drawer),
            Route("POST", [.literal("drawer"), .literal("close")], role: .operator) { request throws(Problem) in
                .command(try request.command("report", ReportCommand.Arguments.z), created: true)
            },
            Route("GET", [.literal("orders")], role: .operator, history),
            Route("GET", [.literal("orders"), .parameter("order")], role: .operator, receipt),
            Route("GET", [.literal("orders"), .parameter("order"), .literal("receipt")], role: .operator, receipt),
            Route("GET", [.literal("board")], role: .customer, board),
            Route("POST", [.literal("tickets"), .parameter("ticket"), .parameter("move")], role: .operator, ticketMove),
            Route("POST", [.literal("tickets"), .parameter("move")], role: .operator, defaultTicketMove),
            Route("POST", [.literal("suggestions")], role: .customer, takesBody: true, suggestion),
            Route("GET", [.literal("report")], role: .operator) { request throws(Problem) in
                .command(try request.command("report", ReportCommand.Arguments.sales))
            },
            Route("POST", [.literal("reload")], role: .operator) { request throws(Problem) in
                .command(try request.command("reload", NoArguments()))
            },
            Route("GET", [.literal("sinks")], role: .operator) { request throws(Problem) in
                .command(try request.command("sinks", SinksCommand.Arguments.statuses))
            },
            Route("GET", [.literal("health")], role: .customer) { _ throws(Problem) in .health },
            Route("GET", [.literal("events")], role: .customer, events),
            Route("GET", [.literal("openapi.json")], role: .customer) { _ throws(Problem) in
                .respond(HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "application/json")], body: document))
            },
        ]
    }

    /// The ticket moves of `POST /tickets/{ticket}/{move}`: each a command of its own name.
    public static let ticketMoves = ["start", "ready", "pickup", "bump", "recall", "cancel"]

    // MARK: Routes

    /// `PATCH /stock/{ingredient}` with `{"set": N}`, `{"add": N}` or `{"remove": N}`:
    /// `stock set|add|remove INGREDIENT N`; or `{"restock": N}`: `restock INGREDIENT N`.
    private static func stockEdit(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let fields = try JSONBody(request.body, allowed: ["set", "add", "remove", "restock"])
        guard fields.count == 1, let (key, value) = fields.first else {
            throw Problem.invalidBody("give exactly one of \"set\", \"add\", \"remove\" or \"restock\" with a whole number, such as {\"add\": 5}")
        }
        guard let edit = StockEdit(rawValue: key) else { throw Problem.invalidBody("unknown edit '\(key)'") }
        let text = try number(value, key)
        let ingredient = request.parameters["ingredient"] ?? ""
        if edit == .restock {
            let amount = try commandArgument("restock") { () throws(CommandError) in try CommandParser.number(text, what: "amount", minimum: 0) }
            let arguments = RestockCommand.Arguments.one(ingredient: ingredient, amount: amount)
            return .command(try request.command("restock", arguments), pathNames: ["unknown_ingredient"])
        }
        let amount = try commandArgument("stock") { () throws(CommandError) in try CommandParser.number(text, what: "amount", minimum: 0) }
        return .command(try request.command("stock", StockCommand.Arguments.edit(edit, ingredient: ingredient, amount: amount)), pathNames: ["unknown_ingredient"])
    }

    /// `POST /orders` with `{"lines":[{"item":"Mango Juice","quantity":1}, …]}`: one
    /// all-or-nothing `order`. A line of an item with choices may add `"size"` and
    /// `"options": [{"group": "Milk", "option": "Oat", "count": 1}, …]` (group and count
    /// optional); a combo is `{"combo": NAME, "quantity": N, "items": [line, …]}`. The menu's
    /// `ask` discounts the till gives are `"discounts": ["Staff"]`.
    private static func order(_ request: RouteRequest) throws(Problem) -> RouteAction {
        .command(try request.command("order", try orderArguments(request)), created: true)
    }

    /// `POST /orders/{order}/payments` with `{"tender": "cash", "amount": 20}` (and
    /// `"split": true` for one part of a payment) or `{"tender": "card", "card":
    /// "4242424242424242", "tip": 1.5}` (`"card"` may be `"timeout"`, `"offline"` or
    /// `"cancel"`; `"tip"` an amount or `"15%"`): `pay ORDER cash|card …`.
    private static func payment(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let fields = try JSONBody(request.body, allowed: ["tender", "amount", "split", "card", "tip"])
        let value = { (key: String) in fields.first { $0.key == key }?.value }
        let order = try commandArgument("pay") { () throws(CommandError) in try ReceiptCommand.sequence(request.parameters["order"] ?? "") }
        let method: PayCommand.Arguments.Method
        switch value("tender")?.string {
        case "cash":
            guard value("card") == nil, value("tip") == nil else { throw Problem.invalidBody("a cash payment takes \"amount\" and \"split\", not a card or a tip") }
            guard let amount = value("amount") else { throw Problem.invalidBody("a cash payment needs the \"amount\" tendered, such as {\"tender\": \"cash\", \"amount\": 20}") }
            let text = try money(amount, "amount")
            var split = false
            if let given = value("split") {
                guard case .bool(let flag) = given else { throw Problem.invalidBody("\"split\" is true or false") }
                split = flag
            }
            let tendered = try commandArgument("pay") { () throws(CommandError) in try PayCommand.amount(text) }
            method = .cash(tendered: tendered, split: split)
        case "card":
            guard value("amount") == nil, value("split") == nil else {
                throw Problem.invalidBody("a card payment charges what is due: it takes \"card\" and \"tip\", not an amount")
            }
            var presentation = CardPresentation.tap
            if let card = value("card") {
                guard let text = card.string else { throw Problem.invalidBody("\"card\" is a card number or \"timeout\", \"offline\" or \"cancel\", a string") }
                presentation = try commandArgument("pay") { () throws(CommandError) in try PayCommand.card(text) }
            }
            var tip: Tip?
            if let given = value("tip") {
                let text: String
                if let percent = given.string, percent.hasSuffix("%") { text = percent } else { text = try money(given, "tip") }
                tip = try commandArgument("pay") { () throws(CommandError) in try PayCommand.tip(text) }
            }
            method = .card(presentation, tip: tip)
        default:
            throw Problem.invalidBody("give the payment's \"tender\": \"cash\" or \"card\"")
        }
        return .command(try request.command("pay", PayCommand.Arguments(order: order, method: method)), created: true, pathNames: ["unknown_order"])
    }

    /// `POST /orders/{order}/refunds` with `{}` (all that is left), `{"amount": 2.5}` or
    /// `{"line": 2}`, and `"restock": true` to put the order's stock back: `refund ORDER
    /// [AMOUNT|line N] [restock]`.
    private static func refund(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let fields = try JSONBody(request.body, allowed: ["amount", "line", "restock"])
        let value = { (key: String) in fields.first { $0.key == key }?.value }
        let order = try commandArgument("refund") { () throws(CommandError) in try ReceiptCommand.sequence(request.parameters["order"] ?? "") }
        var amount: Money?
        if let given = value("amount") {
            let text = try money(given, "amount")
            amount = try commandArgument("refund") { () throws(CommandError) in try PayCommand.amount(text) }
        }
        var line: Int?
        if let given = value("line") {
            guard amount == nil else { throw Problem.invalidBody("give \"amount\" or \"line\", not both") }
            guard let number = given.int, number >= 1 else { throw Problem.invalidBody("\"line\" is a line of the order, from 1") }
            line = number
        }
        var restock = false
        if let given = value("restock") {
            guard case .bool(let flag) = given else { throw Problem.invalidBody("\"restock\" is true or false") }
            restock = flag
        }
        let arguments = RefundCommand.Arguments(order: order, amount: amount, line: line, restock: restock)
        return .command(try request.command("refund", arguments), created: true, pathNames: ["unknown_order"])
    }

    /// `POST /drawer` with `{"step": "open", "amount": 100}`, `{"step": "in", "amount": 20,
    /// "reason": "change"}`, `"out"` likewise, or `{"step": "count", "amount": 212.4}`:
    /// `drawer open|in|out|count AMOUNT [REASON]`.
    private static func drawer(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let fields = try JSONBody(request.body, allowed: ["step", "amount", "reason"])
        let value = { (key: String) in fields.first { $0.key == key }?.value }
        guard case .string(let step)? = value("step"), ["open", "in", "out", "count"].contains(step) else {
            throw Problem.invalidBody("give the drawer's \"step\": \"open\", \"in\", \"out\" or \"count\"")
        }
        guard let given = value("amount") else { throw Problem.invalidBody("give the step's \"amount\", such as 100") }
        let text = try money(given, "amount")
        let amount = try commandArgument("drawer") { () throws(CommandError) in try PayCommand.amount(text) }
        var reason = ""
        if let given = value("reason") {
            guard case .string(let words) = given else { throw Problem.invalidBody("\"reason\" is text") }
            reason = words.trimmingWhitespace()
        }
        let arguments: DrawerCommand.Arguments
        switch step {
        case "open", "count":
            guard reason.isEmpty else { throw Problem.invalidBody("only \"in\" and \"out\" take a \"reason\"") }
            arguments = step == "open" ? .open(amount) : .count(amount)
        default:
            guard !reason.isEmpty else {
                throw Problem(CommandError.reasonRequired(command: "drawer \(step)"), command: "drawer")
            }
            arguments = step == "in" ? .paidIn(amount, reason: reason) : .paidOut(amount, reason: reason)
        }
        return .command(try request.command("drawer", arguments), created: true)
    }

    /// `POST /orders/{order}/void`: `void ORDER`.
    private static func void(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let order = try commandArgument("void") { () throws(CommandError) in try ReceiptCommand.sequence(request.parameters["order"] ?? "") }
        return .command(try request.command("void", VoidCommand.Arguments(order: order)), pathNames: ["unknown_order"])
    }

    /// A JSON number as an amount's text: `20`, `12.5`.
    private static func money(_ value: JSONValue, _ name: String) throws(Problem) -> String {
        guard case .number(let text) = value else { throw Problem.invalidBody("\"\(name)\" is an amount, a number such as 12.50") }
        return JSONNumber.integerText(text) ?? text
    }

    /// `POST /prices` with the body of `POST /orders`: `price`, what the order would cost
    /// now with every discount and tax, without placing it. The kiosk screen's basket asks
    /// it, so the screen never prices an order by a rule of its own.
    private static func price(_ request: RouteRequest) throws(Problem) -> RouteAction {
        .command(try request.command("price", PriceCommand.Arguments(order: try orderArguments(request))))
    }

    /// The lines and asked discounts of an order's body.
    private static func orderArguments(_ request: RouteRequest) throws(Problem) -> OrderCommand.Arguments {
        let fields = try JSONBody(request.body, allowed: ["lines", "discounts"])
        guard let lines = fields.first(where: { $0.key == "lines" })?.value.array, !lines.isEmpty else {
            throw Problem.invalidBody("give the order's \"lines\": [{\"item\": \"Mango Juice\", \"quantity\": 1}, …], at least one")
        }
        guard lines.count <= 1_000 else { throw Problem.invalidBody("an order has at most 1,000 lines") }
        var requests: [OrderRequest] = []
        for line in lines {
            if case .object(let fields) = line, fields.contains(where: { $0.key == "combo" }) {
                requests.append(try combo(line))
            } else {
                requests.append(try orderLine(line, what: "each line"))
            }
        }
        var discounts: [String] = []
        if let given = fields.first(where: { $0.key == "discounts" })?.value {
            guard let names = given.array, names.count <= 100 else { throw Problem.invalidBody("\"discounts\" is an array of discount names, at most 100") }
            for name in names {
                guard let text = name.string, !text.isEmpty else { throw Problem.invalidBody("each of \"discounts\" is a discount's name") }
                discounts.append(text)
            }
        }
        return OrderCommand.Arguments(requests, discounts: discounts)
    }

    /// `{"item": …, "quantity": …, "size": …, "options": […]}`: a line, or a combo's part
    /// (whose quantity is how many one combo takes).
    private static func orderLine(_ line: JSONValue, what: String) throws(Problem) -> OrderRequest {
        let parts = try JSONBody(line, allowed: ["item", "quantity", "size", "options"], what: what)
        guard let item = parts.first(where: { $0.key == "item" })?.value.string else {
            throw Problem.invalidBody("\(what) needs an \"item\": the item's name, alias or slug")
        }
        let quantity = try parts.first { $0.key == "quantity" }.map { field throws(Problem) in try number(field.value, "quantity") }
        return OrderRequest(item: item, quantity: quantity, choice: try choice(of: parts))
    }

    /// `{"combo": "Breakfast Set", "quantity": 1, "items": [{"item": "Latte", …}, {"item": "Muffin"}]}`.
    private static func combo(_ line: JSONValue) throws(Problem) -> OrderRequest {
        let fields = try JSONBody(line, allowed: ["combo", "quantity", "items"], what: "a combo line")
        guard let name = fields.first(where: { $0.key == "combo" })?.value.string else {
            throw Problem.invalidBody("a combo line's \"combo\" is the combo's name, a string")
        }
        guard let items = fields.first(where: { $0.key == "items" })?.value.array, !items.isEmpty, items.count <= 1_000 else {
            throw Problem.invalidBody("a combo line needs its \"items\": [{\"item\": \"Latte\"}, …], from 1 to 1,000")
        }
        let quantity = try fields.first { $0.key == "quantity" }.map { field throws(Problem) in try number(field.value, "quantity") }
        var parts: [OrderRequest] = []
        for item in items { parts.append(try orderLine(item, what: "each item of a combo")) }
        return OrderRequest(combo: name, quantity: quantity, parts: parts)
    }

    /// A line's `"size"` and `"options"`, or `nil` when it gives neither.
    private static func choice(of parts: [(key: String, value: JSONValue)]) throws(Problem) -> OrderRequest.ChoiceRequest? {
        let size = parts.first { $0.key == "size" }?.value
        let options = parts.first { $0.key == "options" }?.value
        guard size != nil || options != nil else { return nil }
        if let size, size.string == nil { throw Problem.invalidBody("a line's \"size\" is the size's name, a string") }
        var chosen: [OrderRequest.ChoiceRequest.Option] = []
        if let options {
            guard let list = options.array, list.count <= 1_000 else {
                throw Problem.invalidBody("a line's \"options\" is a list of at most 1,000 {\"group\": …, \"option\": …, \"count\": …}")
            }
            for entry in list {
                let fields = try JSONBody(entry, allowed: ["group", "option", "count"], what: "each option")
                guard let name = fields.first(where: { $0.key == "option" })?.value.string else {
                    throw Problem.invalidBody("each option needs an \"option\": its name (and a \"group\" when two groups have it)")
                }
                let group = fields.first { $0.key == "group" }?.value
                if let group, group.string == nil { throw Problem.invalidBody("an option's \"group\" is the group's name, a string") }
                let count = try fields.first { $0.key == "count" }.map { field throws(Problem) in try number(field.value, "count") }
                chosen.append(.init(group: group?.string, option: name, count: count))
            }
        }
        return OrderRequest.ChoiceRequest(size: size?.string, options: chosen)
    }

    /// `GET /orders?after=SEQ&limit=N`: `history`, a page at a time.
    private static func history(_ request: RouteRequest) throws(Problem) -> RouteAction {
        try checkQuery(request, allowed: ["after", "limit"])
        let arguments = try commandArgument("history") { () throws(CommandError) in
            try HistoryCommand.page(limit: request.query["limit"], after: request.query["after"])
        }
        return .command(try request.command("history", arguments))
    }

    /// `GET /orders/{n}` and `GET /orders/{n}/receipt`: `receipt N`, the order with its
    /// payments.
    private static func receipt(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let text = request.parameters["order"] ?? ""
        let sequence = try commandArgument("receipt") { () throws(CommandError) in try ReceiptCommand.sequence(text) }
        return .command(try request.command("receipt", ReceiptCommand.Arguments(sequence: sequence)), pathNames: ["unknown_order"])
    }

    /// `GET /board?view=kitchen|public|all-day`: `board`, `board public`, `board all-day`.
    private static func board(_ request: RouteRequest) throws(Problem) -> RouteAction {
        try checkQuery(request, allowed: ["view"])
        let view = request.query["view"] ?? "kitchen"
        let arguments: ShowBoardCommand.Arguments = switch view {
        case "kitchen": .kitchen
        case "public": .public
        case "all-day": .allDay
        default: throw Problem.invalidQuery("'view' is kitchen, public or all-day, not '\(TerminalText.visible(view))'")
        }
        return .command(try request.command("board", arguments))
    }

    /// `POST /tickets/{ticket}/{move}`: `start`, `ready`, `pickup`, `bump`, `recall` or
    /// `cancel` of ticket N.
    private static func ticketMove(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let move = request.parameters["move"] ?? ""
        guard ticketMoves.contains(move) else { throw Problem.notFound }
        let ticket = request.parameters["ticket"] ?? ""
        let arguments = try commandArgument(move) { () throws(CommandError) in try TicketMove.arguments(ticket: ticket) }
        return .command(try request.command(move, arguments), pathNames: ["unknown_ticket"])
    }

    /// `POST /tickets/{move}`: `start`, `ready`, `pickup`, `bump` or `recall` alone — the
    /// move's own ticket (the oldest waiting, the last picked up); `cancel` needs a number.
    private static func defaultTicketMove(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let move = request.parameters["move"] ?? ""
        guard ticketMoves.contains(move), move != "cancel" else { throw Problem.notFound }
        return .command(try request.command(move, TicketMove.Arguments(number: nil)))
    }

    /// `POST /suggestions` with `{"profiles":[…],"answers":["y","n","-"],"rule":"…",
    /// "lenient":false}`, or `{"next":true}`: `suggest`, or `suggest next`.
    private static func suggestion(_ request: RouteRequest) throws(Problem) -> RouteAction {
        let fields = try JSONBody(request.body, allowed: ["profiles", "answers", "rule", "lenient", "next"])
        let value = { (key: String) in fields.first { $0.key == key }?.value }
        if let next = value("next") {
            guard next == .bool(true), fields.count == 1 else { throw Problem.invalidBody("\"next\": true asks for the next page, alone") }
            return .command(try request.command("suggest", SuggestCommand.Arguments.next))
        }
        let profiles = try strings(value("profiles"), "profiles")
        let answers = try strings(value("answers"), "answers")
        var rule: String?
        if let given = value("rule") {
            guard let text = given.string else { throw Problem.invalidBody("\"rule\" is a rule's name, such as \"least-misery\"") }
            rule = text
        }
        var lenient = false
        if let given = value("lenient") {
            guard case .bool(let flag) = given else { throw Problem.invalidBody("\"lenient\" is true or false") }
            lenient = flag
        }
        let arguments = try commandArgument("suggest") { () throws(CommandError) in
            try SuggestCommand.arguments(profiles: profiles, answers: answers, rule: rule, lenient: lenient)
        }
        return .command(try request.command("suggest", arguments))
    }

    /// `GET /events?types=order.*,ticket.*&after=SEQ`: the event stream.
    private static func events(_ request: RouteRequest) throws(Problem) -> RouteAction {
        try checkQuery(request, allowed: ["types", "after"])
        let types = try EventFilter.types(request.query["types"])
        let after = try request.query["after"].map { text throws(Problem) in try sequenceNumber(text, "'after'") }
        return .events(types: types, after: after)
    }

    /// A sequence number (`after`, `Last-Event-ID`).
    static func sequenceNumber(_ text: String, _ what: String) throws(Problem) -> UInt64 {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = UInt64(text) else {
            throw Problem.invalidQuery("\(what) is an event's sequence number, such as 12")
        }
        return value
    }

    // MARK: Reading requests

    /// The fields of a JSON object body, each name at most once and among `allowed`.
    private static func JSONBody(_ value: JSONValue?, allowed: Set<String>, what: String = "the body") throws(Problem) -> [(key: String, value: JSONValue)] {
        guard let fields = value?.fields else { throw Problem.invalidBody("\(what) must be a JSON object") }
        var seen = Set<String>()
        for field in fields {
            guard allowed.contains(field.key) else {
                throw Problem.invalidBody("unknown field '\(TerminalText.visible(field.key))' in \(what); the fields are \(allowed.sorted().joined(separator: ", "))")
            }
            guard seen.insert(field.key).inserted else { throw Problem.invalidBody("'\(field.key)' is given twice in \(what)") }
        }
        return fields
    }

    /// A JSON number as its text, for the command's own check: `2` is a quantity; `2.5`
    /// and `1e3` are not, and say so as at the prompt. Anything but a number (`"2"`) is
    /// not what the API describes, and is refused as such.
    private static func number(_ value: JSONValue, _ name: String) throws(Problem) -> String {
        guard case .number(let text) = value else { throw Problem.invalidBody("\"\(name)\" is a whole number") }
        return JSONNumber.integerText(text) ?? text
    }

    /// A list of strings, or none.
    private static func strings(_ value: JSONValue?, _ name: String) throws(Problem) -> [String] {
        guard let value else { return [] }
        guard let items = value.array, items.count <= 100 else { throw Problem.invalidBody("\"\(name)\" is a list of at most 100 strings") }
        var strings: [String] = []
        for item in items {
            guard let text = item.string else { throw Problem.invalidBody("\"\(name)\" is a list of strings") }
            strings.append(text)
        }
        return strings
    }

    /// A query with names among `allowed` only.
    private static func checkQuery(_ request: RouteRequest, allowed: Set<String>) throws(Problem) {
        for name in request.query.keys where !allowed.contains(name) {
            throw Problem.invalidQuery("unknown query parameter '\(TerminalText.visible(name))'; the parameters are \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// Runs a command's own reading of an argument; its error is the problem the command
    /// would give.
    private static func commandArgument<T>(_ command: String, _ read: () throws(CommandError) -> T) throws(Problem) -> T {
        do throws(CommandError) {
            return try read()
        } catch {
            throw Problem(error, command: command)
        }
    }
}
