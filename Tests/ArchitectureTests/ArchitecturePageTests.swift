import Foundation
import Testing

/// `docs/ARCHITECTURE.md` says what `Package.swift` says: the same modules, each with the
/// same dependencies.
@Suite struct ArchitecturePageTests {
    /// The rows of the page's module table: each module and the modules in its last cell.
    static func pageModules() throws -> [String: Set<String>] {
        let text = try SourceTree.text("docs/ARCHITECTURE.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## Modules") else { return [:] }
        var modules: [String: Set<String>] = [:]
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            // | `Module` | what | depends on |
            guard cells.count == 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            let name = String(cells[1].dropFirst().dropLast())
            let dependencies = cells[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
            modules[name] = Set(dependencies.filter { !$0.isEmpty })
        }
        return modules
    }

    @Test func thePageListsExactlyThePackagesTargets() throws {
        let page = try ArchitecturePageTests.pageModules()
        let manifest = try PackageManifest()
        #expect(manifest.targets.count > 20, "the manifest was read")
        #expect(Set(page.keys) == Set(manifest.targets.map(\.name)))
    }

    @Test func eachModuleDependsOnWhatThePageSays() throws {
        let page = try ArchitecturePageTests.pageModules()
        let manifest = try PackageManifest()
        for target in manifest.targets {
            #expect(page[target.name] == Set(target.dependencies), "\(target.name)")
        }
    }

    /// The paths the page names in backquotes: a path with a `/` (`KioskCore/Journal/`,
    /// `docs/STATE.md`) or a Swift file's name (`Binder.swift`). A pattern with `<Name>`
    /// in it is a template, not a path; one starting with `/` is a URL's.
    static func pagePaths() throws -> [String] {
        let text = try SourceTree.text("docs/ARCHITECTURE.md")
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        var paths: [String] = []
        for index in stride(from: 1, to: pieces.count, by: 2) {
            let token = String(pieces[index])
            guard !token.contains(" "), !token.contains("<"), !token.hasPrefix("/") else { continue }
            if token.contains("/") || token.hasSuffix(".swift") { paths.append(token) }
        }
        return paths
    }

    /// The paths of `paths` that name nothing: a path with a `/` is looked for from the
    /// repository's root (`docs/…`) and from `Sources/` (`KioskCore/…`), a file's name
    /// among the sources' files and at the root.
    static func missing(_ paths: [String]) -> [String] {
        let names = Set(SourceTree.files(under: "Sources", endingIn: ".swift").map { String($0.split(separator: "/").last ?? "") })
        let manager = FileManager.default
        return paths.filter { path in
            if manager.fileExists(atPath: SourceTree.root + "/" + path) { return false }
            if path.contains("/") { return !manager.fileExists(atPath: SourceTree.root + "/Sources/" + path) }
            return !names.contains(path)
        }
    }

    @Test func everySourcePathThePageNamesExists() throws {
        let paths = try ArchitecturePageTests.pagePaths()
        #expect(paths.count > 20, "the page's paths were read")
        #expect(ArchitecturePageTests.missing(paths) == [])
    }

    @Test func aNameOfNothingIsCaught() {
        let paths = ["KioskSinks/Kind/", "KioskSinks/Log/", "docs/STATE.md", "docs/NOWHERE.md", "Binder.swift", "Binder+Name.swift"]
        #expect(ArchitecturePageTests.missing(paths) == ["KioskSinks/Kind/", "docs/NOWHERE.md", "Binder+Name.swift"])
    }

    /// The repository stands alone: nothing cites the product's specification, which is
    /// not in it.
    @Test func nothingCitesADocumentOutsideTheRepository() throws {
        let files = SourceTree.swiftFiles.filter { !$0.hasPrefix("Tests/ArchitectureTests/") }
            + SourceTree.files(under: "docs", endingIn: ".md") + ["README.md", "Makefile", "Package.swift"]
        #expect(files.count > 100)
        let citing = try files.filter { path in
            let text = try SourceTree.text(path)
            return text.contains("SPEC") || text.contains("the spec §") || text.contains("product spec")
        }
        #expect(citing == [])
    }
}
