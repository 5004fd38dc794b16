import Foundation
import KioskCore
@testable import KioskSinks
import KioskTestSupport
import KioskText
import Testing

/// The receipts' bytes: compared byte for byte with the golden files of
/// Tests/KioskSinksTests/Printer/Golden (`NAME.escpos`), and read back by the decoder into
/// the golden text beside them (`NAME.txt`). `KIOSK_UPDATE_GOLDEN=1` writes them afresh,
/// for a change meant to change the bytes: then read the diff of the text.
@Suite struct ESCPOSGoldenTests {
    static let golden = Repository.root.appendingPathComponent("Tests/KioskSinksTests/Printer/Golden")

    @Test(arguments: ReceiptSamples.all)
    func theBytesAreTheGoldenOnesAndReadBackAsTheGoldenText(_ sample: ReceiptSamples.Sample) throws {
        let bytes = ESCPOS.bytes(try sample.layout())
        let text = try ESCPOSDecoder.decode(bytes)
        let binary = Self.golden.appendingPathComponent(sample.name + ".escpos")
        let readable = Self.golden.appendingPathComponent(sample.name + ".txt")
        if ProcessInfo.processInfo.environment["KIOSK_UPDATE_GOLDEN"] == "1" {
            try Data(bytes).write(to: binary)
            try Data(text.utf8).write(to: readable)
        }
        #expect(Array(try Data(contentsOf: binary)) == bytes, "\(sample.name).escpos")
        #expect(try String(contentsOf: readable, encoding: .utf8) == text, "\(sample.name).txt")
    }
}

/// The layout's rules, on every sample and every width.
@Suite struct ESCPOSLayoutTests {
    /// A decoded line without its tags, and whether it is printed double width.
    static func plain(_ line: Substring) -> (text: String, double: Bool) {
        var text = ""
        var inTag = false
        for character in line {
            if character == "[" { inTag = true } else if character == "]" { inTag = false } else if !inTag { text.append(character) }
        }
        return (text, line.contains("[size 2x2]"))
    }

    @Test(arguments: [32, 42, 48, 64])
    func noLineIsWiderThanThePaperAndTheAmountsEndInOneColumn(_ columns: Int) throws {
        for sample in ReceiptSamples.all {
            let text = try ESCPOSDecoder.decode(ESCPOS.bytes(try sample.layout(), columns: columns))
            var ends: Set<Int> = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let (plain, double) = Self.plain(line)
                let width = TerminalText.width(of: plain) * (double ? 2 : 1)
                #expect(width <= columns, "\(sample.name) at \(columns): '\(plain)' is \(width) wide")
                // An amount: digits at the end, or before a currency code.
                let digits = plain.split(separator: " ").last { $0.allSatisfy { "0123456789,.-".contains($0) } && $0.contains { $0.isNumber } }
                if let digits, plain.hasSuffix(String(digits)) || plain.hasSuffix(String(digits) + " USD") || plain.hasSuffix(String(digits) + " KRW"),
                   plain.contains("  ") {
                    let before = plain.range(of: String(digits), options: .backwards).map { plain[..<$0.upperBound] } ?? ""
                    ends.insert(TerminalText.width(of: String(before)))
                }
            }
            #expect(ends.count == 1, "\(sample.name) at \(columns): the amounts end at \(ends.sorted())")
        }
    }

    @Test func itBeginsWithInitAndEndsWithFeedsAndACut() throws {
        let bytes = ESCPOS.bytes(ReceiptLayout(rows: [.text("x")]))
        #expect(bytes == [0x1B, 0x40, 0x78, 0x0A, 0x0A, 0x0A, 0x0A, 0x1D, 0x56, 66, 0])
    }

    @Test func aLabelTooLongWrapsAtItsSpacesAndTheAmountIsOnItsLastLine() throws {
        let layout = ReceiptLayout(rows: [.entry("Strawberry Banana Smoothie with Extra Mango and Kiwi", amount: "12,500", strong: true)])
        let text = try ESCPOSDecoder.decode(ESCPOS.bytes(layout, columns: 32))
        #expect(text == """
        [init][bold]Strawberry Banana Smoothie with
        Extra Mango and Kiwi      12,500[/bold]



        [cut feed 0]
        """)
    }

    @Test func aWordLongerThanTheRoomIsCut() throws {
        let layout = ReceiptLayout(rows: [.text(String(repeating: "x", count: 40))])
        let text = try ESCPOSDecoder.decode(ESCPOS.bytes(layout, columns: 32))
        #expect(text.hasPrefix("[init]" + String(repeating: "x", count: 32) + "\n" + String(repeating: "x", count: 8) + "\n"))
    }

    @Test func hangulIsDoubleByteTwoColumnsEachAndWhatKSX1001LacksIsAQuestionMark() throws {
        let layout = ReceiptLayout(rows: [.entry("딸기 똠 🍓 é", amount: "5,000", strong: false)])
        let bytes = ESCPOS.bytes(layout, columns: 32)
        // 딸기 in EUC-KR: B5FE B1E2 (`iconv -t EUC-KR`).
        #expect(bytes.starts(with: [0x1B, 0x40, 0x1C, 0x26, 0xB5, 0xFE, 0xB1, 0xE2, 0x1C, 0x2E, 0x20, 0x3F, 0x20, 0x3F, 0x20, 0x3F]))
        let text = try ESCPOSDecoder.decode(bytes)
        // 4 + 1 + 1 + 1 + 1 + 1 + 1 = 10 columns of label, 5 of amount: 17 spaces between.
        #expect(text.hasPrefix("[init][ks]딸기[/ks] ? ? ?" + String(repeating: " ", count: 17) + "5,000\n"))
    }

    @Test func theDecoderRefusesWhatKioskDoesNotSend() {
        #expect(throws: ESCPOSDecoder.Failure.self) { try ESCPOSDecoder.decode([0x1B, 0x21, 0x00]) }
        #expect(throws: ESCPOSDecoder.Failure.self) { try ESCPOSDecoder.decode([0x09]) }
        #expect(throws: ESCPOSDecoder.Failure.self) { try ESCPOSDecoder.decode([0x1C, 0x26, 0x41]) }
        #expect(throws: ESCPOSDecoder.Failure.self) { try ESCPOSDecoder.decode([0x1C, 0x26, 0xB5, 0xFB]) }
        #expect(throws: ESCPOSDecoder.Failure.self) { try ESCPOSDecoder.decode([0x1D, 0x56]) }
    }
}
