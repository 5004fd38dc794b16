import KioskText

extension OptionGroup {
    /// `Milk: choose 1 — Whole (default), Oat +500`: the group as `menu` and
    /// `kiosk check --explain` show it, in the operator's language.
    public var summary: String {
        let options = options.map { option in
            var text = option.name
            if option.price != .zero { text += " " + (option.price < .zero ? option.price.grouped : "+" + option.price.grouped) }
            if option.repeatLimit > 1 { text += " " + tr("(up to ×{count})", ["count": option.repeatLimit]) }
            if option.isDefault { text += " " + tr("(default)") }
            return text
        }
        return "\(name): " + tr("choose {limits}", ["limits": OptionGroup.limitsText(minimum, maximum)]) + " — " + options.joined(separator: ", ")
    }
}
