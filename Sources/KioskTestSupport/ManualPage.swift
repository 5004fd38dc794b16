import Foundation

/// A page of the manual in `man/`, read as its mdoc source and as mandoc renders it, for
/// the tests that hold the pages to the program.
public struct ManualPage: Sendable {
    /// The file name: `kiosk.1`.
    public let name: String
    public let source: String

    public init(_ name: String) throws {
        self.name = name
        source = try Repository.text("man/" + name)
    }

    /// The page's path in the repository.
    public var path: String { Repository.root.appendingPathComponent("man/" + name).path }

    /// The source lines of one section (`.Sh NAME` up to the next `.Sh`), without the
    /// `.Sh` line itself; none when the page has no such section.
    public func lines(inSection section: String) -> [Substring] {
        var found: [Substring] = []
        var inside = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".Sh ") {
                inside = line.dropFirst(4) == section
                continue
            }
            if inside { found.append(line) }
        }
        return found
    }

    /// The words that follow `macro` on the macro lines of a section, up to the next macro:
    /// `.It Ic order Ar item` gives `order` for `Ic`, `.Cm add | remove` `add` and `remove`.
    /// With `itemsOnly`, only the `.It` lines: what a list declares, not what its text
    /// mentions.
    public func words(after macro: String, inSection section: String? = nil, itemsOnly: Bool = false) -> [String] {
        let lines = section.map { self.lines(inSection: $0) } ?? source.split(separator: "\n")
        var words: [String] = []
        for line in lines where line.hasPrefix(itemsOnly ? ".It " : ".") {
            var collecting = false
            for token in ManualPage.tokens(of: line.dropFirst()) {
                if ManualPage.isMacro(token) {
                    collecting = token == macro
                } else if collecting, token.contains(where: { $0.isLetter || $0.isNumber }) {
                    words.append(token)
                }
            }
        }
        return words
    }

    /// The literal blocks (`.Bd -literal` … `.Ed`) of a section, as text: with roff's
    /// escapes for a backslash, a dot and the few characters the pages spell out turned
    /// back into them.
    public func literalBlocks(inSection section: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in lines(inSection: section) {
            if line.hasPrefix(".Bd -literal") {
                current = []
            } else if line.hasPrefix(".Ed") {
                if let lines = current { blocks.append(lines.map { $0 + "\n" }.joined()) }
                current = nil
            } else {
                current?.append(ManualPage.unescaped(line))
            }
        }
        return blocks
    }

    /// The page as mandoc renders it for a terminal, without its bold and underlining.
    public func rendered() throws -> String {
        let output = try ManualPage.run("/usr/bin/mandoc", ["-T", "utf8", path])
        var text = ""
        for character in output.stdout {
            if character == "\u{8}" {
                if !text.isEmpty { text.removeLast() }
                // The character the backspace went back over is printed again next.
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The words of the rendered page: options, commands, keywords, as a reader finds them.
    public func renderedWords() throws -> Set<String> {
        let separators = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "‘’\"'()[],;|=…"))
        var words = Set<String>()
        for word in try rendered().components(separatedBy: separators) where !word.isEmpty {
            var trimmed = Substring(word)
            while let last = trimmed.last, ".:".contains(last) { trimmed = trimmed.dropLast() }
            words.insert(String(trimmed))
        }
        return words
    }

    /// Every page in `man/`.
    public static func all() throws -> [ManualPage] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("man").path)
        return try names.filter { $0.range(of: #"\.[1-8]$"#, options: .regularExpression) != nil }.sorted().map(ManualPage.init)
    }

    // MARK: Reading roff

    /// A macro line's tokens, without its dot, a quoted argument as one.
    public static func tokens(of line: Substring) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens.map(unescaped)
    }

    /// mdoc's macros are two or three letters, the first a capital: `Ic`, `Cm`, `Op`.
    static func isMacro(_ token: String) -> Bool {
        token.count >= 2 && token.count <= 3 && token.first?.isUppercase == true && token.dropFirst().allSatisfy(\.isLowercase)
    }

    static let escapes: [(String, String)] = [
        ("\\&", ""), ("\\e", "\\"), ("\\-", "-"), ("\\(mu", "×"), ("\\(pc", "·"), ("\\(*l", "λ"), ("\\(dq", "\""), ("\\('e", "é"),
        ("\\(em", "—"),
    ]

    static func unescaped<S: StringProtocol>(_ text: S) -> String {
        var result = String(text)
        for (escape, character) in escapes { result = result.replacingOccurrences(of: escape, with: character) }
        return result
    }

    /// Runs a program to its end; its standard output and error.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read to their ends at once, so neither can fill and stall the other.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}
