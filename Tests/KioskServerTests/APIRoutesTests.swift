import KioskApplication
import KioskCore
@testable import KioskServer
import KioskText
import Testing

/// Each route reads its request into the command a person would type, with the command's
/// own checks.
@Suite struct APIRoutesTests {
    let router = Router(routes: APIRoutes.all(document: Array("{}".utf8)))

    private func action(_ method: String, _ path: String, query: [String: String] = [:], body: String? = nil) throws(Problem) -> RouteAction {
        let match = try router.match(method: method, path: path)
        let json = body.map { JSONValue(parsing: Array($0.utf8)) ?? .null }
        return try match.route.action(RouteRequest(parameters: match.parameters, query: query, body: json, commands: .standard))
    }

    private func command(_ method: String, _ path: String, query: [String: String] = [:], body: String? = nil) throws -> Command {
        guard case .command(let command, _, _) = try action(method, path, query: query, body: body) else {
            Issue.record("no command")
            throw Problem.notFound
        }
        return command
    }

    private func typed(_ line: String) throws -> Command {
        try #require(try CommandParser.parse(line))
    }

    @Test func anOrderIsTheOrderCommand() throws {
        let command = try command("POST", "/api/v1/orders", body: #"{"lines":[{"item":"Mango Juice","quantity":2},{"item":"kiwi juice"}]}"#)
        #expect(command == Command(
            entry: try #require(CommandTable.standard.entry(named: "order")),
            arguments: OrderCommand.Arguments([OrderRequest(item: "Mango Juice", quantity: "2"), OrderRequest(item: "kiwi juice", quantity: nil)])
        ))
        guard case .command(_, let created, _) = try action("POST", "/api/v1/orders", body: #"{"lines":[{"item":"x"}]}"#) else { return }
        #expect(created)
    }

