import Foundation
import KioskTestSupport
import Testing

/// The `kiosk serve` examples of docs/HTTP.md and of the README's tour, run as they are
/// written, and HTTPS.
@Suite struct ServeExampleTests {
    /// The `sh` blocks of docs/HTTP.md, in order, as one script.
    static func curlExamples() throws -> String {
        let reference = try Repository.text("docs/HTTP.md")
        let blocks = reference.components(separatedBy: "```sh\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        try #require(!blocks.isEmpty)
        return blocks.joined(separator: "\n")
    }

    /// The README's tour starts a server and sends it requests: what it says at start is
    /// what the README shows, and each request of the `sh` block after it succeeds.
    @Test func theReadmesServeExampleWorksAsWritten() throws {
        let readme = try Repository.text("README.md")
        let start = try #require(readme.components(separatedBy: "```console\n$ kiosk serve").dropFirst().first)
        let session = "$ kiosk serve" + (start.components(separatedBy: "```").first ?? "")
        let requests = try #require(start.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = requests.components(separatedBy: "\ncurl").enumerated().map { $0.offset == 0 ? $0.element : "curl" + $0.element }
        try ManualPageTests.expectServeSession(session, requests: commands.filter { !$0.isEmpty })
    }

    @Test func theReferencesCurlExamplesWorkAsWritten() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--state", scratch.path("stand"), "--quiet"])
        let script = try ServeExampleTests.curlExamples().replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
        #expect(script.contains("curl"))
        var runner = KioskProcess()
        runner.stdin = script
        let result = try runner.runAs(["/bin/sh", "-e"], directory: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        for command in ["menu", "order", "stock"] {
            #expect(result.stdout.contains(#"{"command":"\#(command)","ok":true"#), "\(command): \(result.stdout)")
        }
        #expect(result.stdout.contains(#""changes":[{"ingredient":"mango","from":7,"to":12}]"#))
        #expect(result.stdout.components(separatedBy: #"{"command":"order","ok":true"#).count - 1 == 2, "the plain order and the one with a key")
        #expect(server.stop() == 0)
    }

    @Test func httpsWithACertificateAndKey() throws {
        let scratch = try ScratchDirectory()
        let openssl = try KioskProcess().runAs([
            "/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ], directory: scratch.path)
        try #require(openssl.status == 0, "\(openssl.stderr)")
        let server = try ServingKiosk(["--tls-cert", scratch.path("cert.pem"), "--tls-key", scratch.path("key.pem")])
        #expect(server.stdout.hasPrefix("Serving Juice Maker at https://127.0.0.1:\(server.port)/api/v1\n"))
        let curl = try KioskProcess().runAs(
            ["/usr/bin/curl", "-s", "-i", "--cacert", scratch.path("cert.pem"), "https://127.0.0.1:\(server.port)/api/v1/menu"], directory: scratch.path
        )
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdout.hasPrefix("HTTP/1.1 200"))
        #expect(curl.stdout.contains("Strict-Transport-Security: max-age=31536000"))
        #expect(curl.stdout.contains(#"{"command":"menu","ok":true"#))
        // Plain HTTP to the HTTPS port gets no answer it could read.
        let plain = try? server.request("GET", "/api/v1/menu")
        #expect(plain?.status != 200)
        #expect(server.stop() == 0)
    }

    @Test func aKeyThatIsNoKeyStopsTheStart() throws {
        let scratch = try ScratchDirectory()
        let key = try scratch.file("key.pem", "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
        let certificate = try scratch.file("cert.pem", "-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----\n")
        let result = try KioskProcess("serve", "--listen", "127.0.0.1:0", "--tls-cert", certificate, "--tls-key", key).run()
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("kiosk: the HTTP server did not start"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let half = try KioskProcess("serve", "--listen", "127.0.0.1:0", "--tls-cert", certificate).run()
        #expect(half.status == 64)
        #expect(half.stderr.hasPrefix("kiosk: '--tls-cert' and '--tls-key' go together"))
    }
}
