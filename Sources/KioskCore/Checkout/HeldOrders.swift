/// The orders of a menu paid first that hold their stock, unpaid, with no ticket yet: each
/// with when its hold ends, the soonest first.
public struct HeldOrders: Sendable, Hashable {
    /// One held order.
    public struct Hold: Sendable, Hashable {
        /// The `seq` of the order's `order.succeeded`.
        public let order: UInt64
        public let until: Timestamp

        public init(order: UInt64, until: Timestamp) {
            self.order = order
            self.until = until
        }
    }

    /// Soonest end first; orders held at once end in the order they were made.
    public private(set) var holds: [Hold] = []

    public init(_ holds: [Hold] = []) {
        for hold in holds { insert(hold) }
    }

    public var isEmpty: Bool { holds.isEmpty }

    /// The hold that ends first.
    public var first: Hold? { holds.first }

    /// Whether order `order` is held.
    public func contains(_ order: UInt64) -> Bool {
        holds.contains { $0.order == order }
    }

    /// Holds an order until `hold.until`: once, whatever holds it twice.
    mutating func insert(_ hold: Hold) {
        guard !contains(hold.order) else { return }
        // Holds are made in time order and mostly last as long: the place is at the end.
        let place = holds.lastIndex { $0.until <= hold.until }.map { $0 + 1 } ?? 0
        holds.insert(hold, at: place)
    }

    /// Lets order `order` go: paid, voided, or its hold ended. Whether it was held.
    @discardableResult
    mutating func remove(_ order: UInt64) -> Bool {
        guard let index = holds.firstIndex(where: { $0.order == order }) else { return false }
        holds.remove(at: index)
        return true
    }
}
