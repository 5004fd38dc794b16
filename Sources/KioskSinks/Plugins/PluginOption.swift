import KioskMenu
import KioskText

/// One option a plugin declares in its answer to `describe` (docs/PLUGINS.md).
public struct PluginOption: Sendable, Equatable {
    /// The types of docs/PLUGINS.md, by the word a plugin writes.
    public enum OptionType: String, Sendable, CaseIterable {
        case text, number, duration, choice, secret, boolean
    }

    public let name: String
    public let type: OptionType
    public let isRequired: Bool
    /// One line saying what it is.
    public let doc: String?
    /// What the plugin does without it, as the plugin wrote it (kiosk never sends it).
    public let defaultValue: String?
    /// A `choice`'s words.
    public let values: [String]

    /// The whole numbers a `number` takes: far from overflowing anything a plugin parses.
    static let numberRange = -1_000_000_000_000_000...1_000_000_000_000_000

    public init(name: String, type: OptionType, isRequired: Bool = false, doc: String? = nil, defaultValue: String? = nil, values: [String] = []) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.doc = doc
        self.defaultValue = defaultValue
        self.values = values
    }

    /// What the menu language checks a value of it against.
    var spec: PropertySpec {
        let shape: ValueShape = switch type {
        case .text, .secret: .text
        case .number: .integer(PluginOption.numberRange)
        case .duration: .duration
        case .choice: .choice(values)
        case .boolean: .choice(["true", "false"])
        }
        return PropertySpec(name, shape, required: isRequired)
    }

    /// Reads one element of `options`; the reason in words when it is not an option.
    init(parsing value: JSONValue) throws(PluginFailure) {
        guard let name = value["name"]?.string, PluginOption.isName(name) else {
            throw .badDescription(tr("an option without a valid 'name' (letters, digits, '-' and '_')"))
        }
        guard SinkSchema.commonOptions.allSatisfy({ $0.name != name }) else {
            throw .badDescription(tr("option '{name}' is kiosk's own: every sink takes it", ["name": name]))
        }
        guard let word = value["type"]?.string, let type = OptionType(rawValue: word) else {
            throw .badDescription(tr("option '{name}' has no type kiosk knows: one of {types}", [
                "name": name, "types": OptionType.allCases.map(\.rawValue).joined(separator: ", "),
            ]))
        }
        let values = value["values"]?.array?.compactMap(\.string) ?? []
        if type == .choice, values.isEmpty {
            throw .badDescription(tr("option '{name}' is a choice without 'values'", ["name": name]))
        }
        let defaultValue: String? = switch value["default"] {
        case .string(let text)?: text
        case .number(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        default: nil
        }
        var required = false
        if case .bool(let flag)? = value["required"] { required = flag }
        self.init(name: name, type: type, isRequired: required, doc: value["doc"]?.string, defaultValue: defaultValue, values: values)
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }
}
