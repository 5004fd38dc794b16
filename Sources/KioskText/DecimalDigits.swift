/// The decimal digits of an integer as bytes, made without a `String`: for the numbers a
/// busy batch prints with every order and the JSON it writes.
public enum DecimalDigits {
    /// Calls `body` with the ASCII digits of `value`, a `-` first when it is negative. The
    /// bytes live on the stack for the call only.
    @inlinable
    public static func withDigits<Result>(of value: some BinaryInteger, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var magnitude = UInt64(value.magnitude)
        var room: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: a sign and 20 digits fit
        return withUnsafeMutableBytes(of: &room) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = bytes.count
            repeat {
                start -= 1
                bytes[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                bytes[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Appends the digits of `value` to `bytes`.
    @inlinable
    public static func append(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        withDigits(of: value) { bytes.append(contentsOf: $0) }
    }
}
