import KioskApplication
import KioskCore
import KioskText

/// One route of the API: a method and a path pattern under `/api/v1`, who may call it, and
/// what it makes of a request.
public struct Route: Sendable {
    /// A part of a path pattern.
    public enum Segment: Sendable, Equatable {
        case literal(String)
        /// Any one segment, decoded, under this name.
        case parameter(String)
    }

    public let method: String
    public let pattern: [Segment]
    public let role: Role
    /// Whether the request carries a JSON body the route reads.
    public let takesBody: Bool
    let action: @Sendable (RouteRequest) throws(Problem) -> RouteAction

    init(
        _ method: String, _ pattern: [Segment], role: Role, takesBody: Bool = false,
        _ action: @escaping @Sendable (RouteRequest) throws(Problem) -> RouteAction
    ) {
        self.method = method
        self.pattern = pattern
        self.role = role
        self.takesBody = takesBody
        self.action = action
    }

    /// Whether the route changes the state: anything but `GET` (no `GET` changes anything).
    public var changesState: Bool { method != "GET" }

    /// `/api/v1/stock/{ingredient}`.
    public var template: String {
        Router.prefix + pattern.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter(let name): "/{" + name + "}"
            }
        }.joined()
    }
}

/// Who may call a route.
public enum Role: String, Sendable {
    /// Anyone who can reach the server: the menu, orders, suggestions, the board.
    case customer
    /// Whoever holds the operator's token: stock, tickets, reports, sinks, reloads.
    case `operator`
    /// The operator, or a customer who has the order's payment key (`PaymentKeys`): a
    /// payment.
    case payer
}

/// What a route makes of a request.
public enum RouteAction: Sendable {
    /// An answer at once, without the session (the API's description).
    case respond(HTTPResponse)
    /// A command for the session, run on the command thread. `created`: a success is
    /// `201 Created`. `pathNames`: the error codes that mean the path names nothing (404).
    case command(Command, created: Bool = false, pathNames: Set<String> = [])
    /// The server's health, from the session.
    case health
    /// `GET /events`: the types asked for (`?types=`), and where to resume (`?after=`).
    case events(types: EventTypes, after: UInt64?)
}

/// What a route's action reads: the path's parameters, the query, the body, the commands.
public struct RouteRequest: Sendable {
    public let parameters: [String: String]
    /// The query's arguments, decoded; a name given twice keeps its first value.
    public let query: [String: String]
    /// The body, parsed, for a route that takes one.
    public let body: JSONValue?
    public let commands: CommandTable

    public init(parameters: [String: String] = [:], query: [String: String] = [:], body: JSONValue? = nil, commands: CommandTable) {
        self.parameters = parameters
        self.query = query
        self.body = body
        self.commands = commands
    }

    /// The command `name` with `arguments`. Every route names a command of the standard
    /// table; a table without it is a server fault, said as one.
    func command(_ name: String, _ arguments: any CommandArguments) throws(Problem) -> Command {
        guard let entry = commands.entry(named: name) else {
            throw Problem(status: 500, code: "internal", detail: "this kiosk has no '\(name)' command")
        }
        return Command(entry: entry, arguments: arguments)
    }
}
