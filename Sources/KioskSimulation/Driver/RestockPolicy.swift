import KioskText

/// When the simulated kiosk refills its stock. A refill brings every ingredient it covers
/// back up to its stock at the start of the run (never down), as a `restock` stock edit.
public enum RestockPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Never: stock only goes down.
    case none
    /// An ingredient at or below its low mark (or short for an order) is refilled
    /// `leadMilliseconds` later; one refill pending per ingredient at a time.
    case low(leadMilliseconds: Int64)
    /// Every ingredient is refilled every `milliseconds`, from opening until the doors close.
    case every(milliseconds: Int64)

    /// `none`, `low`, `low:30m`, `every 2h` (or `every:2h`).
    public static func parse(_ text: String) -> RestockPolicy? {
        let text = text.trimmingWhitespace()
        if text == "none" { return RestockPolicy.none }
        if text == "low" { return .low(leadMilliseconds: 0) }
        if text.hasPrefix("low:") {
            return DurationText.parse(String(text.dropFirst(4))).map { .low(leadMilliseconds: $0) }
        }
        if text.hasPrefix("every ") || text.hasPrefix("every:") {
            return DurationText.parse(String(text.dropFirst(6)).trimmingWhitespace()).map { .every(milliseconds: $0) }
        }
        return nil
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .low(let lead): lead == 0 ? "low" : "low:\(DurationText.format(lead))"
        case .every(let period): "every \(DurationText.format(period))"
        }
    }
}
