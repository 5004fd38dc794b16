import KioskCore

/// The independent random streams of one replication, all derived from one seed.
///
/// Every purpose draws from its own stream, 2^128 steps from the next (`jump()`), and every
/// replication from its own block, 2^192 steps from the next (`longJump()`). So changing
/// how one purpose draws — a patience option, a restock policy, refused orders — never
/// changes what another draws, and replication 0 is the run of the plain seed. A new
/// purpose goes last, so adding one leaves the existing streams as they were.
public struct RandomStreams: Sendable, Equatable {
    /// Time between arrivals.
    public var arrivals: Xoshiro256StarStar
    /// Which item each customer orders.
    public var items: Xoshiro256StarStar
    /// Each ticket's preparation time.
    public var service: Xoshiro256StarStar
    /// How long each customer will wait.
    public var patience: Xoshiro256StarStar
    /// The seed of the kiosk's event ids.
    public var ids: Xoshiro256StarStar
    /// The size and options each customer chooses of an item that has them.
    public var choices: Xoshiro256StarStar
    /// How each customer pays, on a menu with a checkout: by card or cash, and whether the
    /// card is declined.
    public var payments: Xoshiro256StarStar

    /// The streams of replication `replication` (0 first) of `seed`.
    public init(seed: UInt64, replication: Int = 0) {
        var block = Xoshiro256StarStar(seed: seed)
        for _ in 0..<max(0, replication) { block.longJump() }
        self.init(block: block)
    }

    /// The streams that start at `block`, one `jump()` apart.
    init(block: Xoshiro256StarStar) {
        var stream = block
        func take() -> Xoshiro256StarStar {
            defer { stream.jump() }
            return stream
        }
        arrivals = take()
        items = take()
        service = take()
        patience = take()
        ids = take()
        choices = take()
        payments = take()
    }
}
