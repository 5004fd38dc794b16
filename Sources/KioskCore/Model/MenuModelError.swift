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
    /// An event `source` that is empty or not a URI reference.
    case invalidSource(String)
    case duplicateStation(String)
    case staffOutOfRange(station: String, staff: Int)
    case unknownStation(item: String, index: Int)
    case prepOutOfRange(item: String)
    /// `warn` is not shorter than `late`.
    case warnNotBeforeLate
    case tooManyQuestions(Int)
    case duplicateQuestion(String)
    case popularityOutOfRange(item: String, popularity: Int)
    /// The times of day of `simulate`'s arrivals do not strictly increase.
    case arrivalTimesNotIncreasing
}
