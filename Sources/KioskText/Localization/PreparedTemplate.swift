import Synchronization

/// A message template read once: its text runs as UTF-8, its `{name}`s, and — only where a
/// run right after a value starts with one — the Korean particle to choose for that value.
/// Filling it then costs what writing the message does: no template is read twice, the
/// message is written straight into the caller's bytes, and a message without particles
/// (every English one) never looks at its values' endings.
struct PreparedTemplate: Sendable {
    enum Piece: Sendable {
        case text([UInt8])
        case value(String)
        /// A dual particle right after a value (`'{name}'을(를)`): the quote before it, the
        /// pair, and the text after it.
        case particle(quoted: Bool, KoreanParticle.Pair, rest: [UInt8])
    }

    let pieces: [Piece]

    /// `template` read by the one reader of `{name}` templates (`BraceTemplate`).
    init(_ template: String) {
        var pieces: [Piece] = []
        for piece in BraceTemplate.pieces(of: template, placeholder: { name, _, _ in name }) {
            switch piece {
            case .placeholder(let name):
                pieces.append(.value(name))
            case .text(let words):
                if case .value = pieces.last, let (pair, quoted, rest) = KoreanParticle.leading(words) {
                    pieces.append(.particle(quoted: quoted, pair, rest: Array(rest.utf8)))
                } else {
                    pieces.append(.text(Array(words.utf8)))
                }
            }
        }
        self.pieces = pieces
    }

    /// Appends the template's UTF-8 to `bytes`, each `{name}` of `values` replaced by its
    /// value and a name without a value kept as it is.
    func fill(_ values: KeyValuePairs<String, any CustomStringConvertible>, into bytes: inout [UInt8]) {
        var last = ""
        for piece in pieces {
            switch piece {
            case .text(let words):
                bytes += words
            case .value(let name):
                if let index = values.firstIndex(where: { $0.key == name }) {
                    last = values[index].value.description
                    bytes += last.utf8
                } else {
                    last = ""
                    bytes.append(UInt8(ascii: "{"))
                    bytes += name.utf8
                    bytes.append(UInt8(ascii: "}"))
                }
            case .particle(let quoted, let pair, let rest):
                if quoted { bytes.append(UInt8(ascii: "'")) }
                bytes += KoreanParticle.form(of: pair, after: last).utf8
                bytes += rest
            }
        }
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
