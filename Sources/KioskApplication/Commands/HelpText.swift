import KioskText

/// The text `help` prints, from the command table, in the operator's language: a Korean
/// operator sees each command's Korean word before its synopsis.
enum HelpText {
    static func text(for topic: String?, in table: CommandTable) -> String {
        let korean = Localization.language == .korean
        if let topic, let entry = table.entry(named: topic) {
            var text = tr("usage: {synopsis}", ["synopsis": entry.synopsis]) + "\n"
            if korean, !entry.korean.isEmpty { text += tr("also: {words}", ["words": entry.korean.joined(separator: ", ")]) + "\n" }
            return text + "\n" + tr(entry.details) + "\n"
        }
        var rows = TextTable(alignments: korean ? [.left, .left, .left] : [.left, .left])
        for entry in table.entries {
            let summary = tr(entry.summary)
            rows.add(korean ? [entry.korean.joined(separator: ", "), entry.synopsis, summary] : [entry.synopsis, summary])
        }
        var text = tr("Commands:") + "\n"
        for line in rows.lines { text += "  " + line + "\n" }
        text += tr("Type 'help COMMAND' for more about one.") + "\n"
        return text
    }
}
