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
        guard write("kiosk-plugin 1 \(name) sink\n") else { return 1 }
        var refused: String?
        var pending: [UInt8] = []
        while true {
            let read = FileSystem.readAvailable(0, until: .now.advanced(by: .seconds(3600)))
            if read == .timedOut { continue }
            guard case .bytes(let bytes) = read else { return 0 }
            pending += bytes
            guard let last = pending.lastIndex(of: 0x0A) else { continue }
            var answers = ""
            for line in pending[...last].split(separator: 0x0A) {
                switch answer(to: line, refusing: &refused) {
                case .line(let text): answers += text + "\n"
                case .quiet: break
                case .stop: return write(answers) ? 0 : 1
                }
            }
            pending.removeSubrange(...last)
            guard answers.isEmpty || write(answers) else { return 1 }
        }
    }

    enum Answer {
        case line(String)
        case quiet
        case stop
    }

    static func answer(to line: ArraySlice<UInt8>, refusing refused: inout String?) -> Answer {
        // An event is answered from its id and type, found without parsing it all.
        if line.starts(with: #"{"event":"#.utf8) {
            guard let id = field("id", in: line) else { return .quiet }
            if let refused, field("type", in: line) == refused {
                return .line(#"{"nack":"\#(id)","retry":false,"message":"this example refuses \#(refused) events"}"#)
            }
            return .line(#"{"ack":"\#(id)"}"#)
        }
        guard let message = JSONValue(parsing: line) else { return .quiet }
        if message["describe"] != nil {
            return .line(#"{"options":[{"name":"refuse","type":"text","doc":"an event type to refuse for good (a nack without retry)"}]}"#)
        }
        if let options = message["configure"] {
            refused = options["refuse"]?.string
            return .line(#"{"ok":true}"#)
        }
        return message["shutdown"] != nil ? .stop : .quiet
    }

    /// The text of the first `"NAME":"…"` in the event (ids and types need no escapes).
    static func field(_ name: String, in line: ArraySlice<UInt8>) -> String? {
        let key = Array("\"\(name)\":\"".utf8)
        guard let start = line.firstRange(of: key)?.upperBound, let end = line[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    static func write(_ text: String) -> Bool {
        (try? FileSystem.writeAll(1, Array(text.utf8))) != nil
    }
}
