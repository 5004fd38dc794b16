/// A Korean particle after a value, chosen by how the value ends: `딸기가` but `망고가`,
/// `수박이`; `4.505는`, `3은`; `'item'을` but `'menu'을(를)`.
///
/// A Korean message writes the dual form after a placeholder (`'{name}'을(를)`, `{path}(으)로`),
/// which is right whatever the value; a filled message (`PreparedTemplate`) writes the one form
/// the value takes. The form follows the value's last sound: a Hangul syllable's final consonant,
/// a digit as Korean reads it (`3` 삼, `5` 오, `10` 십), a Latin word ending in `m`, `n`, `ng`
/// or `l` (`item` 아이템, `mail` 메일). Anything else — another Latin ending, a symbol, an empty
/// value — keeps the dual form, which is never wrong.
public enum KoreanParticle {
    /// How a value ends, for its particle: a vowel, `ㄹ` (which takes `로` as a vowel does),
    /// or another final consonant.
    public enum Ending: Equatable, Sendable {
        case vowel, rieul, consonant
    }

    /// A dual form and its form after a final consonant and after a vowel.
    struct Pair: Sendable {
        let dual: String
        let consonant: String
        let vowel: String
        /// `(으)로`: `로` after `ㄹ` as after a vowel.
        var rieulTakesVowelForm = false
    }

    static let pairs: [Pair] = [
        Pair(dual: "을(를)", consonant: "을", vowel: "를"), Pair(dual: "를(을)", consonant: "을", vowel: "를"),
        Pair(dual: "은(는)", consonant: "은", vowel: "는"), Pair(dual: "는(은)", consonant: "은", vowel: "는"),
        Pair(dual: "이(가)", consonant: "이", vowel: "가"), Pair(dual: "가(이)", consonant: "이", vowel: "가"),
        Pair(dual: "과(와)", consonant: "과", vowel: "와"), Pair(dual: "와(과)", consonant: "과", vowel: "와"),
        Pair(dual: "(으)로", consonant: "으로", vowel: "로", rieulTakesVowelForm: true),
    ]

    /// How `value` ends when read aloud in Korean; `nil` when kiosk cannot tell.
    public static func ending(of value: String) -> Ending? {
        guard let last = value.unicodeScalars.last else { return nil }
        switch last.value {
        case 0xAC00...0xD7A3:
            let final = (last.value - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        case 0x30...0x39:
            // 영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구; a final 0 is read 영, 십, 백, 천 or 만.
            return [Ending.consonant, .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel][Int(last.value - 0x30)]
        default:
            return latinEnding(of: value)
        }
    }

    /// The ending of a Latin word whose last sound Korean spelling agrees on: `m`, `n` and
    /// `ng` a consonant (`item`, `VPN`), `l` a `ㄹ` (`mail`, `URL`).
    private static func latinEnding(of value: String) -> Ending? {
        let tail = value.unicodeScalars.suffix(2).map { Character($0).lowercased() }.joined()
        guard let last = tail.last else { return nil }
        switch last {
        case "m", "n": return .consonant
        case "l": return .rieul
        case "g" where tail == "ng": return .consonant
        default: return nil
        }
    }

    /// The dual particle `text` starts with (after a closing quote, as in `'{name}'을(를)`),
    /// and what follows it; `nil` when it starts with none. Read once per template
    /// (`PreparedTemplate`), so a message without particles never looks again.
    static func leading(_ text: String) -> (pair: Pair, quoted: Bool, rest: String)? {
        let quoted = text.hasPrefix("'")
        let afterQuote = text.dropFirst(quoted ? 1 : 0)
        guard let pair = pairs.first(where: { afterQuote.hasPrefix($0.dual) }) else { return nil }
        return (pair, quoted, String(afterQuote.dropFirst(pair.dual.count)))
    }

    /// The form of `pair` after `value`: its dual form when the value's ending is unknown.
    static func form(of pair: Pair, after value: String) -> String {
        switch ending(of: value) {
        case nil: pair.dual
        case .vowel: pair.vowel
        case .rieul: pair.rieulTakesVowelForm ? pair.vowel : pair.consonant
        case .consonant: pair.consonant
        }
    }

    /// `text` — what follows `value` in a message — with the dual particle it starts with
    /// (after a closing quote, as in `'{name}'을(를)`) in the form `value` takes; `text`
    /// itself when it starts with none or the value's ending is unknown.
    public static func resolve(_ text: String, after value: String) -> String {
        guard let (pair, quoted, rest) = leading(text) else { return text }
        return (quoted ? "'" : "") + form(of: pair, after: value) + rest
    }
}
