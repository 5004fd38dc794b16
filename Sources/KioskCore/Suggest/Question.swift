/// A yes/no question a menu asks to narrow its suggestions:
/// `question sweet "Something sweet?" tags sweet, fruity`.
///
/// A yes favours the items with any of the tags; a no favours the items with none of them.
public struct Question: Sendable, Hashable {
    /// How output and events name the question: `sweet`.
    public let key: String
    /// What the kiosk asks.
    public let text: String
    /// The tags a yes favours, as the menu writes them.
    public let tags: [String]

    public init(key: String, text: String, tags: [String]) {
        self.key = key
        self.text = text
        self.tags = tags
    }

    /// The most questions a menu may ask: each is one bit of a 64-bit mask per item.
    public static let maximumCount = 64
}
