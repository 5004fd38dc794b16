import Foundation
import KioskTestSupport
import Testing

/// The man pages (`man/`): clean for mandoc's and groff's linters, in step with the help
/// the program prints, and with examples that do what they say — each is run here against
/// kiosk installed under a scratch root, as a reader at a shell would run it.
@Suite struct ManualPageTests {
    @Test func mandocFindsNothingToSay() throws {
        let pages = try ManualPage.all()
        #expect(pages.map(\.name).contains("kiosk.1"))
        let lint = try ManualPage.run("/usr/bin/mandoc", ["-T", "lint"] + pages.map(\.path))
        let messages = lint.stderr.split(separator: "\n").filter { message in
            // mandoc looks the pages a page refers to up among those installed; ours are
            // checked to be here instead.
            guard let reference = message.firstMatch(of: /STYLE: referenced manual not found: Xr (\S+) (\d)/) else { return true }
            return !pages.map(\.name).contains("\(reference.1).\(reference.2)")
        }
        #expect(messages == [], "\(lint.stderr)")
    }

    /// For a terminal in UTF-8, where man shows them and where the Korean words of kiosk(1)
    /// have glyphs (groff's default PostScript fonts have none).
    @Test func groffWarnsOfNothing() throws {
        for page in try ManualPage.all() {
            let groff = try ManualPage.run("/usr/bin/groff", ["-ww", "-mandoc", "-Tutf8", "-z", page.path])
            #expect(groff.status == 0)
            #expect(groff.stderr == "", "\(page.name): \(groff.stderr)")
        }
    }

    /// Every option `kiosk --help` lists is in kiosk(1); a sub-command with options of its
    /// own (`kiosk simulate --help`) has a page of its own with every one of them, and the
    /// others are in kiosk(1).
    @Test func everyOptionAndSubCommandOfTheHelpIsInItsPage() throws {
        let help = try HelpText("--help")
        let kiosk = try ManualPage("kiosk.1").renderedWords()
        for option in help.options {
            #expect(kiosk.contains(option.name), "kiosk(1) has \(option.name)")
        }
        for command in help.commands + ["state"] {
            let own = try HelpText(command, "--help")
            guard own.text != help.text else {
                #expect(kiosk.contains(command), "kiosk(1) has \(command)")
                continue
            }
            let page = try ManualPage("kiosk-\(command).1").renderedWords()
            #expect(own.options.count >= 5)
            for option in own.options {
                #expect(page.contains(option.name), "kiosk-\(command)(1) has \(option.name)")
            }
        }
    }

    /// A literal block of EXAMPLES that starts with `$ ` is a shell session: each command
    /// (continued over lines that end in `\` or `|`) runs in a shell, from a scratch
    /// directory, with the installed kiosk first on the PATH, and prints what follows it.
    @Test(arguments: ["kiosk.1", "kiosk-simulate.1", "kiosk-reprice.1"])
    func theExamplesPrintWhatThePageSays(_ name: String) throws {
        let page = try ManualPage(name)
        let sessions = page.literalBlocks(inSection: "EXAMPLES").filter { $0.hasPrefix("$ ") }
        #expect(sessions.count >= 2, "\(name) has examples")
        let installed = try InstallTests.Installation(prefix: "/usr")
        for session in sessions {
            let scratch = try ScratchDirectory()
            let steps = ManualPageTests.steps(of: session).map { Step(command: installed.rooted($0.command), output: installed.rooted($0.output)) }
            let outputs = try ManualPageTests.run(steps, directory: scratch.url, environment: [
                "PATH": installed.path("bin") + ":/usr/bin:/bin", "HOME": scratch.path, "XDG_STATE_HOME": scratch.path("state"),
            ])
            #expect(outputs.count == steps.count)
            for (step, output) in zip(steps, outputs) {
                #expect(output == step.output, "\(name): $ \(step.command)")
            }
        }
    }

    /// kiosk-serve(1): the server starts and says what the page shows, and each `curl` of
    /// the second example, run from the directory it was started in, gets a success.
    @Test func theServeExamplesWorkAgainstAServer() throws {
        let blocks = try ManualPage("kiosk-serve.1").literalBlocks(inSection: "EXAMPLES")
        try #require(blocks.count == 2)
        try ManualPageTests.expectServeSession(blocks[0], requests: ManualPageTests.steps(of: blocks[1]).map(\.command))
    }

