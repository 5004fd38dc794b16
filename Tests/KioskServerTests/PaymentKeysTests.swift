@testable import KioskServer
import KioskWire
import Testing

/// The keys customers pay with: SipHash-2-4 as its authors published it, and keys that
/// open their own order only.
@Suite struct PaymentKeysTests {
    @Test func sipHashGivesThePapersVectors() {
        // The key 00 01 … 0f; messages 00 01 … of each length (the reference vectors.h).
        let k0: UInt64 = 0x0706_0504_0302_0100
        let k1: UInt64 = 0x0F0E_0D0C_0B0A_0908
        #expect(SipHash.code([], key: k0, k1) == 0x726F_DB47_DD0E_0E31)
        #expect(SipHash.code(Array(0..<8), key: k0, k1) == 0x93F5_F579_9A93_2462)
        #expect(SipHash.code(Array(0..<15), key: k0, k1) == 0xA129_CA61_49BE_45E5)
    }

    @Test func aKeyOpensItsOwnOrderOnlyAndIsTheSameForTheSameToken() throws {
        let token = try #require(OperatorToken("s3cret-token-for-tests"))
        let keys = token.paymentKeys
        let key = keys.key(for: 12)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        #expect(keys.opens(key, order: 12))
        #expect(!keys.opens(key, order: 13))
        #expect(!keys.opens(keys.key(for: 13), order: 12))
        #expect(!keys.opens(String(key.dropLast()), order: 12))
        #expect(!keys.opens(nil, order: 12))
        #expect(try #require(OperatorToken("s3cret-token-for-tests")).paymentKeys.key(for: 12) == key)
        #expect(try #require(OperatorToken("another-token-for-tests")).paymentKeys.key(for: 12) != key)
    }

    @Test func thePolicyLetsTheOperatorOrTheKeysHolderPay() throws {
        let token = try #require(OperatorToken("s3cret-token-for-tests"))
        let policy = AccessPolicy(address: ListenAddress(host: "127.0.0.1", port: 0), port: 8123, tls: false, token: token, corsOrigins: [])
        let key = policy.payments.key(for: 3)
        try policy.checkPayer([HTTPField("Kiosk-Payment-Key", key)], order: "3")
        try policy.checkPayer([HTTPField("Authorization", "Bearer s3cret-token-for-tests")], order: "3")
        #expect(throws: Problem.paymentKeyRequired) { try policy.checkPayer([], order: "3") }
        #expect(throws: Problem.paymentKeyRequired) { try policy.checkPayer([HTTPField("Kiosk-Payment-Key", key)], order: "4") }
        #expect(throws: Problem.paymentKeyRequired) { try policy.checkPayer([HTTPField("Kiosk-Payment-Key", key), HTTPField("Kiosk-Payment-Key", key)], order: "3") }
        // A wrong token is refused as one, not taken for a customer.
        #expect(throws: Problem.unauthorized) { try policy.checkPayer([HTTPField("Authorization", "Bearer wrong"), HTTPField("Kiosk-Payment-Key", key)], order: "3") }
    }
}
