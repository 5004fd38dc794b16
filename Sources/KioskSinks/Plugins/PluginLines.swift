/// Bytes a plugin wrote on standard output, cut into lines. Reads past the lines it has
/// given instead of moving the rest forward at each: a window of acknowledgements comes in
/// one read.
struct PluginLines {
    /// The longest line kept waiting for its end: a plugin that never ends a line must not
    /// grow this without bound.
    static let maximumLine = 1 << 20
    private var bytes: [UInt8] = []
    private var start = 0

    mutating func append(_ more: [UInt8]) {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 1 << 16 {
            bytes.removeFirst(start)
            start = 0
        }
        bytes += more
        if bytes.count - start > PluginLines.maximumLine, !bytes[start...].contains(0x0A) {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        }
    }

    /// The next whole line, without its `\n` (or `\r\n`).
    mutating func nextLine() -> String? {
        nextLineBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The next whole line's bytes, without its `\n` (or `\r\n`): read before the next
    /// `append`, without making a string.
    mutating func nextLineBytes() -> ArraySlice<UInt8>? {
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
        var end = newline
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let line = bytes[start..<end]
        start = newline + 1
        return line
    }
}
