/// The tail of what a plugin wrote on standard error: its log, bounded.
struct PluginLog: Sendable {
    /// The most bytes kept; older ones are dropped.
    static let capacity = 64 << 10
    private var bytes: [UInt8] = []

    mutating func append(_ more: [UInt8]) {
        bytes += more
        if bytes.count > PluginLog.capacity { bytes.removeFirst(bytes.count - PluginLog.capacity) }
    }

    /// Its last `count` lines that are not blank.
    func lastLines(_ count: Int) -> [String] {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
        return Array(lines.filter { !$0.isEmpty }.suffix(count))
    }
}
