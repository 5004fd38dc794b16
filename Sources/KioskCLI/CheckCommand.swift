import KioskCore
import KioskMenu
import KioskSinks
import KioskSystem
import KioskText

/// `kiosk check FILE…`: compiles each file and prints its diagnostics or an ok line; with
/// `--json`, the diagnostics as `DiagnosticJSON` objects and an ok object per good file;
/// with `--explain ITEM`, after each good file's ok line, the selections the item allows.
/// The plugins a menu's sinks name are asked for their options, and configured, as at a
/// start: an option a plugin refuses is an error at that option.
struct CheckCommand {
    /// Diagnostics printed per file before the rest are only counted.
    static let diagnosticLimit = 100

    let files: [String]
    let compiler: MenuCompiler
    let plugins: PluginCatalog
    let renderer: DiagnosticRenderer
    var json = false
    var explain: String?
    let output: FileOutput
    let errors: FileOutput

    func run() -> ExitCode {
        var status = ExitCode.success
        for path in files {
            let (compilation, _) = plugins.compile { registry in
                var compiler = compiler
                compiler.sinkSchemas = registry.schemas
                compiler.readerSchemas = registry.readerSchemas
                return compiler.compile(path: path)
            }
            if let unreadable = compilation.unreadable, json {
                let message = tr("cannot read '{path}': {reason}", ["path": path, "reason": unreadable.reason])
                errors.write(bytes: DiagnosticJSON.line(file: path, code: "unreadable_file", message: message))
                status = .unreadableInput
            } else if let unreadable = compilation.unreadable {
                let message = tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(path), "reason": TerminalText.visible(unreadable.reason)])
                errors.write("kiosk: \(message)\n")
                status = .unreadableInput
            } else if let menu = compilation.menu, json {
                let prices = menu.menu.checkPrices()
                output.write(bytes: CheckCommand.okObject(path: path, summary: menu.summaryWithQuestions, prices: prices))
                if let prices, !prices.problems.isEmpty { status = .invalidMenu }
            } else if let menu = compilation.menu {
                let line = tr("{path}: ok ({summary})", ["path": TerminalText.visible(path), "summary": TerminalText.visible(menu.summaryWithQuestions)])
                output.write(line + "\n")
                if let prices = menu.menu.checkPrices(), !report(prices, path: path) { status = .invalidMenu }
                if let explain, !self.explain(explain, in: menu.menu, path: path) { status = .failure }
            } else {
                report(compilation, path: path)
                if status == .success { status = .invalidMenu }
            }
            output.flush()
            errors.flush()
        }
        return status
    }

    /// `  prices: 8 price points add up …` under the ok line of a menu with taxes or
    /// discounts, or each price point that does not; `false` for any.
    private func report(_ prices: PriceCheck, path: String) -> Bool {
        let points = prices.pricePoints.grouped
        if prices.problems.isEmpty {
            let text = prices.bounded
                ? tr("prices: the first {points} price points add up: each tax and net make the price, none below zero", ["points": points])
                : tr("prices: all {points} price points add up: each tax and net make the price, none below zero", ["points": points])
            output.write("  " + text + "\n")
            return true
        }
        for problem in prices.problems {
            errors.write(TerminalText.visible(path) + ": " + tr("error: a price does not add up: {problem}", ["problem": TerminalText.visible(problem)]) + "\n")
        }
        return false
    }

    /// Writes what `--explain` asks for; `false` when the menu has no such item or combo.
    private func explain(_ name: String, in menu: Menu, path: String) -> Bool {
        let explanation = ChoicesExplanation(menu: menu)
        if let text = explanation.text(for: name) {
            output.write(text)
            return true
        }
        let (shown, file) = (TerminalText.visible(name), TerminalText.visible(path))
        let message = explanation.suggestion(for: name).map { suggestion in
            tr("no item or combo '{name}' in '{path}' (did you mean '{suggestion}'?)", ["name": shown, "path": file, "suggestion": suggestion])
        } ?? tr("no item or combo '{name}' in '{path}'", ["name": shown, "path": file])
        errors.write("kiosk: \(message)\n")
        return false
    }

    private func report(_ compilation: MenuCompilation, path: String) {
        if json {
            errors.write(bytes: DiagnosticJSON.lines(Array(compilation.diagnostics.prefix(CheckCommand.diagnosticLimit)), in: compilation.sources))
            return
        }
        let shown = compilation.diagnostics.prefix(CheckCommand.diagnosticLimit)
        errors.write(renderer.render(Array(shown), in: compilation.sources))
        let count = compilation.errorCount
        let path = TerminalText.visible(path)
        let summary = count > shown.count
            ? trn("{path}: {count} error ({hidden} not shown)", "{path}: {count} errors ({hidden} not shown)", count, [
                "path": path, "count": count, "hidden": count - shown.count,
            ])
            : trn("{path}: {count} error", "{path}: {count} errors", count, ["path": path, "count": count])
        errors.write(summary + "\n")
    }

    /// `{"file":…,"ok":true,"summary":…}` and its newline.
    static func okObject(path: String, summary: String, prices: PriceCheck? = nil) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("file", path)
        writer.field("ok", prices?.problems.isEmpty ?? true)
        writer.field("summary", summary)
        if let prices {
            writer.key("prices")
            writer.beginObject()
            writer.field("points", prices.pricePoints)
            writer.field("bounded", prices.bounded)
            writer.array("problems", strings: prices.problems)
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }
}
