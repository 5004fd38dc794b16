/// One line of an order as typed: words naming an item, with a quantity before or after.
public struct OrderRequest: Sendable, Equatable {
    /// The words, quotes removed, joined by single spaces: the whole line as one name.
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public init(words: [String]) {
        self.init(text: words.joined(separator: " "))
    }

    /// The words again, for a quantity at either end: only when `text` names no item.
    public var words: [String] { text.split(separator: " ").map(String.init) }
}
