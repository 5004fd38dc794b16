extension Duration {
    /// Whole milliseconds, rounded down: kiosk's unit for timeouts, prep times and back-offs.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
