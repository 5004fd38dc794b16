import KioskText

/// The text `help` prints, from the command table, in the operator's language: where the
/// language's catalog gives commands words of its own (Korean does), each command's words
/// come before its synopsis.
enum HelpText {
    static func text(for topic: String?, in table: CommandTable) -> String {
        let language = Localization.language
        if let topic, let entry = table.entry(named: topic) {
            var text = tr("usage: {synopsis}", ["synopsis": entry.synopsis]) + "\n"
            let words = entry.localWords(in: language)
            if !words.isEmpty { text += tr("also: {words}", ["words": words.joined(separator: ", ")]) + "\n" }
            return text + "\n" + tr(entry.details) + "\n"
        }
        let words = table.entries.map { $0.localWords(in: language) }
        let hasWords = words.contains { !$0.isEmpty }
        var rows = TextTable(alignments: hasWords ? [.left, .left, .left] : [.left, .left])
        for (entry, words) in zip(table.entries, words) {
            let summary = tr(entry.summary)
            rows.add(hasWords ? [words.joined(separator: ", "), entry.synopsis, summary] : [entry.synopsis, summary])
        }
        var text = tr("Commands:") + "\n"
        for line in rows.lines { text += "  " + line + "\n" }
        text += tr("Type 'help COMMAND' for more about one.") + "\n"
        return text
    }
}
