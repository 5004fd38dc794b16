import Foundation
import KioskTestSupport
import KioskText
import Testing

/// What the screens need from the API, as a script with curl gets it too: the pages
/// themselves, the menu's questions, allergens and board, where to follow the stream from,
/// the restock walk and the moves without a number.
@Suite struct ServeScreensAPITests {
    @Test func thePagesAreServedWithTheirOwnPolicy() throws {
        let server = try ServingKiosk()
        let page = try server.request("GET", "/kitchen")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; script-src 'self';") == true)
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("Cache-Control") == "no-cache")
        let etag = try #require(page.header("ETag"))
        #expect(try server.request("GET", "/kitchen", headers: [("If-None-Match", etag)]).status == 304)
        // A page answers to the server's own name only, as the API does.
        #expect(try server.client().request("GET", "/", headers: [("Host", "evil.example:80")]).status == 421)
        #expect(try server.request("GET", "/api/v1/menu").header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
        #expect(server.stop() == 0)
    }

    @Test func theMenuGivesItsQuestionsAllergensAndBoard() throws {
        let korean = try ServingKiosk(["--menu", "menus/juice-ko.kiosk"])
        let menu = try #require(JSONValue(parsing: try korean.request("GET", "/api/v1/menu").body))
        let questions = try #require(menu["result"]?["questions"]?.array)
        #expect(questions.count == 3)
        #expect(questions.first?["key"] == .string("달콤") && questions.first?["text"] == .string("달콤한 쥬스가 좋으세요?"))
        let first = menu["result"]?["items"]?.array?.first
        #expect(first?["allergens"] == .array([]) && first?["tags"] == .array([.string("달콤"), .string("베리")]))
        #expect(first?["station"] == nil && menu["result"]?["board"] == nil)
        #expect(korean.stop() == 0)

        let board = try ServingKiosk(["--menu", "menus/juice-board.kiosk"])
        let boardMenu = try #require(JSONValue(parsing: try board.request("GET", "/api/v1/menu").body))
        #expect(boardMenu["result"]?["board"]?["warnMs"] == .number("300000") && boardMenu["result"]?["board"]?["lateMs"] == .number("480000"))
        #expect(boardMenu["result"]?["board"]?["stations"]?.array?.count == 2)
        #expect(boardMenu["result"]?["items"]?.array?.first?["station"] == .string("blender"))
        #expect(boardMenu["result"]?["items"]?.array?.first?["prepMs"] == .number("120000"))
        #expect(boardMenu["result"]?["items"]?.array?.first?["allergens"] == nil, "not declared: left out")
        #expect(board.stop() == 0)
    }

    @Test func everyAnswerSaysWhereToFollowTheStreamFrom() throws {
        let server = try ServingKiosk(["--menu", "menus/juice-board.kiosk"])
        #expect(try server.request("GET", "/api/v1/board").json?["seq"] as? Int == 0)
        let made = try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"mango juice"}]}"#)
        #expect(made.json?["seq"] as? Int == 1)
        #expect(try server.request("GET", "/api/v1/board").json?["seq"] as? Int == 1)
        #expect(try server.request("GET", "/api/v1/stock", operator: true).json?["seq"] as? Int == 1)
        #expect(server.stop() == 0)
    }

    @Test func theRestockWalkAsTheAPIGivesIt() throws {
        let server = try ServingKiosk()
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"strawberry juice"}]}"#).status == 409)
        let stock = try #require(JSONValue(parsing: try server.request("GET", "/api/v1/stock", operator: true).body))
        let rows = try #require(stock["result"]?["ingredients"]?.array)
        // Short by 6 for the refused order; nothing else is low.
        #expect(rows.first { $0["name"] == .string("strawberry") }?["restock"] == .number("6"))
        #expect(rows.filter { $0["restock"] != nil }.count == 1)
        let restocked = try server.request("PATCH", "/api/v1/stock/strawberry", body: #"{"restock":6}"#, operator: true)
        #expect(restocked.status == 200)
        #expect(restocked.json?["command"] as? String == "restock")
        let event = (restocked.json?["events"] as? [[String: Any]])?.first
        #expect((event?["data"] as? [String: Any])?["reason"] as? String == "restock")
        #expect((event?["data"] as? [String: Any])?["to"] as? Int == 16)
        #expect(server.stop() == 0)
    }

    @Test func movesWithoutANumberTakeTheMovesOwnTicket() throws {
        let server = try ServingKiosk(["--menu", "menus/juice-board.kiosk"])
        #expect(try server.request("POST", "/api/v1/orders", body: #"{"lines":[{"item":"banana juice"}]}"#).status == 201)
        #expect(try server.request("POST", "/api/v1/tickets/recall", operator: true).status == 409)
        for move in ["bump", "bump", "pickup"] {
            #expect(try server.request("POST", "/api/v1/tickets/\(move)", operator: true).status == 200, "\(move)")
        }
        let recalled = try server.request("POST", "/api/v1/tickets/recall", operator: true)
        #expect(recalled.status == 200)
        #expect((recalled.json?["result"] as? [String: Any])?["ticket"] as? Int == 1)
        #expect((recalled.json?["result"] as? [String: Any])?["state"] as? String == "ready")
        #expect(try server.request("POST", "/api/v1/tickets/recall").status == 401)
        #expect(server.stop() == 0)
    }
}
