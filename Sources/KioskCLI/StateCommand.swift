import KioskCore
import KioskJournal
import KioskMenu
import KioskSystem
import KioskText

/// `kiosk state verify|dump|compact DIRECTORY`: inspects a state directory, also while
/// another kiosk uses it.
struct StateCommand {
    let action: Arguments.StateAction
    let directory: String
    /// The menu an order board is folded with, for `compact`.
    var menu: Menu?
    let json: Bool
    let output: FileOutput
    let errors: FileOutput

    func run() -> ExitCode {
        let state = StateDirectory(path: directory)
        do throws(JournalError) {
            switch action {
            case .verify:
                let summary = try JournalInspector.verify(state)
                output.write(json ? StateCommand.json(summary, directory: directory) : StateCommand.text(summary, directory: directory))
            case .dump:
                _ = try JournalInspector.dump(state) { output.write(bytes: $0) }
            case .compact:
                let compaction = try JournalInspector.compact(state, menu: menu)
                output.write("\(TerminalText.visible(directory)): compacted; journal segments took \(StateCommand.bytes(compaction.before)), now \(StateCommand.bytes(compaction.after))\n")
            }
        } catch {
            output.flush()
            errors.write("kiosk: \(TerminalText.visibleLines(error.message))\n")
            return ExitCode(error)
        }
        return output.flush() ? .success : .ioError
    }

    // MARK: Rendering

    static func text(_ summary: JournalInspector.Summary, directory: String) -> String {
        var lines = ["\(TerminalText.visible(directory)): ok"]
        let size = summary.segments.reduce(0) { $0 + $1.bytes }
        lines.append("  segments   \(summary.segments.count) (\(bytes(size)) on disk)")
        if let snapshot = summary.snapshot {
            lines.append("  snapshot   \(snapshot.name) (up to seq \(snapshot.sequence))")
        }
        lines.append("  records    \(summary.records) (bytes \(summary.firstPosition) to \(summary.endPosition))")
        if let first = summary.firstSequence, let last = summary.lastSequence {
            lines.append("  events     \(summary.events) (seq \(first) to \(last))")
        } else {
            lines.append("  events     0")
        }
        if let torn = summary.tornBytes {
            lines.append("  tail       \(torn) bytes of a commit a crash cut short; the next start cuts them back")
        }
        for cursor in summary.cursors {
            let mark = cursor.mark.map { "delivered up to seq \($0.sequence), \(cursor.behind) events behind" } ?? "nothing delivered yet"
            lines.append("  cursor     \(TerminalText.visible(cursor.sink)): \(mark)")
        }
        for (sink, count) in summary.failedDeliveries.sorted(by: { $0.key < $1.key }) {
            lines.append("  failed     \(TerminalText.visible(sink)): \(count) events wait for 'sinks retry'")
        }
        return TerminalText.visibleLines(lines.joined(separator: "\n") + "\n")
    }

    static func json(_ summary: JournalInspector.Summary, directory: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("state", directory)
        writer.field("ok", true)
        writer.field("segments", summary.segments.count)
        writer.field("bytes", summary.segments.reduce(0) { $0 + $1.bytes })
        writer.field("records", summary.records)
        writer.field("events", summary.events)
        if let first = summary.firstSequence, let last = summary.lastSequence {
            writer.field("firstSeq", first)
            writer.field("lastSeq", last)
        }
        writer.field("end", summary.endPosition)
        if let torn = summary.tornBytes { writer.field("tornBytes", torn) }
        writer.key("cursors")
        writer.beginArray()
        for cursor in summary.cursors {
            writer.beginObject()
            writer.field("sink", cursor.sink)
            if let mark = cursor.mark { writer.field("seq", mark.sequence) }
            writer.field("behind", cursor.behind)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endLine()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func bytes(_ count: UInt64) -> String {
        count >= 1 << 20 ? "\(count / (1 << 20)).\(count % (1 << 20) * 10 / (1 << 20)) MiB"
            : count >= 1 << 10 ? "\(count / (1 << 10)) KiB" : "\(count) bytes"
    }
}
