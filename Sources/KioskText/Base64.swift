/// Base64 with the standard alphabet and padding (RFC 4648 §4).
///
/// Here rather than Foundation's because `kiosk` imports no Foundation and checks webhook
/// secrets (`whsec_` + base64) when it reads a menu. Decoding is strict: only the
/// alphabet, a length that is a multiple of 4, at most two `=` and only at the end, and
/// zero bits in the padding — so every input has one meaning and a mistyped secret is
/// caught instead of silently becoming a different key.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each alphabet byte, 0xFF for every other byte.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    private static let pad = UInt8(ascii: "=")

    /// `bytes` in base64, padded with `=` to a multiple of 4 characters.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            append(group, characters: 4, to: &output)
            index += 3
        }
        switch input.count - index {
        case 1:
            append(UInt32(input[index]) << 16, characters: 2, to: &output)
            output += [pad, pad]
        case 2:
            append(UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8, characters: 3, to: &output)
            output.append(pad)
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or `nil` unless it is canonical padded base64.
    ///
    /// `""` decodes to no bytes.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        let padding = input.reversed().prefix { $0 == pad }.count
        guard padding <= 2 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var group: UInt32 = 0
        for (position, byte) in input[..<(input.count - padding)].enumerated() {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            group = group << 6 | UInt32(value)
            if position % 4 == 3 {
                output += [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8), UInt8(truncatingIfNeeded: group)]
                group = 0
            }
        }
        switch padding {
        case 1: // 3 characters: 18 bits, 16 of them data
            guard group & 0b11 == 0 else { return nil }
            output += [UInt8(truncatingIfNeeded: group >> 10), UInt8(truncatingIfNeeded: group >> 2)]
        case 2: // 2 characters: 12 bits, 8 of them data
            guard group & 0b1111 == 0 else { return nil }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        default:
            break
        }
        return output
    }

    /// Appends the top `characters` sextets of the 24-bit `group`.
    private static func append(_ group: UInt32, characters: Int, to output: inout [UInt8]) {
        for index in 0..<characters {
            output.append(alphabet[Int((group >> UInt32(18 - 6 * index)) & 0x3F)])
        }
    }
}
