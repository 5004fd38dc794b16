import Glibc

/// Text in another character set, by glibc's `iconv`: a receipt printer's KS X 1001
/// (`EUC-KR`), for one. A conversion is opened once and used for many texts; it is closed
/// when it goes out of scope.
public struct TextConversion: ~Copyable {
    /// `nil` when the system has no such conversion.
    private let handle: iconv_t?

    /// A conversion from `source` (UTF-8 unless said) to `encoding`, by their `iconv`
    /// names (`EUC-KR`). When the system has none (glibc's gconv modules not installed), it
    /// converts nothing.
    public init(from source: String = "UTF-8", to encoding: String) {
        let handle = iconv_open(encoding, source)
        self.handle = handle == iconv_t(bitPattern: -1) ? nil : handle
    }

    deinit {
        if let handle { iconv_close(handle) }
    }

    /// Whether the system has the conversion.
    public var isAvailable: Bool { handle != nil }

    /// `text` in the conversion's character set, or `nil` when a character of it has no
    /// place there (or the conversion is not available).
    public func convert(_ text: String) -> [UInt8]? {
        convert(Array(text.utf8))
    }

    /// `bytes`, in the source's character set, in the conversion's; `nil` when one of them
    /// does not convert, or the bytes end half-way through a character.
    public func convert(_ bytes: [UInt8]) -> [UInt8]? {
        guard let handle else { return nil }
        var input = bytes
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        // Back to the initial state: a failed conversion may have left it anywhere.
        _ = iconv(handle, nil, nil, nil, nil)
        let produced: Int? = input.withUnsafeMutableBytes { source in
            output.withUnsafeMutableBytes { target -> Int? in
                var inPointer = source.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outPointer = target.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = target.count
                if inLeft > 0, iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft) == -1 { return nil }
                guard iconv(handle, nil, nil, &outPointer, &outLeft) != -1 else { return nil }
                return target.count - outLeft
            }
        }
        return produced.map { Array(output[..<$0]) }
    }
}
