import KioskText

/// Who is at the till: the name each payment step and drawer step an operator takes
/// carries, and an X or Z report adds up by (`DrawerOperator`).
///
/// A name is what `--operator` or a request's `Kiosk-Operator` gives, as given: 1 to 64
/// characters, none of them a control character or a line or paragraph separator (a
/// report prints it on one line, a header carries it), and not only spaces. The one rule,
/// which the command line and the server both ask.
public enum OperatorName {
    /// The most characters a name has.
    public static let maximumLength = 64

    /// Whether `name` may name an operator.
    public static func isValid(_ name: String) -> Bool {
        guard (1...maximumLength).contains(name.count), !name.allSatisfy(\.isWhitespace) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: false
            default: true
            }
        }
    }

    /// What a report calls the steps nobody at the till took: a customer's own payments.
    public static var selfService: String { tr("self-service") }
}
