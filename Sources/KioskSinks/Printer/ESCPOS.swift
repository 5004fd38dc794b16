import KioskCore
import KioskSystem
import KioskText

/// A receipt as ESC/POS bytes, for a thermal receipt printer of `columns` characters a line
/// (Font A: 42 on 80 mm paper, 32 on 58 mm): the one encoder, for the `printer` sink and
/// for `receipt N --format escpos`. docs/PRINTER.md describes the bytes.
///
/// - `ESC @` first: the printer as it starts, whatever the last job left.
/// - `.title`: centred (`ESC a 1`) and bold (`ESC E 1` … `ESC E 0`).
/// - `.number`: centred, double width and height (`GS ! 0x11` … `GS ! 0`).
/// - `.text`: on the left; `.gap`: an empty line.
/// - `.entry`: the label on the left, the amount's digits right-aligned so the amounts of
///   the receipt end in one column, a currency after them hanging past it (the width of the
///   widest one is kept free at the right); `strong` is bold. A label too long for the room
///   beside its amount is wrapped at its spaces (or cut, a word longer than a line) onto
///   lines of the paper's width, its last line beside the amount.
/// - Three line feeds and `GS V 66 0`: feed to the cutter and cut, leaving a hinge.
///
/// Every line is wrapped by kiosk, never by the printer. Korean: a wide character (Hangul,
/// CJK) that KS X 1001 has is printed in the printer's double-byte mode, as EUC-KR between
/// `FS &` and `FS .`, two columns; ASCII as itself; a few narrow characters as an ASCII
/// look-alike (`×` as `x`); any other character as `?`. So each character takes the
/// columns `TerminalText.width` says, or is one `?`.
public enum ESCPOS {
    /// The widths a receipt may be laid out for, and the usual one (80 mm paper).
    public static let columnRange = 32...64
    public static let defaultColumns = 42

    /// `DLE EOT 1`: the printer's status, answered at once with one byte, once every byte
    /// before it has been read.
    public static let statusRequest: [UInt8] = [0x10, 0x04, 0x01]

    /// Whether `byte` is an answer to `statusRequest`: bits 1 and 4 set, 0 and 7 clear.
    public static func isStatus(_ byte: UInt8) -> Bool { byte & 0x93 == 0x12 }

    /// `layout` as the bytes of one print job, ending with the cut; `columns` is held to
    /// `columnRange`.
    public static func bytes(_ layout: ReceiptLayout, columns: Int = defaultColumns) -> [UInt8] {
        var writer = Writer(columns: min(max(columns, columnRange.lowerBound), columnRange.upperBound))
        writer.out += [esc, 0x40]
        var hanging = 0
        for case .entry(_, let amount, _) in layout.rows {
            hanging = max(hanging, Glyph.width(of: writer.glyphs(String(amount.drop { $0 != " " }))))
        }
        for row in layout.rows {
            switch row {
            case .title(let text):
                writer.out += [esc, 0x61, 1, esc, 0x45, 1]
                writer.lines(writer.wrap(writer.glyphs(text), width: writer.columns), closing: [esc, 0x45, 0])
                writer.out += [esc, 0x61, 0]
            case .number(let text):
                writer.out += [esc, 0x61, 1, gs, 0x21, 0x11]
                writer.lines(writer.wrap(writer.glyphs(text), width: writer.columns / 2), closing: [gs, 0x21, 0])
                writer.out += [esc, 0x61, 0]
            case .text(let text):
                writer.lines(writer.wrap(writer.glyphs(text), width: writer.columns))
            case .gap:
                writer.out.append(lf)
            case .entry(let label, let amount, let strong):
                if strong { writer.out += [esc, 0x45, 1] }
                writer.entry(label, amount, digitsEnd: writer.columns - hanging, closing: strong ? [esc, 0x45, 0] : [])
            }
        }
        writer.out += [lf, lf, lf, gs, 0x56, 66, 0]
        return writer.out
    }

    /// Narrow characters a receipt may hold that ASCII has a stand-in for.
    static let lookAlikes: [Character: String] = [
        "×": "x", "\u{2013}": "-", "\u{2014}": "-", "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
        "·": ".", "…": "...", "\u{00A0}": " ",
    ]

    static let esc: UInt8 = 0x1B
    static let gs: UInt8 = 0x1D
    static let fs: UInt8 = 0x1C
    static let lf: UInt8 = 0x0A

    /// One character as the printer takes it: one byte in its single-byte mode, or two in
    /// its double-byte (KS X 1001) mode.
    struct Glyph: Equatable {
        let bytes: [UInt8]
        var width: Int { bytes.count }
        var isDoubleByte: Bool { bytes.count == 2 }
        var isSpace: Bool { bytes == [0x20] }

        static let unknown = Glyph(bytes: [UInt8(ascii: "?")])

        /// The columns `glyphs` take.
        static func width(of glyphs: [Glyph]) -> Int {
            glyphs.reduce(0) { $0 + $1.width }
        }
    }

