import KioskCore

/// What the layers above keep in the state besides the kiosk, as of now.
extension Session {
    /// The fold of a layer's facts as the state holds it now — by this process or any
    /// other on it — first catching up with what others appended (opening the transaction
    /// the next command joins); `nil` without a store.
    ///
    /// A fact the next command appends (`execute(_:annotating:)`) goes into the record of
    /// what it did, so the two are kept or lost together.
    public func currentFacts<Fold: FactFold>(_ kind: Fold.Type) -> Result<Fold?, CommandError> {
        guard let store else { return .success(nil) }
        if let failure = openTransaction() { return .failure(failure) }
        return .success(store.facts[kind])
    }
}
