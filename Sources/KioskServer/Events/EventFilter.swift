import KioskCore
import KioskText

/// Which events a stream sends: `?types=order.*,ticket.ready`, within what the caller may
/// see.
public enum EventFilter {
    /// What a customer sees: orders (and an order paid first's hold), stock and the menu
    /// (what can be had), the board's moves (the ready screen). Not restock alerts, late
    /// marks or suggestions (which name profiles): those are the operator's.
    public static let customerTypes = EventTypes([
        .orderSucceeded, .orderFailed, .orderHeld, .stockChanged, .menuReloaded, .ticketOpened, .ticketStarted, .ticketReady,
        .ticketPickedUp, .ticketRecalled, .ticketCancelled,
    ])

    /// The types `?types=` names: each a type (`ticket.ready`) or a family (`ticket.*`),
    /// separated by commas; `*` alone, or nothing, is every type. A name that means no type
    /// is a problem, so a typo does not look like a quiet stream.
    public static func types(_ text: String?) throws(Problem) -> EventTypes {
        guard let text, !text.isEmpty else { return .all }
        var types = EventTypes()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pattern = String(part).trimmingWhitespace()
            let matching: [EventType] = if pattern == "*" {
                EventType.allCases
            } else if pattern.hasSuffix(".*") {
                EventType.allCases.filter { $0.rawValue.hasPrefix(pattern.dropLast()) }
            } else {
                EventType.allCases.filter { $0.rawValue == pattern }
            }
            guard !matching.isEmpty else {
                throw Problem.invalidQuery(
                    "'\(TerminalText.visible(pattern))' is no event type; give types such as order.succeeded or families such as ticket.*"
                )
            }
            types.formUnion(EventTypes(matching))
        }
        return types
    }
}
