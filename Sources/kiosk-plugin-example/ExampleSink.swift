import KioskSystem
import KioskText

/// The Swift example of docs/PLUGINS.md: acknowledges every event, or refuses for good the
/// events of the type its option `refuse` names. Reads its input in chunks and answers a
/// chunk's events with one write, so it keeps up with kiosk's window of events in flight.
enum ExampleSink {
    /// Its name is its file's, without an extension: install it under any name.
    static var name: String {
        let file = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "example"
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    static func run(environment: [String: String]) -> Int32 {
        let versions = (environment["KIOSK_PLUGIN_PROTOCOLS"] ?? "").split(separator: ",")
        guard versions.contains("1") else {
            FileOutput.standardError.write("kiosk-plugin-example speaks protocol version 1\n")
            FileOutput.standardError.flush()
            return 1
        }
        guard write(Array("kiosk-plugin 1 \(name) sink\n".utf8)) else { return 1 }
        var refused: String?
        var pending: [UInt8] = []
        while true {
            let read = FileSystem.readAvailable(0, until: .now.advanced(by: .seconds(3600)))
            if read == .timedOut { continue }
            guard case .bytes(let bytes) = read else { return 0 }
            pending += bytes
            guard let last = pending.lastIndex(of: 0x0A) else { continue }
            var answers: [UInt8] = []
            var start = 0
            while start <= last, let end = pending[start...last].firstIndex(of: 0x0A) {
                let line = pending[start..<end]
                start = end + 1
                // An event's acknowledgement is written straight into the answers.
                if line.starts(with: eventStart), refused == nil, let id = field(idKey, in: line) {
                    answers.append(contentsOf: ackStart)
                    answers.append(contentsOf: id)
                    answers.append(contentsOf: ackEnd)
                    continue
                }
                switch answer(to: line, refusing: &refused) {
                case .line(let text): answers += text
                case .quiet: break
                case .stop: return write(answers) ? 0 : 1
                }
            }
            pending.removeSubrange(...last)
            guard answers.isEmpty || write(answers) else { return 1 }
        }
    }

    enum Answer {
        /// A line to write back, with its newline.
        case line([UInt8])
        case quiet
        case stop
    }

    static let eventStart = Array(#"{"event":"#.utf8)
    static let ackStart = Array(#"{"ack":""#.utf8)
    static let ackEnd: [UInt8] = [0x22, 0x7D, 0x0A]
    static let idKey = Array(#""id":""#.utf8)
    static let typeKey = Array(#""type":""#.utf8)

    static func answer(to line: ArraySlice<UInt8>, refusing refused: inout String?) -> Answer {
        // An event is answered from its id and type, found without parsing it all.
        if line.starts(with: eventStart) {
            guard let id = field(idKey, in: line) else { return .quiet }
            if let refused, let type = field(typeKey, in: line), type.elementsEqual(refused.utf8) {
                return .line(Array(#"{"nack":""#.utf8) + id + Array(#"","retry":false,"message":"this example refuses \#(refused) events"}"#.utf8) + [0x0A])
            }
            return .line(ackStart + id + ackEnd)
        }
        guard let message = JSONValue(parsing: line) else { return .quiet }
        if message["describe"] != nil {
            return .line(Array(#"{"options":[{"name":"refuse","type":"text","doc":"an event type to refuse for good (a nack without retry)"}]}"#.utf8) + [0x0A])
        }
        if let options = message["configure"] {
            refused = options["refuse"]?.string
            return .line(Array(#"{"ok":true}"#.utf8) + [0x0A])
        }
        return message["shutdown"] != nil ? .stop : .quiet
    }

    /// The bytes of the first `"NAME":"…"` in the event (ids and types need no escapes).
    static func field(_ key: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard line.count > key.count else { return nil }
        var index = line.startIndex
        let lastStart = line.endIndex - key.count
        while index <= lastStart {
            if line[index] == key[0], line[index..<(index + key.count)].elementsEqual(key) {
                let start = index + key.count
                guard let end = line[start...].firstIndex(of: 0x22) else { return nil }
                return line[start..<end]
            }
            index += 1
        }
        return nil
    }

    static func write(_ bytes: [UInt8]) -> Bool {
        (try? FileSystem.writeAll(1, bytes)) != nil
    }
}
