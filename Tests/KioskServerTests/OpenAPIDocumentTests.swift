import KioskServer
import KioskText
import Testing

/// The API's description says what the routes are: every route, its role, its problems.
@Suite struct OpenAPIDocumentTests {
    let document = JSONValue(parsing: OpenAPIDocument.bytes)

    @Test func isOpenAPI31JSON() throws {
        let document = try #require(document)
        #expect(document["openapi"] == .string("3.1.0"))
        #expect(document["servers"]?.array?.first?["url"] == .string(Router.prefix))
    }

    @Test func describesEveryRouteAndNoOther() throws {
        let paths = try #require(document?["paths"]?.fields)
        let routes = APIRoutes.all(document: [])
        var described: Set<String> = []
        for (path, operations) in paths {
            for (method, _) in operations.fields ?? [] { described.insert("\(method.uppercased()) \(Router.prefix)\(path)") }
        }
        #expect(described == Set(routes.map { "\($0.method) \($0.template)" }))
    }

    @Test func operatorRoutesNeedTheTokenAndEveryOperationHasItsProblems() throws {
        let paths = try #require(document?["paths"])
        for route in APIRoutes.all(document: []) {
            let path = String(route.template.dropFirst(Router.prefix.count))
            let operation = try #require(paths[path]?[route.method.lowercased()], "\(route.template)")
            let security = operation["security"]?.array ?? []
            switch route.role {
            case .customer: #expect(security.isEmpty, "\(route.method) \(route.template)")
            case .operator: #expect(security.count == 1, "\(route.method) \(route.template)")
            case .payer:
                // No token (the order's key), or the operator's.
                #expect(security.count == 2 && security.first?.fields?.isEmpty == true, "\(route.method) \(route.template)")
                let headers = (operation["parameters"]?.array ?? []).compactMap { $0["name"]?.string }
                #expect(headers.contains("Kiosk-Payment-Key"), "\(route.method) \(route.template)")
            }
            #expect(operation["responses"]?["default"]?["content"]?["application/problem+json"] != nil, "\(route.method) \(route.template)")
            #expect(route.takesBody == (operation["requestBody"] != nil), "\(route.method) \(route.template)")
        }
    }
}
