@testable import KioskCore
import KioskText
import Testing

/// Who is at the till: which names may name an operator, the order a report lists them in,
/// and how a payment's and a day's operators are written as JSON.
@Suite struct OperatorNameTests {
    @Test func aNameIsOneToSixtyFourPrintableCharacters() {
        for name in ["Ana", "김민지", "Jean-Luc Picard", "O'Brien (till 2)", String(repeating: "가", count: 64), "🧑‍🍳 Chef"] {
            #expect(OperatorName.isValid(name), "\(name)")
        }
        for name in ["", " ", "\t", String(repeating: "x", count: 65), "Ana\nBen", "Ana\u{1B}[31m", "Ana\u{2028}", "\u{7F}"] {
            #expect(!OperatorName.isValid(name), "\(name.debugDescription)")
        }
    }

    @Test func aReportListsNamesInOrderThenSelfService() {
        var day = DrawerBook(day: 1, isOpen: true, float: .zero, payIns: .zero, payOuts: .zero, counted: nil, takingsAtOpen: [])
        for name in ["Ben", nil, "Ana", "Ben", "Cleo", nil] {
            day.add(cash: .paidIn, Money(hundredths: 100), by: name)
        }
        #expect(day.operators.map(\.name) == ["Ana", "Ben", "Cleo", nil])
        #expect(day.operators.map(\.payIns.hundredths) == [100, 200, 100, 200])
        // A closed day takes nothing more.
        var closed = DrawerBook()
        closed.add(payment: PaymentChanged(status: .completed, payment: 1, order: 1, tender: .cash, amount: Money(hundredths: 100), due: .zero, currency: nil))
        #expect(closed.operators == [])
    }

    @Test func thePaymentAndTheDayWriteTheirOperators() {
        let step = PaymentChanged(
            status: .completed, payment: 1, order: 2, tender: .cash, amount: Money(hundredths: 420), tendered: Money(hundredths: 500),
            change: Money(hundredths: 80), due: .zero, currency: "USD", operatorName: "Ana"
        )
        var writer = JSONWriter()
        writer.beginObject()
        step.writeFields(to: &writer)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self).hasSuffix(#""due":0,"operator":"Ana","currency":"USD"}"#))

        var line = JSONWriter()
        line.beginObject()
        DrawerOperator(name: nil, payOuts: Money(hundredths: 1250)).writeFields(to: &line)
        line.endObject()
        #expect(String(decoding: line.bytes, as: UTF8.self) == """
        {"operator":null,"tenders":[{"tender":"cash","payments":0,"amount":0,"tips":0,"rounding":0,"refunds":0},\
        {"tender":"card","payments":0,"amount":0,"tips":0,"rounding":0,"refunds":0}],"payIns":0,"payOuts":12.50}
        """)
    }
}
