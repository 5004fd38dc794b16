/// One line of an order as typed: words naming an item, with a quantity before or after;
/// or, from a program (`kiosk serve`), an item's name and its quantity apart.
public struct OrderRequest: Sendable, Equatable {
    /// The words, quotes removed, joined by single spaces: the whole line as one name. With
    /// `quantity`, the item's name alone.
    public let text: String
    /// The quantity as given apart from the name (a JSON number's text), checked as a typed
    /// one is; `nil` when it is among the words, or not given.
    public let quantity: String?
    /// The size and options given apart from the name, by a program; `nil` when typed.
    public let choice: ChoiceRequest?
    /// A combo's parts given apart from its name, by a program, each an item's name with
    /// its count as `quantity`; empty for anything else.
    public let parts: [OrderRequest]

    /// A size and options as a program names them: `{"size": "large", "options":
    /// [{"group": "Milk", "option": "Oat"}, {"option": "Extra shot", "count": 2}]}`.
    public struct ChoiceRequest: Sendable, Equatable {
        public struct Option: Sendable, Equatable {
            /// `nil` for an option whose name is unique within its item.
            public let group: String?
            public let option: String
            /// As text, checked as a typed number is; `nil` for once.
            public let count: String?

            public init(group: String?, option: String, count: String?) {
                self.group = group
                self.option = option
                self.count = count
            }
        }

        public let size: String?
        public let options: [Option]

        public init(size: String?, options: [Option]) {
            self.size = size
            self.options = options
        }
    }

    public init(text: String) {
        self.text = text
        quantity = nil
        choice = nil
        parts = []
    }

    /// An item named exactly, its quantity as text (`"2"`, `nil` for one) and its choices.
    public init(item: String, quantity: String?, choice: ChoiceRequest? = nil) {
        text = item
        self.quantity = quantity
        self.choice = choice
        parts = []
    }

    /// A combo named exactly, its quantity as text and its parts.
    public init(combo: String, quantity: String?, parts: [OrderRequest]) {
        text = combo
        self.quantity = quantity
        choice = nil
        self.parts = parts
    }

    public init(words: [String]) {
        self.init(text: words.joined(separator: " "))
    }

    /// The words again, for a quantity at either end: only when `text` names no item.
    public var words: [String] { text.split(separator: " ").map(String.init) }
}
