import KioskServer
import KioskWire
import Testing

/// What decides, from a request's head alone, whether its body can be read.
@Suite struct RequestFramingTests {
    private func problem(_ fields: [(String, String)], version: String = "HTTP/1.1", headSize: Int = 200, targetLength: Int = 20) -> FramingProblem? {
        RequestFraming.problem(
            version: version, headers: fields.map { HTTPField($0.0, $0.1) }, headSize: headSize, targetLength: targetLength,
            bodyLimit: 64 * 1024, headLimit: 32 * 1024
        )
    }

    @Test func aLengthIsTooLargeByItsValueHoweverManyDigitsItHas() {
        #expect(problem([("Content-Length", "65536")]) == nil)
        #expect(problem([("Content-Length", "0065536")]) == nil)
        for length in ["65537", "9223372036854775807", "9223372036854775808", "18446744073709551615", "184467440737095516150"] {
            #expect(problem([("Content-Length", length)]) == .bodyTooLarge(limit: 64 * 1024), "\(length)")
        }
    }

    @Test func lengthsMustAgreeAndStandAlone() {
        #expect(problem([("Content-Length", "5"), ("content-length", "5")]) == nil)
        #expect(problem([("Content-Length", "5"), ("Content-Length", "33")]) == .conflictingLengths)
        #expect(problem([("Content-Length", "5"), ("Transfer-Encoding", "chunked")]) == .lengthWithTransferEncoding)
        #expect(problem([("Content-Length ", "5")]) == .whitespaceInFieldName)
    }

    @Test func chunkedAloneIsTheOneTransferCoding() {
        #expect(problem([("Transfer-Encoding", "chunked")]) == nil)
        #expect(problem([("Transfer-Encoding", "Chunked")]) == nil)
        #expect(problem([("Transfer-Encoding", "gzip, chunked")]) == .unsupportedTransferCoding("gzip"))
        #expect(problem([("Transfer-Encoding", "chunked, gzip")]) == .unframedTransferEncoding)
        #expect(problem([("Transfer-Encoding", "chunked, chunked")]) == .unframedTransferEncoding)
        #expect(problem([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")]) == .unframedTransferEncoding)
        #expect(problem([("Transfer-Encoding", "")]) == .unframedTransferEncoding)
        #expect(problem([("Transfer-Encoding", "chunked")], version: "HTTP/1.0") == .unframedTransferEncoding)
        #expect(FramingProblem.unsupportedTransferCoding("gzip").status == 501)
    }

    @Test func theHeadIsBoundedAndALongTargetSaysSo() {
        #expect(problem([], headSize: 32 * 1024) == nil)
        #expect(problem([], headSize: 32 * 1024 + 1) == .headersTooLarge(limit: 32 * 1024))
        #expect(problem([], headSize: 40 * 1024, targetLength: 32 * 1024 + 1) == .targetTooLong(limit: 32 * 1024))
        #expect(FramingProblem.headersTooLarge(limit: 1).status == 431 && FramingProblem.targetTooLong(limit: 1).status == 414)
    }
}
