import KioskCore
import KioskText
import Testing

@Suite struct JSONWriterKioskTests {
    @Test func anEventIDIsWrittenInItsCanonicalForm() throws {
        let ids = [
            EventID(high: 0, low: 0), EventID(high: .max, low: .max),
            EventID(high: 0x01A1_FFC3_5796_7002, low: 0xB9BA_501C_7875_B25F), EventID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210),
        ]
        for id in ids {
            var writer = JSONWriter(capacity: 0)
            writer.eventID(id)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(id.description)\"")
            #expect(EventID(id.description) == id)
        }
    }

    @Test func aTimestampAndMoneyAreWrittenAsTheirCanonicalText() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.timestamp(Timestamp(millisecondsSince1970: 0))
        writer.timestamp(Timestamp(millisecondsSince1970: 1_763_737_710_589))
        writer.number(Money(hundredths: -450))
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["1970-01-01T00:00:00.000Z","2025-11-21T15:08:30.589Z",-4.50]"#)
    }
}
