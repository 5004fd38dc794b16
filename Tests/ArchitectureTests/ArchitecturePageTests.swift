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
