import KioskText
import Testing

@Suite struct TrimmingTests {
    @Test func whiteSpaceGoesFromBothEndsOnly() {
        #expect("  mango juice  ".trimmingWhitespace() == "mango juice")
        #expect("\t y \r\n".trimmingWhitespace() == "y")
        #expect("\u{3000}딸기 우유\u{A0}".trimmingWhitespace() == "딸기 우유")
        #expect(" \t ".trimmingWhitespace() == "")
        #expect("ok".trimmingWhitespace() == "ok")
    }
}
