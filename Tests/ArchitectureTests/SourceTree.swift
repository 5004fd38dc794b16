import Foundation

/// The repository as files: found from this source file, read as text.
enum SourceTree {
    /// The repository's root directory.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The text of a file, by its path from the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// Every file under `directory` (a path from the root) whose name ends in `suffix`, as
    /// paths from the root, sorted.
    static func files(under directory: String, endingIn suffix: String) -> [String] {
        let base = root + "/" + directory
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { directory + "/" + $0 }.sorted()
    }

    /// Every Swift file of the package's sources and tests.
    static var swiftFiles: [String] {
        files(under: "Sources", endingIn: ".swift") + files(under: "Tests", endingIn: ".swift")
    }

    /// The modules a Swift file imports, attributes and import kinds left out.
    static func imports(of path: String) throws -> [String] {
        try text(path).split(separator: "\n").compactMap { line -> String? in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            let kinds: Set = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".").first ?? Substring(name))
        }
    }

    /// `Sources/KioskCore/Model/Menu.swift` → `KioskCore`; `Tests/KioskCoreTests/…` → `KioskCoreTests`.
    static func target(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 1 ? String(parts[1]) : path
    }
}

/// The targets `Package.swift` declares, read from its text.
struct PackageManifest {
    struct Target: Equatable {
        enum Kind: String {
            case target, executableTarget, testTarget, systemLibrary
        }

        let name: String
        let kind: Kind
        let dependencies: [String]
    }

    let targets: [Target]

    init() throws {
        let text = try SourceTree.text("Package.swift")
        var targets: [Target] = []
        for kind in [Target.Kind.target, .executableTarget, .testTarget, .systemLibrary] {
            var rest = Substring(text)
            while let start = rest.range(of: "." + kind.rawValue + "(") {
                let body = PackageManifest.balanced(rest[start.upperBound...])
                rest = rest[start.upperBound...]
                guard let name = PackageManifest.strings(after: "name:", in: body, single: true).first else { continue }
                targets.append(Target(name: name, kind: kind, dependencies: PackageManifest.strings(after: "dependencies:", in: body, single: false)))
            }
        }
        self.targets = targets
    }

    subscript(name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// Every target `name` depends on, directly or not.
    func closure(of name: String) -> Set<String> {
        var seen = Set<String>()
        var queue = self[name]?.dependencies ?? []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += self[next]?.dependencies ?? []
        }
        return seen
    }

    /// The text up to the parenthesis that closes the one just opened.
    private static func balanced(_ text: Substring) -> Substring {
        var depth = 1
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return text[..<index] }
            default: break
            }
        }
        return text
    }

    /// The quoted strings after `label`: one, or those of the `[…]` list that follows.
    private static func strings(after label: String, in body: Substring, single: Bool) -> [String] {
        guard let found = body.range(of: label) else { return [] }
        var rest = body[found.upperBound...]
        if !single {
            guard let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]") else { return [] }
            rest = rest[open..<close]
        }
        let pieces = rest.split(separator: "\"", omittingEmptySubsequences: false)
        var strings: [String] = []
        for index in stride(from: 1, to: pieces.count, by: 2) {
            strings.append(String(pieces[index]))
            if single { break }
        }
        return strings
    }
}
