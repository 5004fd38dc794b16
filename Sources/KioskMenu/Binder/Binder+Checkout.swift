import KioskCore
import KioskText

/// Binding `checkout`: when orders are paid (and how long an unpaid one holds its stock),
/// the simulated card reader, and cash rounding.
extension Binder {
    /// The longest latency the reader takes, as messages write it.
    static let readerLatencyRangeText = trNoop("0ms and 60s")
    /// How long an unpaid order may hold its stock, as messages write it.
    static let holdRangeText = trNoop("1s and 24h")

    /// A menu may say its checkout in several statements (`checkout pay later`, then
    /// `checkout reader latency 2s`); they merge, and a property given in two is reported
    /// at both.
    mutating func bindCheckout(_ statement: Statement) {
        let properties = readProperties(of: statement)
        var settings = checkout ?? CheckoutSettings()
        for (name, property) in properties {
            let at = range(property.name, in: statement)
            if let first = checkoutGiven[name] {
                report(.duplicateProperty(name), at, related: first)
                continue
            }
            checkoutGiven[name] = at
            guard let element = property.elements.first else { continue }
            switch (name, element.value) {
            case ("pay", .choice(let word, _)):
                if let timing = CheckoutSettings.Timing(rawValue: word) { settings.timing = timing }
            case ("reader", .choice(_, let latency?)):
                let milliseconds = latency.milliseconds
                guard (0...CheckoutSettings.maximumReaderLatency).contains(milliseconds) else {
                    let token = element.tokens.last ?? property.name
                    report(.durationOutOfRange(property: "latency", text: token.text, range: Binder.readerLatencyRangeText), range(token, in: statement))
                    continue
                }
                settings.readerLatency = milliseconds
            case ("cash", .integer(let step)):
                settings.cashRounding = step
            case ("hold", .duration(let hold)):
                let milliseconds = hold.milliseconds
                guard CheckoutSettings.holdRange.contains(milliseconds) else {
                    let token = element.tokens.first ?? property.name
                    report(.durationOutOfRange(property: "hold", text: token.text, range: Binder.holdRangeText), range(token, in: statement))
                    continue
                }
                settings.hold = milliseconds
            default:
                break
            }
        }
        checkout = settings
    }

    /// `reader NAME { … }`: the plugin `NAME`, of kind `payment-reader`, is the card reader;
    /// one per menu, and only with a `checkout`.
    mutating func bindReader(_ statement: Statement) {
        let nameToken = statement.head(0)
        guard statement.specs != nil else {
            let suggestion = Suggestions.closest(to: nameToken.text, among: readerKinds)
            report(.unknownReader(TerminalText.visible(nameToken.text), suggestion: suggestion, known: readerKinds), range(nameToken, in: statement))
            return
        }
        if let first = reader?.range {
            report(.duplicateReader, statement.headRange, related: first)
            return
        }
        guard let declaration = pluginDeclaration(statement, missing: MenuProblem.missingReaderOption) else { return }
        if checkout == nil { report(.readerWithoutCheckout, statement.headRange) }
        reader = declaration
    }
}
