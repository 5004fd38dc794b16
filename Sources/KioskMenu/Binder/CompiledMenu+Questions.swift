import KioskCore

extension CompiledMenu {
    /// `5 ingredients, 7 items, 3 questions, 0 sinks`: `summary`, with the questions
    /// counted when the menu asks any.
    public var summaryWithQuestions: String {
        let questions = menu.questions.count
        guard questions > 0 else { return summary }
        let parts = [plural(menu.ingredients.count, "ingredient"), plural(menu.items.count, "item"), plural(questions, "question")]
            + (arrivalRates.map { [$0] } ?? []) + [plural(sinks.count, "sink")]
        return parts.joined(separator: ", ")
    }
}
