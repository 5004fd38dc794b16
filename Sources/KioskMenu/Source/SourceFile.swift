/// One file of menu source, as bytes, with its line table.
public struct SourceFile: Sendable {
    /// The path as the user gave it (or as an `include` resolved it), for messages.
    public let path: String
    public let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    /// The 1-based line and column of a byte offset. Columns count characters
    /// (Unicode scalars), so `딸기` is two columns wide in the count, whatever its bytes.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let line = lineIndex(containing: clamped)
        let start = lineStarts[line]
        let column = UTF8Scan.scalarCount(bytes[start..<clamped]) + 1
        return SourceLocation(line: line + 1, column: column)
    }

    /// The byte range of a 1-based line, without its line break.
    func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// A 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable {
    public let line: Int
    public let column: Int

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A span of bytes in one of the files of a `SourceMap`.
public struct SourceRange: Sendable, Hashable {
    /// The index of the file in its `SourceMap`.
    public let file: Int
    public let bytes: Range<Int>

    public init(file: Int, bytes: Range<Int>) {
        self.file = file
        self.bytes = bytes
    }
}

/// Every file a compilation read, in the order it read them.
public struct SourceMap: Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    mutating func add(_ file: SourceFile) -> Int {
        files.append(file)
        return files.count - 1
    }

    public subscript(index: Int) -> SourceFile { files[index] }

    public func location(of range: SourceRange) -> SourceLocation {
        files[range.file].location(of: range.bytes.lowerBound)
    }
}

/// UTF-8 decoding that never fails: an invalid byte is one scalar of its own.
enum UTF8Scan {
    /// The scalar starting at `index` and its length in bytes, or `nil` for a byte that
    /// does not start a valid sequence.
    static func decode(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        decode(bytes[...], at: index)
    }

    static func decode(_ bytes: ArraySlice<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.endIndex else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            index += decode(bytes, at: index)?.length ?? 1
            count += 1
        }
        return count
    }

    /// The scalars of `bytes`, with U+FFFD for each invalid byte.
    static func scalars(_ bytes: ArraySlice<UInt8>) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if let (scalar, length) = decode(bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append("\u{FFFD}")
                index += 1
            }
        }
        return scalars
    }
}
