import Synchronization

/// A message template read once: its literal text as one run of UTF-8, and the parts that
/// say which bytes of it to copy, which `{name}` to fill, and — only where the text right
/// after a value starts with one — the Korean particle to choose for that value. Filling it
/// then costs what writing the message does: no template is read twice, the parts hold no
/// references (walking them retains nothing), the message is written straight into the
/// caller's bytes, and a message without particles (every English one) never keeps its
/// values' text.
final class PreparedTemplate: Sendable {
    enum Part: Sendable {
        /// Bytes of `literal` to copy as they are.
        case text(Range<Int>)
        /// The value named `names[index]`.
        case value(Int)
        /// A dual particle right after a value (`'{name}'을(를)`): `particles[index]`, after
        /// a quote or not.
        case particle(Int, quoted: Bool)
    }

    private let literal: [UInt8]
    private let parts: [Part]
    private let names: [String]
    private let particles: [KoreanParticle.Pair]

    /// `template` read by the one reader of `{name}` templates (`BraceTemplate`).
    init(_ template: String) {
        var literal: [UInt8] = []
        var parts: [Part] = []
        var names: [String] = []
        var particles: [KoreanParticle.Pair] = []
        func text(_ words: some Sequence<UInt8>) {
            let start = literal.count
            literal += words
            if start < literal.count { parts.append(.text(start..<literal.count)) }
        }
        for piece in BraceTemplate.pieces(of: template, placeholder: { name, _, _ in name }) {
            switch piece {
            case .placeholder(let name):
                parts.append(.value(names.count))
                names.append(name)
            case .text(let words):
                if case .value = parts.last, let (pair, quoted, rest) = KoreanParticle.leading(words) {
                    parts.append(.particle(particles.count, quoted: quoted))
                    particles.append(pair)
                    text(rest.utf8)
                } else {
                    text(words.utf8)
                }
            }
        }
        self.literal = literal
        self.parts = parts
        self.names = names
        self.particles = particles
    }

    /// Appends the template's UTF-8 to `bytes`, each `{name}` of `values` replaced by its
    /// value and a name without a value kept as it is.
    func fill(_ values: KeyValuePairs<String, any CustomStringConvertible>, into bytes: inout [UInt8]) {
        var last = ""
        for part in parts {
            switch part {
            case .text(let range):
                bytes += literal[range]
            case .value(let index):
                let name = names[index]
                guard let position = Self.position(of: name, in: values) else {
                    last = ""
                    bytes.append(UInt8(ascii: "{"))
                    bytes += name.utf8
                    bytes.append(UInt8(ascii: "}"))
                    continue
                }
                let text = values[position].value.description
                bytes += text.utf8
                if !particles.isEmpty { last = text }
            case .particle(let index, let quoted):
                if quoted { bytes.append(UInt8(ascii: "'")) }
                bytes += KoreanParticle.form(of: particles[index], after: last).utf8
            }
        }
    }

    /// Where `name` is among `values`: read by key alone, so that no value is copied.
    private static func position(of name: String, in values: KeyValuePairs<String, any CustomStringConvertible>) -> Int? {
        var position = values.startIndex
        while position < values.endIndex {
            if values[position].key == name { return position }
            position += 1
        }
        return nil
    }

    /// The template of each message filled so far, prepared once. A message comes from the
    /// code or a catalog, so the set is small; past `capacity` (text built at run time
    /// passed as a message) a template is prepared each time rather than kept.
    private static let prepared = Mutex<[String: PreparedTemplate]>([:])
    private static let capacity = 4096

    static func of(_ template: String) -> PreparedTemplate {
        if let known = prepared.withLock({ $0[template] }) { return known }
        let made = PreparedTemplate(template)
        prepared.withLock { cache in
            if cache.count < capacity { cache[template] = made }
        }
        return made
    }
}
