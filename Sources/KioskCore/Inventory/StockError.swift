/// Why a stock edit was refused. Nothing changes when one is thrown.
public enum StockError: Error, Equatable, Sendable {
    /// Removing more than there is: stock never goes below zero.
    case belowZero(ingredient: Int, available: Int, requested: Int)
    /// The result would pass `Menu.maximumQuantity`.
    case aboveMaximum(ingredient: Int, current: Int, requested: Int)
    /// An amount outside `0...Menu.maximumQuantity`.
    case amountOutOfRange(Int)
}
