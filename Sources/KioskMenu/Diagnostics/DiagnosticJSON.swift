import KioskText

/// Diagnostics as JSON lines, for programs: `kiosk check --json`, and a start that fails
/// under `--json`. One object per diagnostic, and one per note it carries:
/// `{"file":…,"line":…,"column":…,"severity":"error"|"note","code":…,"message":…,"help":[…]}`.
/// A problem with no place in a file (an unreadable state, a bad flag) has `line` and
/// `column` `null`, and `file` too when no file is concerned.
public enum DiagnosticJSON {
    /// Every diagnostic of a compilation, each object on a line of its own.
    public static func lines(_ diagnostics: [Diagnostic], in sources: SourceMap) -> [UInt8] {
        var bytes: [UInt8] = []
        for diagnostic in diagnostics {
            let location = sources.location(of: diagnostic.range)
            bytes += line(
                file: sources[diagnostic.range.file].path, line: location.line, column: location.column, severity: .error,
                code: diagnostic.problem.code, message: diagnostic.message, help: diagnostic.help
            )
            if let related = diagnostic.related {
                let note = sources.location(of: related)
                bytes += line(
                    file: sources[related.file].path, line: note.line, column: note.column, severity: .note,
                    code: diagnostic.problem.code, message: diagnostic.problem.relatedNote
                )
            }
        }
        return bytes
    }

    /// One diagnostic object and its newline.
    public static func line(
        file: String?, line: Int? = nil, column: Int? = nil, severity: Diagnostic.Severity = .error, code: String, message: String,
        help: [String] = []
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("file")
        if let file { writer.string(file) } else { writer.null() }
        writer.key("line")
        if let line { writer.number(line) } else { writer.null() }
        writer.key("column")
        if let column { writer.number(column) } else { writer.null() }
        writer.field("severity", severity.rawValue)
        writer.field("code", code)
        writer.field("message", message)
        writer.array("help", strings: help)
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }
}
