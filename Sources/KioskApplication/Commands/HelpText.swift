/// The text `help` prints, from the command table.
enum HelpText {
    static func text(for topic: String?, in table: CommandTable) -> String {
        if let topic, let entry = table.entry(named: topic) {
            return "usage: \(entry.synopsis)\n\n\(entry.details)\n"
        }
        let width = table.entries.map { $0.synopsis.count }.max() ?? 0
        var text = "Commands:\n"
        for entry in table.entries {
            let padding = String(repeating: " ", count: width - entry.synopsis.count + 2)
            text += "  \(entry.synopsis)\(padding)\(entry.summary)\n"
        }
        text += "Type 'help COMMAND' for more about one.\n"
        return text
    }
}
