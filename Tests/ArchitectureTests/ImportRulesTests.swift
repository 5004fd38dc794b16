import Testing

/// The walls between the modules, checked on the source tree: the C world behind
/// `KioskSystem`, Foundation out of `kiosk`, each C library behind its one door.
@Suite struct ImportRulesTests {
    /// Where a Swift file may import the C library's own modules.
    static let systemModules: Set = ["Glibc", "Musl", "Darwin", "SwiftGlibc"]
    static let foundationModules: Set = ["Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML"]
    /// Targets that may import Foundation: the webhook helper and its library, the
    /// benchmark, test support. Tests may too.
    static let foundationTargets: Set = ["KioskHTTP", "kiosk-http", "kiosk-bench", "KioskTestSupport"]

    private static func isTest(_ path: String) -> Bool { path.hasPrefix("Tests/") }

    @Test func onlyKioskSystemImportsTheCLibrary() throws {
        var offenders: [String] = []
        for path in SourceTree.swiftFiles where !ImportRulesTests.isTest(path) {
            let target = SourceTree.target(of: path)
            guard target != "KioskSystem", target != "KioskTestSupport" else { continue }
            for module in try SourceTree.imports(of: path) where ImportRulesTests.systemModules.contains(module) {
                offenders.append("\(path) imports \(module)")
            }
        }
        #expect(offenders == [])
    }

    /// kiosk is built on Glibc only: a branch for another C library would be untested code.
    @Test func nothingIsWrittenForMuslAnywhere() throws {
        let checked = SourceTree.swiftFiles.filter { !$0.hasPrefix("Tests/ArchitectureTests/") }
        #expect(checked.count > 100)
        let offenders = try checked.filter { try SourceTree.text($0).contains("Musl") }
        #expect(offenders == [])
    }

    @Test func foundationStaysOutOfKiosk() throws {
        var offenders: [String] = []
        for path in SourceTree.swiftFiles where !ImportRulesTests.isTest(path) {
            guard !ImportRulesTests.foundationTargets.contains(SourceTree.target(of: path)) else { continue }
            for module in try SourceTree.imports(of: path) where ImportRulesTests.foundationModules.contains(module) {
                offenders.append("\(path) imports \(module)")
            }
        }
        #expect(offenders == [])
        let manifest = try PackageManifest()
        let linked = manifest.closure(of: "kiosk")
        #expect(linked.contains("KioskCLI"), "the manifest was read")
        #expect(linked.intersection(ImportRulesTests.foundationTargets) == [], "kiosk links nothing that may import Foundation")
    }

    /// Each C library has one way in: readline through one file, the others through the
    /// module that wraps them.
    @Test(arguments: [
        ("CReadline", "Sources/KioskTerminal/Input/ReadlineLineReader.swift"),
        ("CMicroHTTPD", "Sources/KioskServer/HTTP/MicroHTTPDaemon.swift"),
        ("CKioskSystem", "Sources/KioskSystem/"),
        ("CMosquitto", "Sources/KioskSinks/MQTT/"),
        ("CCrypto", "Sources/KioskHTTP/"),
        ("CPseudoTerminal", "Tests/EndToEndTests/"),
    ])
    func eachCLibraryHasOneDoor(_ module: String, _ door: String) throws {
        let importers = try SourceTree.swiftFiles.filter { try SourceTree.imports(of: $0).contains(module) }
        #expect(!importers.isEmpty)
        #expect(importers.filter { !$0.hasPrefix(door) } == [])
        if door.hasSuffix(".swift") { #expect(importers == [door]) }
    }

    /// The libraries only some runs need are loaded with dlopen when they are needed, never
    /// linked: every start of kiosk would pay for loading them (libmicrohttpd brings GnuTLS).
    @Test(arguments: ["CReadline", "CMosquitto", "CMicroHTTPD"])
    func optionalLibrariesAreLoadedNotLinked(_ module: String) throws {
        let map = try SourceTree.text("Sources/\(module)/module.modulemap")
        #expect(map.contains("header \"shim.h\""))
        #expect(!map.contains("link "), "\(module) must not link its library")
        #expect(try SourceTree.text("Sources/\(module)/shim.h").contains("dlopen("))
    }

    @Test func theWebhookHelperNeedsNoSinks() throws {
        let manifest = try PackageManifest()
        #expect(manifest["KioskHTTP"] != nil)
        #expect(!manifest.closure(of: "kiosk-http").contains("KioskSinks"))
    }
}