    /// The job's bytes as they are written, and the conversion to KS X 1001.
    private struct Writer: ~Copyable {
        let columns: Int
        var out: [UInt8] = []
        private let korean = TextConversion(to: "EUC-KR")

        init(columns: Int) {
            self.columns = columns
        }

        /// `text` as glyphs: printable ASCII as itself; a wide character (`TerminalText`'s
        /// two columns: Hangul, CJK) that KS X 1001 has as its two bytes; a narrow one with
        /// an ASCII look-alike (`×`, dashes, curly quotes) as that; anything else as `?`.
        /// So every character takes the columns `TerminalText.width` gives it, or prints
        /// as one `?`, and a receipt in English is ASCII alone, for any printer.
        func glyphs(_ text: String) -> [Glyph] {
            text.flatMap { character -> [Glyph] in
                if let ascii = character.asciiValue { return [(0x20...0x7E).contains(ascii) ? Glyph(bytes: [ascii]) : .unknown] }
                if let lookAlike = ESCPOS.lookAlikes[character] { return lookAlike.utf8.map { Glyph(bytes: [$0]) } }
                guard TerminalText.width(of: String(character)) == 2, let bytes = korean.convert(String(character)), bytes.count == 2,
                      bytes.allSatisfy({ (0xA1...0xFE).contains($0) }) else {
                    return [.unknown]
                }
                return [Glyph(bytes: bytes)]
            }
        }

        /// `glyphs` cut into lines of at most `width` columns: at the last space that fits,
        /// or, in a word longer than the line, where the line is full. Spaces at a break
        /// go; spaces that begin the text (an indent) stay.
        func wrap(_ glyphs: [Glyph], width: Int) -> [[Glyph]] {
            let width = max(width, 2)
            var lines: [[Glyph]] = []
            var line: [Glyph] = []
            var used = 0
            for glyph in glyphs {
                if used + glyph.width > width {
                    var rest: [Glyph] = []
                    if let space = line.indices.last(where: { line[$0].isSpace && line[..<$0].contains { !$0.isSpace } }) {
                        rest = Array(line[(space + 1)...])
                        line.removeSubrange(space...)
                    }
                    lines.append(trimmed(line))
                    line = Array(rest.drop { $0.isSpace })
                    used = Glyph.width(of: line)
                    if glyph.isSpace, line.isEmpty { continue }
                }
                line.append(glyph)
                used += glyph.width
            }
            lines.append(trimmed(line))
            return lines
        }

        private func trimmed(_ line: [Glyph]) -> [Glyph] {
            var line = line
            while line.last?.isSpace == true { line.removeLast() }
            return line
        }

        /// Writes `lines`, each ending with a line feed; `closing` (the end of a style) goes
        /// before the last one's.
        mutating func lines(_ lines: [[Glyph]], closing: [UInt8] = []) {
            for (index, line) in lines.enumerated() {
                write(line)
                if index == lines.count - 1 { out += closing }
                out.append(ESCPOS.lf)
            }
        }

        /// One entry: the label's lines, the last with the amount, its digits ending at
        /// column `digitsEnd`; `closing` before the last line feed.
        mutating func entry(_ label: String, _ amount: String, digitsEnd: Int, closing: [UInt8]) {
            let labelGlyphs = glyphs(label)
            guard !amount.isEmpty else { return lines(wrap(labelGlyphs, width: columns), closing: closing) }
            let digits = glyphs(String(amount.prefix { $0 != " " }))
            let suffix = glyphs(String(amount.drop { $0 != " " }))
            let digitsWidth = Glyph.width(of: digits)
            let room = digitsEnd - digitsWidth - 1
            // The paper's width for the lines before the last; the last shares its line
            // with the amount, and is wrapped again when it does not fit beside it.
            var labelLines = labelGlyphs.isEmpty ? [[]] : wrap(labelGlyphs, width: columns)
            var last = labelLines.removeLast()
            if Glyph.width(of: last) > room {
                var rest = room < 2 ? [last, []] : wrap(last, width: room)
                last = rest.removeLast()
                labelLines += rest
            }
            lines(labelLines)
            write(last + Array(repeating: Glyph(bytes: [0x20]), count: max(1, digitsEnd - digitsWidth - Glyph.width(of: last))) + digits + suffix)
            out += closing
            out.append(ESCPOS.lf)
        }

        /// The glyphs' bytes, runs of double-byte ones between `FS &` and `FS .`.
        mutating func write(_ glyphs: [Glyph]) {
            var doubleByte = false
            for glyph in glyphs {
                if glyph.isDoubleByte != doubleByte {
                    out += [ESCPOS.fs, glyph.isDoubleByte ? 0x26 : 0x2E]
                    doubleByte = glyph.isDoubleByte
                }
                out += glyph.bytes
            }
            if doubleByte { out += [ESCPOS.fs, 0x2E] }
        }
    }
}