    /// Runs the server `session` starts (`$ kiosk serve --state stand` and what it prints)
    /// on a free port, expects it to print that, and runs each request from the directory
    /// it was started in, against it: each must succeed.
    static func expectServeSession(_ session: String, requests: [String]) throws {
        let start = try #require(ManualPageTests.steps(of: session).first)
        #expect(start.command == "kiosk serve --state stand")
        let scratch = try ScratchDirectory()
        let server = try ServingKiosk(["--state", scratch.path("stand")])
        let lines = start.output.split(separator: "\n").count
        try waitFor("what the server says at start") { server.stdout.split(separator: "\n").count >= lines }
        let said = server.stdout.split(separator: "\n").prefix(lines).map { $0 + "\n" }.joined()
            .replacingOccurrences(of: scratch.path + "/", with: "").replacingOccurrences(of: ":\(server.port)/", with: ":8080/")
        #expect(said == start.output)
        #expect(requests.count >= 2)
        for command in requests {
            let result = try KioskProcess.launch(
                "/bin/sh", ["-c", command.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")],
                directory: scratch.url, environment: ["PATH": "/usr/bin:/bin"], input: [], timeout: .seconds(60)
            )
            #expect(result.status == 0, "$ \(command)\n\(result.stderr)")
            #expect(result.stdout.contains(#""ok":true"#), "$ \(command)\n\(result.stdout)")
        }
        #expect(server.stop() == 0)
    }

    /// Every page's examples are run by one of the tests above: a new page comes with its
    /// own.
    @Test func everyPagesExamplesAreRun() throws {
        #expect(try ManualPage.all().map(\.name) == ["kiosk-menu.5", "kiosk-reprice.1", "kiosk-serve.1", "kiosk-simulate.1", "kiosk.1"])
    }

    /// Every example of kiosk-menu(5) is a menu `kiosk check` finds nothing wrong with.
    @Test func theMenusOfTheMenuPageCheckOut() throws {
        let menus = try ManualPage("kiosk-menu.5").literalBlocks(inSection: "EXAMPLES")
        #expect(menus.count >= 2)
        let scratch = try ScratchDirectory()
        for (index, menu) in menus.enumerated() {
            let file = try scratch.file("example-\(index).kiosk", menu)
            let result = try KioskProcess("check", file).run()
            #expect(result.status == 0, "\(menu)\n\(result.stdout)\(result.stderr)")
        }
    }

    struct Step {
        var command: String
        var output = ""
    }

    /// Runs the steps of a shell session in one shell, as a person types them at a prompt
    /// (`$?` and variables carry from one to the next); what each printed, standard error
    /// included.
    static func run(_ steps: [Step], directory: URL, environment: [String: String]) throws -> [String] {
        let marker = "--- the next example step ---"
        var script = "status=0\n"
        for step in steps {
            script += "printf '%s\\n' '\(marker)'\n(exit $status)\n{ \(step.command)\n} 2>&1\nstatus=$?\n"
        }
        let result = try KioskProcess.launch("/bin/sh", ["-c", script], directory: directory, environment: environment, input: [], timeout: .seconds(120))
        return Array(result.stdout.components(separatedBy: marker + "\n").dropFirst())
    }

    /// The commands of a shell session and what each prints.
    static func steps(of session: String) -> [Step] {
        var steps: [Step] = []
        var continues = false
        for line in session.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if continues, var step = steps.popLast() {
                step.command += "\n" + line
                steps.append(step)
            } else if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2))))
            } else if var step = steps.popLast() {
                step.output += line + "\n"
                steps.append(step)
                continue
            }
            continues = line.hasSuffix("\\") || line.hasSuffix("|")
        }
        return steps
    }
}

extension InstallTests.Installation {
    /// `text` with the installed paths (`/usr/share/kiosk/…`) moved under the scratch root.
    func rooted(_ text: String) -> String {
        text.replacingOccurrences(of: prefix + "/share/kiosk/", with: root.path + prefix + "/share/kiosk/")
    }
}
