import Foundation
import KioskTestSupport
import KioskText
import Testing

/// `make install` into a scratch root, and the installed kiosk run from `/` with nothing of
/// the source tree around: it finds its webhook helper in `lib/kiosk/`, its menus are in
/// `share/kiosk/menus/`, and `make uninstall` takes every file away again.
///
/// What is installed is this build (`make install-files BUILT=…`): a release build is
/// minutes, and what these tests check — where the files go, and that kiosk finds them
/// there — is the same for both.
@Suite struct InstallTests {
    /// An installation under a scratch `DESTDIR`, removed with it.
    final class Installation {
        let root: ScratchDirectory
        let home: ScratchDirectory
        let prefix: String

        init(prefix: String = "/usr/local") throws {
            root = try ScratchDirectory()
            home = try ScratchDirectory()
            self.prefix = prefix
            let made = try InstallTests.make("install-files", destination: root.path, prefix: prefix)
            #expect(made.status == 0, "make install-files: \(made.stderr)")
        }

        func path(_ relative: String) -> String { root.path + prefix + "/" + relative }

        /// The installed kiosk, run from `/` with a bare environment of its own.
        func kiosk(_ arguments: String..., environment: [String: String] = [:]) throws -> KioskProcess.Result {
            var variables = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_STATE_HOME": home.path("state")]
            variables.merge(environment) { _, new in new }
            return try KioskProcess.launch(
                path("bin/kiosk"), arguments, directory: URL(fileURLWithPath: "/"), environment: variables, input: [], timeout: .seconds(120)
            )
        }

        /// Every file under the root, by its path from the root, sorted.
        func files() -> [String] {
            let base = root.url.resolvingSymlinksInPath().path
            guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append("/" + relative)
                }
            }
            return found.sorted()
        }
    }

    /// `make TARGET DESTDIR=… PREFIX=… BUILT=…` in the repository, installing this build.
    static func make(_ target: String, destination: String, prefix: String = "/usr/local") throws -> KioskProcess.Result {
        try KioskProcess.launch(
            "/usr/bin/make",
            [
                "-s", "--no-print-directory", target, "DESTDIR=\(destination)", "PREFIX=\(prefix)",
                "BUILT=\(KioskProcess.executable.deletingLastPathComponent().path)",
            ],
            directory: Repository.root, environment: ["PATH": "/usr/bin:/bin"], input: [], timeout: .seconds(120)
        )
    }

    @Test func installPutsEveryFileWhereItsToolsLookForIt() throws {
        let installed = try Installation()
        let files = Set(installed.files())
        for expected in [
            "/usr/local/bin/kiosk", "/usr/local/lib/kiosk/kiosk-http", "/usr/local/share/kiosk/menus/juice.kiosk",
            "/usr/local/share/kiosk/menus/cafe.kiosk", "/usr/local/share/kiosk/menus/common/messages-ko.kiosk",
            "/usr/local/share/bash-completion/completions/kiosk", "/usr/local/share/zsh/site-functions/_kiosk",
        ] {
            #expect(files.contains(expected), "\(expected) is installed")
        }
        for page in try ManualPage.all() {
            let section = page.name.split(separator: ".").last ?? ""
            #expect(files.contains("/usr/local/share/man/man\(section)/\(page.name)"), "man/\(page.name) is installed")
        }
        for menu in try FileManager.default.subpathsOfDirectory(atPath: Repository.menus) where menu.hasSuffix(".kiosk") {
            #expect(files.contains("/usr/local/share/kiosk/menus/" + menu), "menus/\(menu) is installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: installed.path("bin/kiosk")))
        #expect(FileManager.default.isExecutableFile(atPath: installed.path("lib/kiosk/kiosk-http")))
    }

    @Test func theInstalledKioskTakesAnOrderFromTheRootDirectory() throws {
        let installed = try Installation()
        let result = try installed.kiosk("-c", "order mango juice; stock")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mango Juice is ready. Enjoy!"))
        #expect(result.stderr == "")
    }

    @Test func theInstalledKioskChecksAnInstalledMenuAndItsInclude() throws {
        let installed = try Installation()
        let result = try installed.kiosk("check", installed.path("share/kiosk/menus/cafe.kiosk"), installed.path("share/kiosk/menus/juice.kiosk"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("cafe.kiosk: ok"))
        #expect(result.stdout.contains("juice.kiosk: ok"))
    }

    /// No `KIOSK_HTTP` in the environment: kiosk finds `../lib/kiosk/kiosk-http` itself.
    @Test func theInstalledKioskSendsAWebhookThroughItsInstalledHelper() throws {
        let installed = try Installation()
        let server = try TestHTTPServer()
        let result = try installed.kiosk("--flush-timeout", "120s", "--sink", "webhook url \"\(server.url)\"", "-c", "order mango juice")
        #expect(result.status == 0, "\(result.stderr)")
        let requests = server.requests
        #expect(requests.count == 1)
        let event = try #require(requests.first.flatMap { JSONValue(parsing: $0.body) })
        #expect(event["type"]?.string == "order.succeeded")
    }

    @Test func uninstallLeavesNothingBehind() throws {
        let installed = try Installation()
        #expect(!installed.files().isEmpty)
        let removed = try InstallTests.make("uninstall", destination: installed.root.path)
        #expect(removed.status == 0, "make uninstall: \(removed.stderr)")
        #expect(installed.files() == [])
        #expect(!FileManager.default.fileExists(atPath: installed.path("share/kiosk")))
        #expect(!FileManager.default.fileExists(atPath: installed.path("lib/kiosk")))
    }
}
