/// What became of one customer: a row of `--csv`.
///
/// Times are milliseconds since opening. Records go out when a customer's story ends — on
/// refusal, when their order is ready, or when they leave — so not in arrival order;
/// `customer` numbers customers in arrival order, from 1.
public struct CustomerRecord: Sendable, Equatable {
    public enum Outcome: String, Sendable, Equatable {
        case served
        /// The order was refused for missing stock: a lost sale.
        case refused
        /// The ticket had not started when the customer's patience ran out.
        case left
    }

    /// From 0.
    public let replication: Int
    public let customer: Int
    /// An index into the menu's items.
    public let item: Int
    /// An index into the configuration's stations.
    public let station: Int
    public let arrival: Int64
    /// When preparation started, if it did.
    public let start: Int64?
    /// When the order was ready, for a served customer; when the customer left, for one
    /// who left.
    public let end: Int64?
    public let outcome: Outcome

    public init(replication: Int, customer: Int, item: Int, station: Int, arrival: Int64, start: Int64?, end: Int64?, outcome: Outcome) {
        self.replication = replication
        self.customer = customer
        self.item = item
        self.station = station
        self.arrival = arrival
        self.start = start
        self.end = end
        self.outcome = outcome
    }
}
