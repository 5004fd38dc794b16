import KioskMenu
import KioskText

/// A `sink NAME { … }` statement as its plugin's `configure` message, and what of it must
/// never be shown.
struct PluginConfiguration: Sendable {
    let description: PluginDescription
    let declaration: SinkDeclaration

    /// `{"configure":{…}}` and its newline: each option the statement gives, typed as the
    /// plugin declared it; kiosk's own options (`on`, `queue`, `name`, `from`) are not sent.
    var line: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("configure")
        writer.beginObject()
        for option in description.options {
            guard let value = declaration.options[option.name]?.first else { continue }
            writer.key(string: option.name)
            switch value {
            case .text(let text): writer.string(text.value)
            case .integer(let number): writer.number(number)
            case .duration(let duration): writer.string(duration.menuText)
            case .choice(let word, _) where option.type == .boolean: writer.bool(word == "true")
            case .choice(let word, _): writer.string(word)
            default: writer.null()
            }
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes + [0x0A]
    }

    /// The values from `${…}` and every value of an option declared `secret`: hidden
    /// wherever the plugin's errors or the sink are shown.
    var secretMask: SecretMask {
        var secrets: [String] = []
        for option in description.options where option.type == .secret {
            for case .text(let text) in declaration.options[option.name] ?? [] { secrets.append(text.value) }
        }
        return declaration.secretMask.adding(secrets)
    }

    /// Its refusals as diagnostics, each at the option it names (or at the statement).
    func diagnostics(for refusals: [PluginRefusal]) -> [Diagnostic] {
        let mask = secretMask
        return refusals.compactMap { refusal in
            guard let at = refusal.option.flatMap({ declaration.optionRanges[$0] }) ?? declaration.range else { return nil }
            let message = refusal.option.map { "'\($0)': " } ?? ""
            return Diagnostic(.pluginRefused(plugin: description.name, message: mask.apply(message + TerminalText.visible(refusal.message))), at: at)
        }
    }

    /// Its refusals in words, each after where it is: for a start-up error.
    func reasons(for refusals: [PluginRefusal]) -> String {
        let mask = secretMask
        return refusals.map { refusal in
            let name = refusal.option.map { "'\($0)': " } ?? ""
            return mask.apply(name + TerminalText.visible(refusal.message))
        }.joined(separator: "; ")
    }

    /// The plugin started, through its handshake, `describe` and `configure`, for a sink or
    /// the reader: a plugin that cannot start or answer is worth another try later; one
    /// that refuses its options, is not.
    func launch(environment: [String: String], timeout: Duration = .seconds(10)) throws(SinkFailure) -> PluginProcess {
        let mask = secretMask
        let plugin: PluginProcess
        do throws(PluginProblem) {
            plugin = try PluginProcess.start(
                name: description.name, path: description.path, environment: environment, directory: declaration.directory, timeout: timeout
            )
        } catch {
            throw .retryable(mask.apply(error.message))
        }
        let refusals: [PluginRefusal]
        do throws(PluginFailure) {
            _ = try plugin.describe()
            refusals = try plugin.configure(line)
        } catch {
            plugin.stop()
            throw .retryable(mask.apply(plugin.problem(error).message))
        }
        guard refusals.isEmpty else {
            plugin.stop()
            throw .permanent(tr("plugin '{plugin}' refused its options: {reasons}", ["plugin": description.name, "reasons": reasons(for: refusals)]))
        }
        return plugin
    }
}
