import Synchronization

/// A message template read once: its literal text as one run of UTF-8, and the parts that
/// say which bytes of it to copy, which `{name}` to fill, and — only where the text right
/// after a value starts with one — the Korean particle to choose for that value. Filling it
/// then costs what writing the message does: no template is read twice, the parts hold no
/// references (walking them retains nothing), the message is written straight into the
/// caller's bytes, and a message without particles (every English one) never looks at a
/// value's ending.
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
    /// The names of the template's placeholders, in the order they come.
    let names: [String]
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

    /// Appends the template's UTF-8 to `bytes`, each placeholder replaced by what `value`
    /// writes for it (given its place among the template's names and its name), a name
    /// `value` has nothing for (`false`) kept as it is. A value is written straight into
    /// the bytes; its text is read back from them only before a particle, which needs its
    /// ending.
    func fill(into bytes: inout [UInt8], value: (_ index: Int, _ name: String, _ bytes: inout [UInt8]) -> Bool) {
        var last = ""
        literal.withUnsafeBufferPointer { literal in
            for part in parts {
                switch part {
                case .text(let range):
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literal[range]))
                case .value(let index):
                    let start = bytes.count
                    if value(index, names[index], &bytes) {
                        if !particles.isEmpty { last = String(decoding: bytes[start...], as: UTF8.self) }
                        continue
                    }
                    last = ""
                    bytes.append(UInt8(ascii: "{"))
                    bytes += names[index].utf8
                    bytes.append(UInt8(ascii: "}"))
                case .particle(let index, let quoted):
                    if quoted { bytes.append(UInt8(ascii: "'")) }
                    bytes += KoreanParticle.form(of: particles[index], after: last).utf8
                }
            }
        }
    }

    /// The template of each message filled so far, prepared once. A message comes from the
    /// code or a catalog, so the set is small; past `capacity` (text built at run time
    /// passed as a message) a template is prepared each time rather than kept. The few
    /// filled last are looked at first, by length and then equality: a template said with
    /// every order is the same string each time, which compares equal at once, where
    /// hashing it would read all of it.
    private static let prepared = Mutex(Shelf())
    private static let capacity = 4096

    private struct Shelf: ~Copyable {
        var all: [String: PreparedTemplate] = [:]
        var recent: [(template: String, prepared: PreparedTemplate)] = []
        var next = 0

        mutating func remember(_ template: String, _ prepared: PreparedTemplate) {
            if recent.count < 8 {
                recent.append((template, prepared))
            } else {
                recent[next] = (template, prepared)
                next = (next + 1) % recent.count
            }
        }
    }

    static func of(_ template: String) -> PreparedTemplate {
        let known = prepared.withLock { shelf -> PreparedTemplate? in
            for entry in shelf.recent where entry.template.utf8.count == template.utf8.count && entry.template == template {
                return entry.prepared
            }
            guard let known = shelf.all[template] else { return nil }
            shelf.remember(template, known)
            return known
        }
        if let known { return known }
        let made = PreparedTemplate(template)
        prepared.withLock { shelf in
            guard shelf.all.count < capacity else { return }
            shelf.all[template] = made
            shelf.remember(template, made)
        }
        return made
    }
}

extension KeyValuePairs<String, any CustomStringConvertible> {
    /// Writes the value of `name` as its `description`, looked for first where the
    /// template's order of names would put it (a call names its values in the message's
    /// order); `false` when there is none.
    func write(_ name: String, expected: Int, into bytes: inout [UInt8]) -> Bool {
        let position = expected < count && self[expected].key == name ? expected : firstIndex { $0.key == name }
        guard let position else { return false }
        bytes += self[position].value.description.utf8
        return true
    }
}
