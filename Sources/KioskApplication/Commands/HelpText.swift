/// The text `help` prints.
enum HelpText {
    static func text(for topic: String?) -> String {
        if let topic, let entry = CommandCatalog.entry(named: topic) {
            return "usage: \(entry.synopsis)\n\n\(entry.details)\n"
        }
        let width = CommandCatalog.entries.map { $0.synopsis.count }.max() ?? 0
        var text = "Commands:\n"
        for entry in CommandCatalog.entries {
            let padding = String(repeating: " ", count: width - entry.synopsis.count + 2)
            text += "  \(entry.synopsis)\(padding)\(entry.summary)\n"
        }
        text += "Type 'help COMMAND' for more about one.\n"
        return text
    }
}
