import Foundation
import KioskTestSupport
import Testing

/// The README's `kiosk serve` examples, run as they are written, and HTTPS.
@Suite struct ServeReadmeTests {
    /// The `sh` blocks of the README's "Serving over HTTP" section, in order, as one script.
    static func curlExamples() throws -> String {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Serving over HTTP").dropFirst().first?.components(separatedBy: "\n## ").first)
        let blocks = section.components(separatedBy: "```sh\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        try #require(!blocks.isEmpty)
        return blocks.joined(separator: "\n")
    }

    @Test func theREADMEsCurlExamplesWorkAsWritten() throws {
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--state", scratch.path("stand"), "--quiet"])
        let script = try ServeReadmeTests.curlExamples().replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
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