    @Test func aLineNamesItsSizeAndOptionsApart() throws {
        let body = #"{"lines":[{"item":"Latte","size":"large","options":[{"group":"Milk","option":"Oat"},{"option":"Extra shot","count":2}]}]}"#
        let command = try command("POST", "/api/v1/orders", body: body)
        let choice = OrderRequest.ChoiceRequest(size: "large", options: [
            .init(group: "Milk", option: "Oat", count: nil), .init(group: nil, option: "Extra shot", count: "2"),
        ])
        #expect(command == Command(
            entry: try #require(CommandTable.standard.entry(named: "order")),
            arguments: OrderCommand.Arguments([OrderRequest(item: "Latte", quantity: nil, choice: choice)])
        ))
    }

    @Test(arguments: [
        #"[]"#, #"{"lines":[]}"#, #"{"lines":[{"quantity":1}]}"#, #"{"lines":[{"item":"x","sized":"L"}]}"#, #"{"lines":[],"lines":[]}"#,
        #"{"lines":[{"item":"x","size":1}]}"#, #"{"lines":[{"item":"x","options":"Oat"}]}"#, #"{"lines":[{"item":"x","options":[{"group":"Milk"}]}]}"#,
        #"{"lines":[{"item":"x","options":[{"option":"Oat","count":"2"}]}]}"#, #"{"lines":[{"item":"x","options":[{"option":"Oat","extra":1}]}]}"#,
        #"{"lines":[{"item":"x","quantity":[1]}]}"#, #"{"line":[{"item":"x"}]}"#,
    ])
    func aMalformedOrderIsAnInvalidBody(_ body: String) {
        #expect {
            try action("POST", "/api/v1/orders", body: body)
        } throws: { ($0 as? Problem)?.code == "invalid_body" && ($0 as? Problem)?.status == 400 }
    }

    @Test func stockEditsAreStockCommands() throws {
        #expect(try command("PATCH", "/api/v1/stock/mango", body: #"{"add":5}"#) == typed("stock add mango 5"))
        #expect(try command("PATCH", "/api/v1/stock/oat%20milk", body: #"{"set":0}"#) == typed("stock set \"oat milk\" 0"))
        #expect(try command("PATCH", "/api/v1/stock/mango", body: #"{"remove":1}"#) == typed("stock remove mango 1"))
        #expect(try command("PATCH", "/api/v1/stock/mango", body: #"{"restock":8}"#) == typed("restock mango 8"))
    }

    @Test func aStockAmountIsCheckedAsTypedOnes() {
        #expect(throws: Problem(.notANumber("1.5", what: "amount"), command: "stock")) {
            try action("PATCH", "/api/v1/stock/mango", body: #"{"add":1.5}"#)
        }
        #expect(throws: Problem(.numberTooSmall("-1", what: "amount", minimum: 0), command: "stock")) {
            try action("PATCH", "/api/v1/stock/mango", body: #"{"add":-1}"#)
        }
        #expect(throws: Problem(.numberTooLarge("99999999999999999999", what: "amount"), command: "stock")) {
            try action("PATCH", "/api/v1/stock/mango", body: #"{"set":99999999999999999999}"#)
        }
        #expect { try action("PATCH", "/api/v1/stock/mango", body: #"{"add":1,"set":2}"#) } throws: { ($0 as? Problem)?.code == "invalid_body" }
    }

    @Test func historyPagesAndBoardViews() throws {
        #expect(try command("GET", "/api/v1/orders") == Command(entry: try #require(CommandTable.standard.entry(named: "history")), arguments: HistoryCommand.Arguments(count: 10)))
        #expect(
            try command("GET", "/api/v1/orders", query: ["after": "12", "limit": "50"])
                == Command(entry: try #require(CommandTable.standard.entry(named: "history")), arguments: HistoryCommand.Arguments(count: 50, after: 12))
        )
        #expect(throws: Problem(.notANumber("x", what: "after"), command: "history")) { try action("GET", "/api/v1/orders", query: ["after": "x"]) }
        #expect { try action("GET", "/api/v1/orders", query: ["page": "2"]) } throws: { ($0 as? Problem)?.code == "invalid_query" }
        #expect(try command("GET", "/api/v1/board", query: ["view": "public"]) == typed("board public"))
        #expect(try command("GET", "/api/v1/board") == typed("board"))
    }

    @Test func ticketMovesAreTheirCommands() throws {
        for move in APIRoutes.ticketMoves {
            #expect(try command("POST", "/api/v1/tickets/12/\(move)") == typed("\(move) 12"))
        }
        #expect(throws: Problem.notFound) { try action("POST", "/api/v1/tickets/12/eat") }
        #expect(throws: Problem(.notANumber("x", what: "ticket"), command: "start")) { try action("POST", "/api/v1/tickets/x/start") }
    }

    @Test func aMoveWithoutANumberIsTheMoveAlone() throws {
        for move in APIRoutes.ticketMoves where move != "cancel" {
            #expect(try command("POST", "/api/v1/tickets/\(move)") == typed(move))
        }
        // Cancel has no ticket of its own: it always names one.
        #expect(throws: Problem.notFound) { try action("POST", "/api/v1/tickets/cancel") }
        #expect(throws: Problem.notFound) { try action("POST", "/api/v1/tickets/eat") }
    }

    @Test func suggestionsAreTheSuggestCommand() throws {
        #expect(
            try command("POST", "/api/v1/suggestions", body: #"{"profiles":["ana","ben"],"answers":["y","n","-"],"rule":"least-misery","lenient":true}"#)
                == typed("suggest for ana, ben answers y,n,- rule least-misery lenient")
        )
        #expect(try command("POST", "/api/v1/suggestions", body: #"{"next":true}"#) == typed("suggest next"))
        #expect(throws: Problem(.notAnAnswer("maybe"), command: "suggest")) { try action("POST", "/api/v1/suggestions", body: #"{"answers":["maybe"]}"#) }
        #expect(throws: Problem(.unknownRule("avg", suggestion: nil), command: "suggest")) { try action("POST", "/api/v1/suggestions", body: #"{"rule":"avg"}"#) }
    }
}

@Suite struct JSONNumberTests {
    @Test func wholeNumbersInAnyJSONFormAreIntegers() {
        #expect(JSONNumber.integerText("12") == "12")
        #expect(JSONNumber.integerText("-3") == "-3")
        #expect(JSONNumber.integerText("1963.0") == "1963")
        #expect(JSONNumber.integerText("1.5e1") == "15")
        #expect(JSONNumber.integerText("2E3") == "2000")
        #expect(JSONNumber.integerText("-0.0") == "0")
        #expect(JSONNumber.integerText("120e-1") == "12")
        #expect(JSONNumber.integerText("1.5") == nil)
        #expect(JSONNumber.integerText("1e-1") == nil)
        #expect(JSONNumber.integerText("1e400") == nil)
        #expect(JSONNumber.integerText(String(repeating: "9", count: 41)) == nil)
    }
}
