import KioskCore
@testable import KioskRecords
import KioskTestSupport
import Testing

/// The drawer's day by tax rate in the journal's format: a drawer step's taxes (flag 8)
/// and the snapshot's (drawer flag 4) round-trip, and a step or a snapshot written before
/// them reads as a day without taxes.
@Suite struct DrawerTaxCodecTests {
    static let taxes = [
        DrawerTax(name: "부가세", rate: Rate(parts: 10_000), included: true, taxable: Money(hundredths: 45_500), tax: Money(hundredths: 4_500)),
        DrawerTax(name: "Sales tax", rate: nil, included: false, taxable: Money(hundredths: -92), tax: Money(hundredths: -8)),
    ]

    static func step(taxes: [DrawerTax]) -> DrawerChanged {
        DrawerChanged(
            kind: .closed, day: 3, amount: Money(hundredths: 11_800), float: Money(hundredths: 10_000), payIns: .zero, payOuts: .zero,
            takings: [], expected: Money(hundredths: 11_805), counted: Money(hundredths: 11_800), currency: "USD", taxes: taxes
        )
    }

    static func encode(_ step: DrawerChanged) -> [UInt8] {
        var writer = ByteWriter()
        PayloadCodec.encode(step, into: &writer)
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> DrawerChanged {
        try bytes.withUnsafeBytes { buffer throws(RecordDecodingError) in
            var reader = ByteReader(buffer)
            return try PayloadCodec.decodeDrawer(&reader, type: .drawerClosed)
        }
    }

    @Test func aStepsTaxesRoundTripAfterWhatCameBefore() throws {
        let with = Self.step(taxes: Self.taxes)
        let without = Self.step(taxes: [])
        #expect(try Self.decode(Self.encode(with)) == with)
        #expect(try Self.decode(Self.encode(without)) == without)
        // The taxes follow the bytes of the step without them, under flag 8 (2 counted and
        // 4 currency set here): one tax with its rate, one without.
        let old = Self.encode(without)
        var expected = old
        expected[1] |= 8
        expected += FormatBytes.varint(2)
        expected += FormatBytes.string("부가세") + [3] + FormatBytes.varint(FormatBytes.zigzag(10_000))
        expected += FormatBytes.varint(FormatBytes.zigzag(45_500)) + FormatBytes.varint(FormatBytes.zigzag(4_500))
        expected += FormatBytes.string("Sales tax") + [0] + FormatBytes.varint(FormatBytes.zigzag(-92)) + FormatBytes.varint(FormatBytes.zigzag(-8))
        #expect(Self.encode(with) == expected)
        #expect(old[1] & 8 == 0, "a day without taxes is written as before them")
    }

    @Test func unknownFlagsAreMalformed() throws {
        var bytes = Self.encode(Self.step(taxes: []))
        bytes[1] |= 64
        #expect(throws: RecordDecodingError.malformed("unknown flags of a drawer step")) { try Self.decode(bytes) }
        var tax = Self.encode(Self.step(taxes: [Self.taxes[1]]))
        let flag = try #require(tax.lastIndex(of: 0), "the tax's flags")
        tax[flag] = 4
        #expect(throws: RecordDecodingError.malformed("unknown flags of a tax of the drawer's day")) { try Self.decode(tax) }
    }

    @Test func aSnapshotKeepsTheDaysTaxesAndOneWithoutReadsAsBefore() throws {
        let (live, _) = try PaymentCodecTests.day()
        var snapshot = JournalSnapshot(position: 77, kiosk: live.snapshot)
        let before = SnapshotCodec.encode(snapshot, format: .domain)
        snapshot.kiosk.drawer = DrawerBook(
            day: live.drawer.day, isOpen: true, float: live.drawer.float, payIns: live.drawer.payIns, payOuts: live.drawer.payOuts,
            counted: live.drawer.counted, takingsAtOpen: live.drawer.takingsAtOpen, taxes: Self.taxes
        )
        let bytes = SnapshotCodec.encode(snapshot, format: .domain)
        let decoded = try bytes.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(decoded == snapshot && decoded.kiosk.drawer.taxes == Self.taxes)
        #expect(bytes.count > before.count)
        let old = try before.withUnsafeBytes { try SnapshotCodec.decode($0, format: .domain) }
        #expect(old.kiosk.drawer.taxes == [] && old.kiosk.drawer == live.drawer)
    }
}
