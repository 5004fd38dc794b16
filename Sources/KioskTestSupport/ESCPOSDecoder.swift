import Foundation
import KioskSystem

/// For the tests of the printer sink and of receipts: reads back exactly the ESC/POS that
/// kiosk sends (`ESCPOS.bytes`, the sink's status request), as lines a person can check:
/// `[center][bold]Juice Bar[/bold]`. Fails on any byte, command or argument it does not
/// know, so a golden receipt holds nothing unexplained.
///
/// | bytes | reads as |
/// |---|---|
/// | `ESC @` | `[init]` |
/// | `ESC E 1` / `ESC E 0` | `[bold]` / `[/bold]` |
/// | `ESC a 0` / `1` / `2` | `[left]` / `[center]` / `[right]` |
/// | `GS ! n` | `[size WxH]` (`n` = (W−1)·16 + H−1), `[/size]` for 0 |
/// | `GS V 66 n` / `GS V 0` | `[cut feed n]` / `[cut]` |
/// | `FS &` … `FS .` | `[ks]`, EUC-KR text, `[/ks]` |
/// | `DLE EOT n` | `[status n]` |
/// | LF | the end of a line |
/// | 0x20–0x7E | itself |
public enum ESCPOSDecoder {
    public struct Failure: Error, CustomStringConvertible {
        public let offset: Int
        public let what: String
        public var description: String { "byte \(offset): \(what)" }
    }

    public static func decode(_ bytes: [UInt8]) throws -> String {
        var out = ""
        var index = 0
        var doubleByte = false
        func argument(_ at: Int) throws -> UInt8 {
            guard at < bytes.count else { throw Failure(offset: at, what: "a command cut short") }
            return bytes[at]
        }
        while index < bytes.count {
            let byte = bytes[index]
            if doubleByte, byte >= 0xA1, byte <= 0xFE {
                let second = try argument(index + 1)
                guard (0xA1...0xFE).contains(second), let text = eucKR([byte, second]) else {
                    throw Failure(offset: index, what: String(format: "%02X %02X is not KS X 1001", byte, second))
                }
                out += text
                index += 2
                continue
            }
            switch byte {
            case 0x0A:
                out += "\n"
                index += 1
            case 0x20...0x7E where !doubleByte:
                out.append(Character(Unicode.Scalar(byte)))
                index += 1
            case 0x1B:
                let command = try argument(index + 1)
                switch command {
                case 0x40:
                    out += "[init]"
                    index += 2
                case 0x45:
                    let n = try argument(index + 2)
                    guard n <= 1 else { throw Failure(offset: index, what: "ESC E \(n)") }
                    out += n == 1 ? "[bold]" : "[/bold]"
                    index += 3
                case 0x61:
                    let n = try argument(index + 2)
                    guard n <= 2 else { throw Failure(offset: index, what: "ESC a \(n)") }
                    out += ["[left]", "[center]", "[right]"][Int(n)]
                    index += 3
                default:
                    throw Failure(offset: index, what: String(format: "ESC %02X", command))
                }
            case 0x1D:
                let command = try argument(index + 1)
                switch command {
                case 0x21:
                    let n = try argument(index + 2)
                    guard n >> 4 <= 7, n & 0x0F <= 7 else { throw Failure(offset: index, what: "GS ! \(n)") }
                    out += n == 0 ? "[/size]" : "[size \(n >> 4 + 1)x\(n & 0x0F + 1)]"
                    index += 3
                case 0x56:
                    let m = try argument(index + 2)
                    switch m {
                    case 0: out += "[cut]"; index += 3
                    case 66: out += "[cut feed \(try argument(index + 3))]"; index += 4
                    default: throw Failure(offset: index, what: "GS V \(m)")
                    }
                default:
                    throw Failure(offset: index, what: String(format: "GS %02X", command))
                }
            case 0x1C:
                let command = try argument(index + 1)
                switch command {
                case 0x26 where !doubleByte: doubleByte = true; out += "[ks]"
                case 0x2E where doubleByte: doubleByte = false; out += "[/ks]"
                default: throw Failure(offset: index, what: String(format: "FS %02X", command))
                }
                index += 2
            case 0x10:
                guard try argument(index + 1) == 0x04 else { throw Failure(offset: index, what: "DLE \(bytes[index + 1])") }
                out += "[status \(try argument(index + 2))]"
                index += 3
            default:
                throw Failure(offset: index, what: String(format: "%02X%@", byte, doubleByte ? " in double-byte mode" : ""))
            }
        }
        guard !doubleByte else { throw Failure(offset: bytes.count, what: "double-byte mode left on") }
        return out
    }

    /// Two bytes of EUC-KR as text.
    private static func eucKR(_ pair: [UInt8]) -> String? {
        TextConversion(from: "EUC-KR", to: "UTF-8").convert(pair).map { String(decoding: $0, as: UTF8.self) }
    }
}
