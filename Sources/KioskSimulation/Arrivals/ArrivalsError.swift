import KioskText

/// Why a rate or an arrival profile could not be read.
public enum ArrivalsError: Error, Sendable, Equatable {
    case empty
    case malformedRate(String)
    case rateTooLarge(String)
    case malformedTime(String)
    /// Each time of a profile must be later than the one before.
    case timesNotIncreasing(earlier: String, later: String)
    /// `07:00 120/h` with more than one part needs a time in every part.
    case missingTime(String)

    /// The text, in the operator's language.
    public var message: String {
        switch self {
        case .empty: tr("no arrival rate given: write a rate such as 120/h, or a profile such as '07:00 180/h, 09:00 60/h'")
        case .malformedRate(let text): tr("'{text}' is not a rate: write a number per unit, such as 120/h, 2/min or 0.5/s", ["text": text])
        case .rateTooLarge(let text): tr("'{text}' is too many customers: at most 1,000,000,000 per unit", ["text": text])
        case .malformedTime(let text): tr("'{text}' is not a time of day: write HH:MM from 00:00 to 23:59, such as 07:30", ["text": text])
        case .timesNotIncreasing(let earlier, let later):
            tr("'{later}' comes after '{earlier}' in the profile but is not later", ["later": later, "earlier": earlier])
        case .missingTime(let text): tr("'{text}' needs a time of day before its rate, such as '09:00 60/h'", ["text": text])
        }
    }
}
