/// The key that lets a customer pay for an order: the answer to the `POST /orders` that
/// made it carries it (`paymentKey`), and `POST /orders/{n}/payments` without the
/// operator's token needs it back as `Kiosk-Payment-Key`. So a customer pays only for an
/// order the server gave them, never for another's by its number.
///
/// A key is two SipHash-2-4 codes of the order's number under keys drawn from the
/// operator's token: the same in every process that serves one state, after a restart,
/// and unguessable without the token. Nothing is stored.
public struct PaymentKeys: Sendable {
    private let keys: (UInt64, UInt64, UInt64, UInt64)

    /// Keys drawn from `secret`, the operator's token.
    init(secret: [UInt8]) {
        let label = Array("kiosk payment key".utf8)
        keys = (
            SipHash.code(label + secret, key: 1, 2), SipHash.code(label + secret, key: 3, 4),
            SipHash.code(label + secret, key: 5, 6), SipHash.code(label + secret, key: 7, 8)
        )
    }

    /// The key of order `order`: 32 lower-case hexadecimal digits.
    public func key(for order: UInt64) -> String {
        let message = Array("order \(order)".utf8)
        let high = SipHash.code(message, key: keys.0, keys.1)
        let low = SipHash.code(message, key: keys.2, keys.3)
        return PaymentKeys.hex(high) + PaymentKeys.hex(low)
    }

    /// Whether `presented` is the key of order `order`, compared in time that does not
    /// depend on where they differ.
    public func opens(_ presented: String?, order: UInt64) -> Bool {
        guard let presented else { return false }
        let given = Array(presented.utf8)
        let expected = Array(key(for: order).utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= given[index] ^ expected[index] }
        return difference == 0
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
