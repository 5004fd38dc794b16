import KioskCore

extension CompiledMenu {
    /// `5 ingredients, 7 items, 3 questions, 0 sinks`: `summary`, with the questions
    /// counted when the menu asks any.
    public var summaryWithQuestions: String {
        let questions = menu.questions.count
        guard questions > 0 else { return summary }
        let parts = [Count.ingredients(menu.ingredients.count), Count.items(menu.items.count), Count.questions(questions)]
            + (arrivalRates.map { [$0] } ?? []) + [Count.sinks(sinks.count)]
        return parts.joined(separator: ", ")
    }
}
