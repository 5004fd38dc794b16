/// Why a `Menu` could not be assembled. The menu language reports these with source
/// positions before it ever builds a `Menu`; this is the core's own guard.
public enum MenuModelError: Error, Equatable, Sendable {
    case duplicateIngredient(String)
    case duplicateName(String, firstItem: String, secondItem: String)
    case unknownIngredient(item: String, index: Int)
    case emptyRecipe(item: String)
    case repeatedIngredient(item: String, index: Int)
    case quantityOutOfRange(item: String, quantity: Int)
    case stockOutOfRange(ingredient: String, stock: Int)
    case tooManyQuestions(Int)
    case duplicateQuestion(String)
}
