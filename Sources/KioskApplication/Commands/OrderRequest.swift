/// One line of an order as typed: words naming an item, with a quantity before or after;
/// or, from a program (`kiosk serve`), an item's name and its quantity apart.
public struct OrderRequest: Sendable, Equatable {
    /// The words, quotes removed, joined by single spaces: the whole line as one name. With
    /// `quantity`, the item's name alone.
    public let text: String
    /// The quantity as given apart from the name (a JSON number's text), checked as a typed
    /// one is; `nil` when it is among the words, or not given.
    public let quantity: String?

    public init(text: String) {
        self.text = text
        quantity = nil
    }

    /// An item named exactly, and its quantity as text (`"2"`): `nil` for one.
    public init(item: String, quantity: String?) {
        text = item
        self.quantity = quantity
    }

    public init(words: [String]) {
        self.init(text: words.joined(separator: " "))
    }

    /// The words again, for a quantity at either end: only when `text` names no item.
    public var words: [String] { text.split(separator: " ").map(String.init) }
}
