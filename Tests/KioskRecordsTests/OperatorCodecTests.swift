import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// Who took a step in the journal's format: a payment's operator (flag 64), a drawer step's
/// (flag 16) and the day by operator (drawer flag 32, snapshot drawer flag 8) round-trip as
/// docs/STATE.md gives their bytes, and a step or a snapshot without them has the bytes it
/// had before them, and reads as it did.
@Suite struct OperatorCodecTests {
    static func payment(by operatorName: String?) -> PaymentChanged {
        PaymentChanged(
            status: .completed, payment: 1, order: 1, tender: .cash, amount: Money(hundredths: 420), tendered: Money(hundredths: 500),
            change: Money(hundredths: 80), due: .zero, currency: "USD", operatorName: operatorName
        )
    }

    static func encode(_ step: PaymentChanged) -> [UInt8] {
        var writer = ByteWriter()
        PayloadCodec.encode(step, into: &writer)
        return writer.bytes
    }

    static func decodePayment(_ bytes: [UInt8]) throws -> PaymentChanged {
        try bytes.withUnsafeBytes { buffer throws(RecordDecodingError) in
            var reader = ByteReader(buffer)
            return try PayloadCodec.decodePayment(&reader, type: .paymentCompleted)
        }
    }

    /// docs/STATE.md's example, byte by byte: Ana's `payment.completed`, then the customer's.
    @Test func aPaymentsOperatorFollowsUnderFlag64AndNoneIsTheOldBytes() throws {
        let ana = Self.payment(by: "Ana")
        let customer = Self.payment(by: nil)
        let old: [UInt8] = [0x02, 0x01, 0x00, 0x09, 0xC8, 0x06, 0x00, 0x00, 0x00, 0xE8, 0x07, 0xA0, 0x01] + FormatBytes.string("USD")
        var named = old
        named[3] = 0x49
        named += FormatBytes.string("Ana")
        #expect(Self.encode(customer) == old)
        #expect(Self.encode(ana) == named)
        #expect(try Self.decodePayment(named) == ana)
        // A step written before operators reads as it did: nobody's.
        #expect(try Self.decodePayment(old) == customer && customer.operatorName == nil)
        // A Korean name, as any UTF-8.
        let korean = PaymentChanged(
            status: .refunded, payment: 7, order: 3, tender: .card, amount: Money(hundredths: 100), due: .zero, currency: "KRW", line: 2,
            operatorName: "김민지"
        )
        let bytes = Self.encode(korean)
        #expect(bytes.suffix(FormatBytes.string("김민지").count) == FormatBytes.string("김민지")[...])
        #expect(try bytes.withUnsafeBytes { buffer throws(RecordDecodingError) in
            var reader = ByteReader(buffer)
            return try PayloadCodec.decodePayment(&reader, type: .paymentRefunded)
        } == korean)
    }

    static let operators = [
        DrawerOperator(
            name: "Ana", takings: [PaymentBook.Takings(payments: 1, amount: Money(hundredths: 420)), PaymentBook.Takings(payments: 1, amount: Money(hundredths: 210))],
            payIns: Money(hundredths: 2000)
        ),
        DrawerOperator(name: nil, takings: [PaymentBook.Takings(refunds: Money(hundredths: 100)), PaymentBook.Takings()], payOuts: Money(hundredths: 1250)),
    ]

    static func step(by operatorName: String?, operators: [DrawerOperator]) -> DrawerChanged {
        DrawerChanged(
            kind: .closed, day: 2, amount: Money(hundredths: 10_000), float: Money(hundredths: 10_000), payIns: Money(hundredths: 2000),
            payOuts: Money(hundredths: 1250), takings: [], expected: Money(hundredths: 11_170), counted: nil, currency: "USD",
            operators: operators, operatorName: operatorName
        )
    }

    static func encode(_ step: DrawerChanged) -> [UInt8] {
        var writer = ByteWriter()
        PayloadCodec.encode(step, into: &writer)
        return writer.bytes
    }

    static func decodeDrawer(_ bytes: [UInt8]) throws -> DrawerChanged {
        try bytes.withUnsafeBytes { buffer throws(RecordDecodingError) in
            var reader = ByteReader(buffer)
            return try PayloadCodec.decodeDrawer(&reader, type: .drawerClosed)
        }
    }

    @Test func aDrawerStepsOperatorAndTheDayByOperatorFollowWhatCameBefore() throws {
        let without = Self.step(by: nil, operators: [])
        let with = Self.step(by: "Ana", operators: Self.operators)
        #expect(try Self.decodeDrawer(Self.encode(with)) == with)
        #expect(try Self.decodeDrawer(Self.encode(without)) == without)
        // Flags 16 and 32 (4 currency set here), then the step's operator, then the day by
        // operator: Ana's line with her name, the self-service line without one.
        let old = Self.encode(without)
        #expect(old[1] == 4, "a step without operators is written as before them")
        var expected = old
        expected[1] |= 16 | 32
        expected += FormatBytes.string("Ana") + FormatBytes.varint(2)
        func zigzag(_ values: [Int64]) -> [UInt8] { values.flatMap { FormatBytes.varint(FormatBytes.zigzag($0)) } }
        expected += [1] + FormatBytes.string("Ana") + zigzag([1, 420, 0, 0, 0, 1, 210, 0, 0, 0, 2000, 0])
        expected += [0] + zigzag([0, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 1250])
        #expect(Self.encode(with) == expected)
    }

    @Test func unknownFlagsOfAnOperatorsLineAreMalformed() throws {
        // Self-service with nothing taken: its flags, then 12 zeros of one byte each.
        var bytes = Self.encode(Self.step(by: nil, operators: [DrawerOperator(name: nil)]))
        let flag = bytes.count - 13
        #expect(bytes[flag] == 0)
        bytes[flag] = 2
        #expect(throws: RecordDecodingError.malformed("unknown flags of an operator of the drawer's day")) { try Self.decodeDrawer(bytes) }
    }

    @Test func aSnapshotKeepsTheDayByOperatorAndOneWithoutReadsAsBefore() throws {
        let (live, _) = try PaymentCodecTests.day()
        var snapshot = JournalSnapshot(position: 77, kiosk: live.snapshot)
        let drawer = live.drawer
        snapshot.kiosk.drawer = DrawerBook(
            day: drawer.day, isOpen: true, float: drawer.float, payIns: drawer.payIns, payOuts: drawer.payOuts, counted: drawer.counted,
            takingsAtOpen: drawer.takingsAtOpen, taxes: drawer.taxes
        )
        let before = SnapshotCodec.encode(snapshot, format: .domain)
        snapshot.kiosk.drawer = DrawerBook(
            day: drawer.day, isOpen: true, float: drawer.float, payIns: drawer.payIns, payOuts: drawer.payOuts, counted: drawer.counted,
            takingsAtOpen: drawer.takingsAtOpen, taxes: drawer.taxes, operators: Self.operators
        )
        let bytes = SnapshotCodec.encode(snapshot, format: .domain)
        let decoded = try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot && decoded.kiosk.drawer.operators == Self.operators)
        #expect(bytes.count > before.count)
        let old = try before.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(old.kiosk.drawer.operators == [])
    }
}
