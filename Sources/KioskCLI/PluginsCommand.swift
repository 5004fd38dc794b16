import KioskSinks
import KioskSystem
import KioskText

/// `kiosk plugins [--json]`: each plugin installed (docs/PLUGINS.md) with its name, kinds,
/// protocol version and options, or why it cannot be used; with `--json`, one object per
/// plugin. Fails (1) when one is broken.
struct PluginsCommand {
    let catalog: PluginCatalog
    var json = false
    let output: FileOutput
    let errors: FileOutput

    func run() -> ExitCode {
        var status = ExitCode.success
        let installed = catalog.installed()
        if installed.isEmpty, !json {
            output.write(tr("no plugins in {directories}", ["directories": catalog.directories.map(TerminalText.visible).joined(separator: ", ")]) + "\n")
        }
        for (name, path) in installed {
            let result = catalog.describe(name: name, path: path)
            if case .failure = result { status = .failure }
            output.write(bytes: json ? PluginsCommand.object(name: name, path: path, result) : Array(PluginsCommand.text(name: name, path: path, result).utf8))
        }
        output.flush()
        return status
    }

    /// `slack  sink  protocol 1  /usr/lib/kiosk/plugins/slack`, then a line per option.
    static func text(name: String, path: String, _ result: Result<PluginDescription, PluginProblem>) -> String {
        let shownPath = TerminalText.visible(path)
        switch result {
        case .failure(let problem):
            return "\(TerminalText.visible(name))  " + tr("broken") + "  \(shownPath)\n  " + problem.message + "\n"
        case .success(let plugin):
            var text = "\(plugin.name)  \(TerminalText.visible(plugin.kinds.joined(separator: ",")))  " + tr("protocol {version}", ["version": plugin.version]) + "  \(shownPath)\n"
            let width = plugin.options.map(\.name.count).max() ?? 0
            for option in plugin.options {
                var parts = [option.name.padding(to: width), option.type.rawValue.padding(to: 8)]
                if option.isRequired { parts.append(tr("required")) }
                if !option.values.isEmpty { parts.append(TerminalText.visible(option.values.joined(separator: ", "))) }
                if let value = option.defaultValue, option.type != .secret { parts.append(tr("default {value}", ["value": TerminalText.visible(value)])) }
                if let doc = option.doc { parts.append(TerminalText.visible(doc)) }
                text += "  " + parts.joined(separator: "  ").trimmingWhitespace() + "\n"
            }
            return text
        }
    }

    /// `{"name":…,"path":…,"ok":true,"version":1,"kinds":[…],"options":[…]}`, or with
    /// `"ok":false` and `"error"`, and its newline.
    static func object(name: String, path: String, _ result: Result<PluginDescription, PluginProblem>) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("name", name)
        writer.field("path", path)
        switch result {
        case .failure(let problem):
            writer.field("ok", false)
            writer.field("error", problem.message)
        case .success(let plugin):
            writer.field("ok", true)
            writer.field("version", plugin.version)
            writer.array("kinds", strings: plugin.kinds)
            writer.key("options")
            writer.beginArray()
            for option in plugin.options {
                writer.beginObject()
                writer.field("name", option.name)
                writer.field("type", option.type.rawValue)
                writer.field("required", option.isRequired)
                if let doc = option.doc { writer.field("doc", doc) }
                if let value = option.defaultValue, option.type != .secret { writer.field("default", value) }
                if !option.values.isEmpty { writer.array("values", strings: option.values) }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes + [0x0A]
    }
}

/// The plugins a command line can use.
enum Plugins {
    /// The catalog of `--plugin-path` and the installed directories.
    static func catalog(pluginPaths: [String], environment: [String: String]) -> PluginCatalog {
        PluginCatalog(directories: PluginCatalog.standardDirectories(pluginPaths: pluginPaths, environment: environment), environment: environment)
    }
}

extension String {
    /// Padded with spaces to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
