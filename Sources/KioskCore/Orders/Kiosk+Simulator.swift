extension Kiosk {
    /// Leaves the tickets to a simulator's own board (`Board(simulating:settings:)`),
    /// which it drives on its virtual clock: orders then open no ticket here, so no order
    /// is on two boards.
    public mutating func detachBoard() {
        board = nil
    }
}
