import KioskCore
import KioskText

extension ArrivalRate {
    /// Reads `120/h`, `2/min`, `0.5/s`, as `--arrivals` takes it, with the text in the error.
    public static func parse(_ text: String) throws(ArrivalsError) -> ArrivalRate {
        do throws(ArrivalRate.Problem) {
            return try ArrivalRate(parsing: text)
        } catch {
            switch error {
            case .malformed: throw .malformedRate(text.trimmingWhitespace())
            case .tooLarge: throw .rateTooLarge(text.trimmingWhitespace())
            }
        }
    }
}
