import KioskApplication
import KioskServer
import Testing

@Suite struct RouterTests {
    let router = Router(routes: APIRoutes.all(document: []))

    @Test func findsARouteWithItsParameters() throws {
        let match = try router.match(method: "PATCH", path: "/api/v1/stock/oat%20milk")
        #expect(match.route.template == "/api/v1/stock/{ingredient}")
        #expect(match.parameters == ["ingredient": "oat milk"])
    }

    @Test func anEncodedSlashStaysInsideItsSegment() throws {
        #expect(try router.match(method: "PATCH", path: "/api/v1/stock/a%2Fb").parameters == ["ingredient": "a/b"])
    }

    @Test func headIsGetWithoutTheBody() throws {
        #expect(try router.match(method: "HEAD", path: "/api/v1/menu").route.method == "GET")
    }

    @Test(arguments: ["/", "/api/v1", "/api/v1/", "/api/v1/menu/", "/api/v1//menu", "/api/v2/menu", "/api/v1/nothing", "/api/v1/stock/%zz"])
    func unknownPathsAreNotFound(_ path: String) {
        #expect(throws: Problem.notFound) { try router.match(method: "GET", path: path) }
    }

    @Test func aKnownPathWithTheWrongMethodSaysWhichAreAllowed() {
        #expect(throws: Problem.methodNotAllowed("DELETE", allowed: ["GET", "HEAD", "POST"])) {
            try router.match(method: "DELETE", path: "/api/v1/orders")
        }
        #expect(throws: Problem.methodNotAllowed("GET", allowed: ["POST"])) { try router.match(method: "GET", path: "/api/v1/reload") }
    }

    @Test func everyRouteRunsACommandOfTheStandardTable() throws {
        let routes = APIRoutes.all(document: [])
        #expect(routes.count == 24)
        // No GET changes the state; every route that does is POST or PATCH.
        #expect(routes.filter(\.changesState).allSatisfy { ["POST", "PATCH"].contains($0.method) })
        for move in APIRoutes.ticketMoves {
            #expect(CommandTable.standard.entry(named: move) != nil)
        }
    }
}
