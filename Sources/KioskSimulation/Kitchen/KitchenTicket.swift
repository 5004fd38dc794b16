/// One item to prepare at one station.
public struct KitchenTicket: Sendable, Hashable {
    public let id: TicketID
    /// An index into the configuration's stations.
    public let station: Int
    /// An index into the menu's items.
    public let item: Int
    /// How long one server takes to prepare it, drawn when the order was made.
    public let preparationMilliseconds: Int64

    public init(id: TicketID, station: Int, item: Int, preparationMilliseconds: Int64) {
        self.id = id
        self.station = station
        self.item = item
        self.preparationMilliseconds = preparationMilliseconds
    }
}
