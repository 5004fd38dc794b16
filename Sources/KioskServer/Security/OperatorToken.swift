/// The operator's bearer token, and how a presented one is checked: in time that does not
/// depend on where the two first differ, so timing tells an attacker nothing.
public struct OperatorToken: Sendable {
    private let bytes: [UInt8]

    /// A token of at least `minimumLength` printable ASCII characters; `nil` otherwise.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= OperatorToken.minimumLength, bytes.count <= 512, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        self.bytes = bytes
    }

    /// The keys of customers' payments, drawn from this token.
    var paymentKeys: PaymentKeys { PaymentKeys(secret: bytes) }

    /// Long enough that guessing is hopeless at any rate a server answers.
    public static let minimumLength = 16

    /// Whether an `Authorization` header's value is `Bearer` and this token.
    public func authorizes(_ header: String?) -> Bool {
        guard let header else { return false }
        let value = Array(header.utf8)
        let scheme = Array("bearer ".utf8)
        guard value.count > scheme.count, value.prefix(scheme.count).map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 }) else { return false }
        return matches(value.dropFirst(scheme.count).drop { $0 == 0x20 })
    }

    /// Compares every byte of the longer of the two, whatever differs where.
    func matches(_ presented: some Collection<UInt8>) -> Bool {
        let given = Array(presented)
        var difference = UInt8(truncatingIfNeeded: given.count ^ bytes.count)
        for index in 0..<max(given.count, bytes.count) {
            let a = index < given.count ? given[index] : 0
            let b = index < bytes.count ? bytes[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && given.count == bytes.count
    }

    /// A new token: 32 random bytes, base64url without padding (43 characters).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var text: [UInt8] = []
        var index = 0
        while index < random.count {
            let chunk = random[index..<min(index + 3, random.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0..<(chunk.count + 1) { text.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
