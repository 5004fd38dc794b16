import KioskText

/// Finds the route of a request: by its path under `/api/v1`, then its method.
public struct Router: Sendable {
    public static let prefix = "/api/v1"
    public let routes: [Route]

    public init(routes: [Route]) {
        self.routes = routes
    }

    /// A route found, with the path's parameters.
    public struct Match: Sendable {
        public let route: Route
        public let parameters: [String: String]
    }

    /// The route for `method` on `path` (as sent, percent-encoded, without the query):
    /// `not_found` when no route has the path, `method_not_allowed` (with the methods it
    /// has) when none has the method. `HEAD` is `GET` without the body.
    public func match(method: String, path: String) throws(Problem) -> Match {
        guard let segments = Router.segments(of: path) else { throw Problem.notFound }
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Router.bind(route.pattern, to: segments) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return Match(route: route, parameters: parameters)
            }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        guard !allowed.isEmpty else { throw Problem.notFound }
        throw Problem.methodNotAllowed(method, allowed: allowed.sorted())
    }

    /// The methods a path allows (for `OPTIONS` and CORS); empty when it names no route.
    public func methods(for path: String) -> [String] {
        guard let segments = Router.segments(of: path) else { return [] }
        return routes.filter { Router.bind($0.pattern, to: segments) != nil }.map(\.method)
    }

    /// The decoded segments after `/api/v1`; `nil` for a path outside it, with an empty
    /// segment (`//`, a trailing `/`), or not percent-encoded properly.
    static func segments(of path: String) -> [String]? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        var segments: [String] = []
        for raw in path.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false) {
            guard !raw.isEmpty, let decoded = PercentEncoding.decode(raw) else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    private static func bind(_ pattern: [Route.Segment], to segments: [String]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            switch part {
            case .literal(let text): guard text == segment else { return nil }
            case .parameter(let name): parameters[name] = segment
            }
        }
        return parameters
    }
}
