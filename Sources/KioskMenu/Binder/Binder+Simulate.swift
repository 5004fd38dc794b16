import KioskCore
import KioskText

/// Binding what a menu says about its customers for `kiosk simulate`: the `simulate`
/// block's arrivals (an item's `popularity` is bound with the item).
extension Binder {
    /// `simulate { arrivals 07:00 180/h, 09:00 60/h }`, or one rate all day: `arrivals 60/h`.
    mutating func bindSimulate(_ statement: Statement) {
        let properties = readProperties(of: statement)
        guard isFirst(statement, at: \.simulateRange, else: .duplicateSimulate) else { return }
        guard let property = properties["arrivals"] else {
            report(.simulateWithoutArrivals, statement.headRange)
            return
        }
        let elements = property.elements
        if elements.count == 1, case .arrival(nil, let rate) = elements[0].value {
            simulate = SimulateSettings(arrivals: .constant(rate))
            return
        }
        var steps: [SimulateSettings.Step] = []
        var previous: Token?
        var complete = true
        for (value, tokens) in elements {
            guard case .arrival(let start, let rate) = value, let first = tokens.first, let last = tokens.last else { continue }
            guard let start else {
                report(.missingArrivalTime(rate: rate.description), range(last, in: statement))
                complete = false
                continue
            }
            if let previous, let before = steps.last, start <= before.start {
                report(.timesNotIncreasing(later: first.text, earlier: previous.text), range(first, in: statement), related: range(previous, in: statement))
                complete = false
                continue
            }
            steps.append(SimulateSettings.Step(start: start, rate: rate))
            previous = first
        }
        if complete { simulate = SimulateSettings(arrivals: .timesOfDay(steps)) }
    }

    /// One element of `arrivals`: a rate, after a time of day in a profile.
    mutating func arrival(_ tokens: ArraySlice<Token>, file: Int) -> OptionValue? {
        guard let first = tokens.first, let last = tokens.last else { return nil }
        var start: Int64?
        if tokens.count == 2 {
            guard let milliseconds = TimeOfDay.milliseconds(parsing: first.text), first.kind != .string else {
                report(.invalidTimeOfDay(TerminalText.visible(MenuProblem.shorten(first.text))), SourceRange(file: file, bytes: first.range))
                return nil
            }
            start = milliseconds
        } else if first.text.contains(":") {
            // `arrivals 07:00`: a time whose rate is missing, not a rate that is malformed.
            let end = first.range.upperBound
            report(.missingValue(property: TerminalText.visible(MenuProblem.shorten(first.text)), expected: trNoop("a rate such as 120/h")),
                   SourceRange(file: file, bytes: end..<end))
            return nil
        }
        do throws(ArrivalRate.Problem) {
            guard last.kind != .string else { throw .malformed }
            return .arrival(start: start, rate: try ArrivalRate(parsing: last.text))
        } catch {
            let shown = TerminalText.visible(MenuProblem.shorten(last.text))
            switch error {
            case .malformed: report(.invalidRate(shown, suggestion: Binder.rateSuggestion(last.text)), SourceRange(file: file, bytes: last.range))
            case .tooLarge: report(.rateTooLarge(shown), SourceRange(file: file, bytes: last.range))
            }
            return nil
        }
    }

    /// `180/h` for `180/hour` or `180/hr`, `2/min` for `2/minute`: the rate a mistyped
    /// unit most likely means, judged by its first letter.
    static func rateSuggestion(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, DecimalNumber(String(parts[0]), maximumDecimals: 6) != nil,
              let letter = parts[1].first?.lowercased() else { return nil }
        let unit: String? = switch letter {
        case "h": "h"
        case "m": "min"
        case "s": "s"
        default: nil
        }
        guard let unit else { return nil }
        let suggestion = "\(parts[0])/\(unit)"
        return (try? ArrivalRate(parsing: suggestion)) != nil ? suggestion : nil
    }
}
