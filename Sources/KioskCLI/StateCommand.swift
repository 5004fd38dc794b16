import KioskCore
import KioskJournal
import KioskMenu
import KioskSinks
import KioskSystem
import KioskText

/// `kiosk state verify|dump|compact|sinks DIRECTORY` and `kiosk state forget DIRECTORY
/// SINK`: inspects a state directory, also while another kiosk uses it.
struct StateCommand {
    let action: Arguments.StateAction
    let directory: String
    /// The sink `forget` forgets.
    var sink: String?
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
                let summary = try JournalInspector.verify(state, format: .kiosk)
                output.write(json ? StateCommand.json(summary, directory: directory) : StateCommand.text(summary, directory: directory))
            case .dump:
                _ = try JournalInspector.dump(state, format: .kiosk) { output.write(bytes: $0) }
            case .compact:
                let compaction = try JournalInspector.compact(state, menu: menu, format: .kiosk)
                let line = tr(
                    "{directory}: compacted; journal segments took {before}, now {after}",
                    [
                        "directory": TerminalText.visible(directory), "before": StateCommand.bytes(compaction.before),
                        "after": StateCommand.bytes(compaction.after),
                    ]
                )
                output.write(line + "\n")
            case .sinks:
                let cursors = try JournalInspector.sinks(state, format: .kiosk)
                output.write(json ? StateCommand.json(cursors, directory: directory) : StateCommand.text(cursors))
            case .forget:
                let forgotten = try JournalInspector.forget(state, sink: sink ?? "", format: .kiosk)
                output.write(StateCommand.text(forgotten: forgotten, directory: directory))
            }
        } catch {
            output.flush()
            errors.write("kiosk: \(TerminalText.visibleLines(error.message))\n")
            return ExitCode(error)
        }
        return output.flush() ? .success : .ioError
    }

    // MARK: Rendering

    /// The summary of `verify` in the operator's language, its labels in a column padded by
    /// display cells.
    static func text(_ summary: JournalInspector.Summary, directory: String) -> String {
        var lines = [tr("{directory}: ok", ["directory": TerminalText.visible(directory)])]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label + String(repeating: " ", count: max(1, 11 - TerminalText.width(of: label))) + value)
        }
        let size = summary.segments.reduce(0) { $0 + $1.bytes }
        row(tr("segments"), tr("{count} ({size} on disk)", ["count": summary.segments.count, "size": bytes(size)]))
        if let snapshot = summary.snapshot {
            row(tr("snapshot"), tr("{name} (up to seq {seq})", ["name": snapshot.name, "seq": snapshot.sequence]))
        }
        row(
            tr("records"),
            tr("{count} (bytes {first} to {end})", ["count": summary.records, "first": summary.firstPosition, "end": summary.endPosition])
        )
        if let first = summary.firstSequence, let last = summary.lastSequence {
            row(tr("events"), tr("{count} (seq {first} to {last})", ["count": summary.events, "first": first, "last": last]))
        } else {
            row(tr("events"), "0")
        }
        if let torn = summary.tornBytes {
            row(tr("tail"), tr("{count} bytes of a commit a crash cut short; the next start cuts them back", ["count": torn]))
        }
        for cursor in summary.cursors {
            let mark = cursor.mark.map {
                tr("delivered up to seq {seq}, {behind} events behind", ["seq": $0.sequence, "behind": cursor.behind])
            } ?? tr("nothing delivered yet")
            row(tr("cursor"), "\(TerminalText.visible(cursor.sink)): \(mark)")
        }
        for (sink, failures) in summary.facts[DeliveryFailures.self].bySink.sorted(by: { $0.key < $1.key }) {
            row(tr("failed"), tr("{sink}: {count} events wait for 'sinks retry'", ["sink": TerminalText.visible(sink), "count": failures.count]))
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

    /// `state sinks`: one row per sink the state keeps a cursor for.
    static func text(_ cursors: [JournalInspector.Cursor]) -> String {
        var table = TextTable([
            (tr("SINK"), .left), (tr("DELIVERED"), .right), (tr("WAITING"), .right), (tr("LAST SEEN"), .left), (tr("KEPT UNTIL"), .left),
        ])
        for cursor in cursors {
            table.add([
                cursor.sink, cursor.mark.map { tr("seq {seq}", ["seq": $0.sequence]) } ?? "-", String(cursor.behind),
                ISO8601.string(millisecondsSince1970: cursor.seen.millisecondsSince1970),
                cursor.held ? tr("in use") : ISO8601.string(millisecondsSince1970: cursor.expires.millisecondsSince1970),
            ])
        }
        return table.lines.map { $0 + "\n" }.joined()
    }

    static func json(_ cursors: [JournalInspector.Cursor], directory: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("state", directory)
        writer.key("sinks")
        writer.beginArray()
        for cursor in cursors {
            writer.beginObject()
            writer.field("sink", cursor.sink)
            if let mark = cursor.mark { writer.field("seq", mark.sequence) }
            writer.field("waiting", cursor.behind)
            writer.field("seen", ISO8601.string(millisecondsSince1970: cursor.seen.millisecondsSince1970))
            writer.field("keptUntil", ISO8601.string(millisecondsSince1970: cursor.expires.millisecondsSince1970))
            writer.field("inUse", cursor.held)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endLine()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `state forget`: what was forgotten, and what that gives up.
    static func text(forgotten cursor: JournalInspector.Cursor, directory: String) -> String {
        let (path, sink) = (TerminalText.visible(directory), TerminalText.visible(cursor.sink))
        let line = cursor.behind == 0
            ? tr("{directory}: forgot the sink '{sink}', which had delivered every event", ["directory": path, "sink": sink])
            : trn(
                "{directory}: forgot the sink '{sink}'; the {count} event it had not delivered will not be sent to it",
                "{directory}: forgot the sink '{sink}'; the {count} events it had not delivered will not be sent to it", cursor.behind,
                ["directory": path, "sink": sink, "count": cursor.behind]
            )
        return line + "\n"
    }

    static func bytes(_ count: UInt64) -> String {
        count >= 1 << 20 ? "\(count / (1 << 20)).\(count % (1 << 20) * 10 / (1 << 20)) MiB"
            : count >= 1 << 10 ? "\(count / (1 << 10)) KiB" : tr("{count} bytes", ["count": count])
    }
}
