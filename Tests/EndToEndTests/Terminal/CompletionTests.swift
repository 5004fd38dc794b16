import Foundation
import KioskTestSupport
import Testing

/// The bash and zsh completions (`completions/`), held to the program's own declaration —
/// every option `kiosk --help` and each sub-command's own help list (`kiosk serve --help`,
/// `kiosk simulate --help`), every sub-command, the values an option takes — and tried in
/// a real interactive shell on a pseudo-terminal.
@Suite struct CompletionTests {
    static let bashScript = Repository.root.appendingPathComponent("completions/kiosk.bash").path
    static let zshScript = Repository.root.appendingPathComponent("completions/_kiosk").path

    /// What bash's completion function offers for a command line whose last word is the one
    /// being completed, as bash calls it after Tab.
    static func bash(_ words: String..., directory: String = "/") throws -> [String] {
        let script = #"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _kiosk; printf '%s\n' "${COMPREPLY[@]}""#
        let result = try KioskProcess.launch(
            "/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", bashScript] + words, directory: URL(fileURLWithPath: directory),
            environment: ["PATH": "/usr/bin:/bin"], input: [], timeout: .seconds(60)
        )
        #expect(result.status == 0, "\(words): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func everyOptionOfKioskHelpIsCompleted() throws {
        let options = try HelpText("--help").options
        #expect(options.count >= 10, "the options of kiosk --help were found")
        let offered = Set(try CompletionTests.bash("kiosk", "-"))
        for option in options {
            #expect(offered.contains(option.name), "kiosk \(option.name) is completed")
        }
        #expect(try CompletionTests.bash("kiosk", "--me") == ["--menu"])
    }

    /// After a sub-command with a help of its own (`serve`, `simulate`), its options.
    @Test func everyOptionOfASubCommandsHelpIsCompletedAfterIt() throws {
        let commands = try HelpText.subCommandsWithTheirOwnHelp()
        #expect(commands.map(\.command).contains("simulate"), "\(commands.map(\.command))")
        for (command, help) in commands {
            let options = help.options
            #expect(options.count >= 5, "the options of kiosk \(command) --help were found")
            let offered = Set(try CompletionTests.bash("kiosk", command, "-"))
            for option in options {
                #expect(offered.contains(option.name), "kiosk \(command) \(option.name) is completed")
            }
        }
        #expect(try CompletionTests.bash("kiosk", "simulate", "--serv") == ["--service"])
    }

    /// An option the help shows with a value takes the next word: nothing is offered in
    /// its place but values, and the word after the value is completed as before it.
    /// Tried in a scratch directory: a file offered from the machine's own `/` (which may
    /// well hold a `check`) cannot be taken for a command.
    @Test func theWordAfterAnOptionWithAValueIsItsValue() throws {
        let commands = try HelpText("--help").commands
        let scratch = try ScratchDirectory()
        try scratch.file("menu.kiosk", "")
        for option in try HelpText("--help").options where option.takesValue {
            let offered = try CompletionTests.bash("kiosk", option.name, "", directory: scratch.path)
            #expect(Set(offered).isDisjoint(with: commands), "after kiosk \(option.name): \(offered)")
            #expect(try CompletionTests.bash("kiosk", option.name, "x", "si") == ["simulate"], "after kiosk \(option.name) x")
        }
        for (command, help) in try HelpText.subCommandsWithTheirOwnHelp() {
            for option in help.options where option.takesValue {
                let offered = try CompletionTests.bash("kiosk", command, option.name, "", directory: scratch.path)
                #expect(!offered.contains { $0.hasPrefix("-") }, "after kiosk \(command) \(option.name): \(offered)")
                let after = try CompletionTests.bash("kiosk", option.name, "x", command, "--he")
                #expect(after.contains("--help"), "after \(option.name) x \(command)")
            }
        }
    }

    @Test func everySubCommandAndStateActionIsCompleted() throws {
        let commands = try HelpText("--help").commands
        #expect(commands.contains("check") && commands.contains("simulate") && commands.contains("state"), "\(commands)")
        #expect(try CompletionTests.bash("kiosk", "") == commands.sorted())
        #expect(try CompletionTests.bash("kiosk", "si") == ["simulate"])
        let actions = try HelpText.stateActions()
        #expect(actions.count == 5, "\(actions)")
        #expect(try CompletionTests.bash("kiosk", "state", "") == actions.sorted())
    }

    @Test func optionValuesAreCompleted() throws {
        #expect(try CompletionTests.bash("kiosk", "simulate", "--service", "") == ["exponential", "fixed"])
        #expect(try CompletionTests.bash("kiosk", "simulate", "--service", "=", "e") == ["exponential"])
        #expect(try CompletionTests.bash("kiosk", "--clock", "") == ["virtual"])
        #expect(try CompletionTests.bash("kiosk", "--clock", "=") == ["virtual"])
        #expect(try CompletionTests.bash("kiosk", "--sink", "we") == ["webhook"])
    }

    /// `--menu` and `check` offer menu files and directories; `--state` and a state
    /// action, directories only.
    @Test func menuFilesAndStateDirectoriesAreCompleted() throws {
        let scratch = try ScratchDirectory()
        try scratch.file("cafe.kiosk", "")
        try scratch.file("notes.txt", "")
        try scratch.file("states/shop/x", "")
        let root = scratch.path
        #expect(try CompletionTests.bash("kiosk", "--menu", "", directory: root) == ["cafe.kiosk", "states"])
        #expect(try CompletionTests.bash("kiosk", "check", "c", directory: root) == ["cafe.kiosk"])
        #expect(try CompletionTests.bash("kiosk", "--state", "", directory: root) == ["states"])
        #expect(try CompletionTests.bash("kiosk", "state", "dump", "states/", directory: root) == ["states/shop"])
        #expect(try CompletionTests.bash("kiosk", "simulate", "--state", "", directory: root) == ["states"])
    }

    /// zsh's completion declares every option of both helps and every sub-command, and zsh
    /// reads it.
    @Test func theZshCompletionDeclaresEveryOptionAndCommand() throws {
        let script = try String(contentsOfFile: CompletionTests.zshScript, encoding: .utf8)
        let declared = Set(script.matches(of: /[{,'()*](-{1,2}[a-zA-Z][a-zA-Z-]*)(?=[=\[,}])/).map { String($0.1) })
        let ownOptions = try HelpText.subCommandsWithTheirOwnHelp().flatMap(\.help.options)
        for option in try HelpText("--help").options + ownOptions {
            #expect(declared.contains(option.name), "_kiosk declares \(option.name)")
        }
        for command in try HelpText("--help").commands + ["state"] {
            #expect(script.contains("'\(command):"), "_kiosk offers \(command)")
        }
        let parsed = try KioskProcess.launch(
            "/usr/bin/zsh", ["-n", CompletionTests.zshScript], directory: URL(fileURLWithPath: "/"), environment: [:], input: [], timeout: .seconds(60)
        )
        #expect(parsed.status == 0, "\(parsed.stderr)")
    }

    // MARK: In a real shell

    /// A bash at a terminal, with bash-completion loaded the way a Debian user has it, and
    /// kiosk installed under a scratch root that bash-completion searches
    /// (`$XDG_DATA_DIRS`): Tab goes through the installed file.
    @Test func tabCompletesInAnInteractiveBash() throws {
        let installed = try InstallTests.Installation()
        let rc = try installed.home.file("bashrc", "PS1='bash$ '\nsource /usr/share/bash-completion/bash_completion\n")
        let bash = try PseudoTerminal(executable: "/bin/bash", arguments: ["--noprofile", "--rcfile", rc, "-i"], environment: [
            "TERM": "xterm", "HOME": installed.home.path, "PATH": "/usr/bin:/bin", "INPUTRC": "/dev/null",
            "XDG_DATA_DIRS": installed.path("share"), "XDG_DATA_HOME": installed.home.path("data"),
        ])
        try bash.expect("bash$ ")
        bash.send("kiosk se\t")
        try bash.expect("serve ")
        bash.send("\u{15}kiosk si\t")
        try bash.expect("simulate ")
        bash.send("--serv\t")
        try bash.expect("--service ")
        bash.send("\t\t")
        let listing = try bash.expect("bash$ ")
        #expect(listing.contains("exponential") && listing.contains("fixed"), "\(listing.debugDescription)")
        bash.send("f\t")
        try bash.expect("ixed ")
        bash.send("\u{15}exit\r")
        #expect(try bash.waitForExit() == 0)
    }

    /// A zsh at a terminal with compinit, and the installed `_kiosk` on its `$fpath`.
    @Test func tabCompletesInAnInteractiveZsh() throws {
        let installed = try InstallTests.Installation()
        let zsh = try PseudoTerminal(executable: "/usr/bin/zsh", arguments: ["-f", "-i"], environment: [
            "TERM": "xterm", "HOME": installed.home.path, "PATH": "/usr/bin:/bin",
        ])
        zsh.send("PS1='zsh%% '; fpath=(\(installed.path("share/zsh/site-functions")) $fpath); autoload -Uz compinit; compinit -u -D\r")
        try zsh.expect("zsh% ")
        zsh.send("kiosk si\t")
        try zsh.expect("simulate")
        zsh.send(" --serv\t")
        try zsh.expect("--service")
        zsh.send(" \t")
        let listing = try zsh.expect("fixed")
        #expect(listing.contains("exponential"), "\(listing.debugDescription)")
        zsh.send("\u{15}exit\r")
        #expect(try zsh.waitForExit() == 0)
    }
}
