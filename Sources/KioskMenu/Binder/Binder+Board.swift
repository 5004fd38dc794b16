import KioskCore
import KioskText

/// Binding the order board: stations, the `board` statement, and each item's prep time
/// and station.
extension Binder {
    /// The range `prep` takes, as messages write it.
    static let prepRangeText = trNoop("1s and 1h")
    /// The range `warn` and `late` take.
    static let ageRange: ClosedRange<Duration> = .seconds(1) ... .seconds(86_400)
    static let ageRangeText = trNoop("1s and 24h")

    mutating func bindStation(_ statement: Statement) {
        let name = nameText(statement.head(0), property: "station", file: statement.file)
        let properties = readProperties(of: statement)
        guard let name, claim(name, of: statement, index: stations.count, in: \.stationClaims, duplicate: { .duplicateStation($0, existing: $1) })
        else { return }
        var staff = 1
        if case .integer(let value)? = properties["staff"]?.elements.first?.value { staff = value }
        stations.append(Station(name: name, staff: staff))
    }

    mutating func bindBoard(_ statement: Statement) {
        let properties = readProperties(of: statement)
        guard isFirst(statement, at: \.boardRange, else: .duplicateBoard) else { return }
        let warn = age(properties["warn"], statement: statement)
        let late = age(properties["late"], statement: statement)
        let settings = BoardSettings(
            warn: warn?.value ?? BoardSettings.defaultWarn, late: late?.value ?? BoardSettings.defaultLate, auto: properties["auto"] != nil
        )
        if settings.warn >= settings.late {
            let problem = MenuProblem.warnNotBeforeLate(
                warn: Binder.text(of: settings.warn), late: Binder.text(of: settings.late), lateIsDefault: late == nil
            )
            report(problem, warn?.range ?? late?.range ?? statement.headRange)
        }
        board = settings
    }

    /// A `warn` or `late` age and where it is written.
    private mutating func age(_ property: BoundProperty?, statement: Statement) -> (value: Duration, range: SourceRange)? {
        guard let element = property?.elements.first, case .duration(let value) = element.value,
              let token = element.tokens.first else { return nil }
        let at = range(token, in: statement)
        guard Binder.ageRange.contains(value) else {
            report(.durationOutOfRange(property: property?.name.text.lowercased() ?? "", text: token.text, range: Binder.ageRangeText), at)
            return nil
        }
        return (value, at)
    }

    mutating func itemPrep(_ property: BoundProperty?, statement: Statement) -> Duration {
        guard let element = property?.elements.first, case .duration(let value) = element.value,
              let token = element.tokens.first else { return Item.defaultPrep }
        guard Item.prepRange.contains(value) else {
            report(.durationOutOfRange(property: "prep", text: token.text, range: Binder.prepRangeText), range(token, in: statement))
            return Item.defaultPrep
        }
        return value
    }

    /// The item's station: one declared; when none are, any it names (and `counter` for
    /// an item that names none) comes into being with staff 1.
    mutating func itemStation(_ property: BoundProperty?, statement: Statement) -> Int {
        var name = Station.defaultName
        var at = statement.headRange
        var named = false
        if let element = property?.elements.first, case .text(let text) = element.value, let token = element.tokens.first {
            name = text.value
            at = range(token, in: statement)
            named = true
        }
        if let index = stationClaims[NameKey.fold(name)]?.index { return index }
        if named, declaredStations > 0 {
            let known = stations.prefix(declaredStations).map(\.name)
            report(.unknownStation(TerminalText.visible(name), suggestion: Suggestions.closest(to: name, among: known), known: Array(known)), at)
            return 0
        }
        let claim = Claim(index: stations.count, owner: name, range: at)
        _ = Binder.claim(NameKey.fold(name), claim, in: &stationClaims)
        stations.append(Station(name: name))
        return claim.index
    }

    /// `8m`, `45s`, `1500ms`: a duration as a menu would write it.
    static func text(of duration: Duration) -> String {
        let ms = duration.milliseconds
        if ms % 3_600_000 == 0 { return "\(ms / 3_600_000)h" }
        if ms % 60_000 == 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        return "\(ms)ms"
    }
}
