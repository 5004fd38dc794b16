import Foundation
import KioskTestSupport
import Testing

/// `kiosk --version`: the version, the commit, and the libraries kiosk loads only when a
/// feature needs them — which nothing else on a plain run loads.
@Suite struct VersionTests {
    private func lines(_ result: KioskProcess.Result) -> [String] {
        result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theFirstLinesAreTheVersionAndTheCommit() throws {
        let result = try KioskProcess("--version").run()
        #expect(result.status == 0)
        let lines = lines(result)
        #expect(lines.first?.wholeMatch(of: /kiosk \d+\.\d+\.\d+/) != nil, "\(lines)")
        let commit = lines.dropFirst().first ?? ""
        // make links the commit in; a plain `swift build` does not.
        #expect(
            commit.wholeMatch(of: /commit [0-9a-f]{12}(-dirty)? \(\d{4}-\d{2}-\d{2}\)/) != nil || commit == "commit unknown (not built by make)",
            "\(commit)"
        )
    }

    /// The machines the tests run on have both (make test installs them).
    @Test func theLibrariesLoadedOnDemandAreListedWithTheirVersions() throws {
        let lines = lines(try KioskProcess("--version").run())
        for library in ["libreadline.so.8", "libmosquitto.so.1", "libmicrohttpd.so.12"] {
            let line = lines.first { $0.hasPrefix(library + " ") } ?? ""
            #expect(line.firstMatch(of: /^\S+\s+\d+\.\d+(\.\d+)?\s+\S/) != nil, "\(library): \(lines)")
        }
        let helper = try #require(lines.first { $0.hasPrefix("webhook helper: ") })
        #expect(FileManager.default.isExecutableFile(atPath: String(helper.dropFirst("webhook helper: ".count))))
    }

    @Test func aMissingHelperIsSaid() throws {
        let result = try KioskProcess("--version", environment: ["KIOSK_HTTP": "/nonexistent/kiosk-http"]).run()
        #expect(lines(result).contains("webhook helper: /nonexistent/kiosk-http"))
    }

    /// readline, libmosquitto and libmicrohttpd are opened with `dlopen` when a feature
    /// needs them, so a script's start-up never pays for them; only `--version` opens them
    /// for nothing.
    @Test func onlyVersionLoadsTheLibrariesARunDoesNotNeed() throws {
        let libraries = ["libreadline.so", "libmosquitto.so", "libmicrohttpd.so"]
        let run = try KioskProcess("-c", "menu; order mango juice", environment: ["LD_DEBUG": "libs"]).run()
        #expect(run.status == 0)
        for library in libraries {
            #expect(!run.stderr.contains("find library=\(library)"), "kiosk -c loaded \(library)")
        }
        let version = try KioskProcess("--version", environment: ["LD_DEBUG": "libs"]).run()
        for library in libraries {
            #expect(version.stderr.contains("find library=\(library)"), "kiosk --version looked for \(library)")
        }
    }
}
