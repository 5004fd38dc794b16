import Foundation
import KioskTestSupport
import Testing

/// Every kind of bad input, through the built binary: each gets a clear message naming
/// what was wrong and the right exit status, and nothing recorded is lost.
@Suite struct BadInputMatrixTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var stdin: String = ""
        let status: Int32
        /// The whole of standard error, or its start when `prefixOnly`.
        let stderr: String
        var prefixOnly = false

        var testDescription: String { name }
    }

    static let commandLine: [Case] = [
        Case(name: "unknown flag", arguments: ["-x"], status: 64,
             stderr: "kiosk: unknown option '-x'\nTry 'kiosk --help' for more information.\n"),
        Case(name: "flag without its value", arguments: ["--menu"], status: 64,
             stderr: "kiosk: option '--menu' needs a value\nTry 'kiosk --help' for more information.\n"),
        Case(name: "flag with a value it does not take", arguments: ["--json=yes"], status: 64,
             stderr: "kiosk: option '--json' does not take a value\nTry 'kiosk --help' for more information.\n"),
        Case(name: "two sources of commands", arguments: ["-c", "menu", "-f", "x"], status: 64,
             stderr: "kiosk: '-f' cannot be combined with -c, -f, check or state\nTry 'kiosk --help' for more information.\n"),
        Case(name: "a stray argument", arguments: ["menu"], status: 64,
             stderr: "kiosk: unexpected argument 'menu'\nTry 'kiosk --help' for more information.\n"),
        Case(name: "a bad duration", arguments: ["--flush-timeout", "forever", "-c", "menu"], status: 64,
             stderr: "kiosk: option '--flush-timeout' needs a duration such as 5s or 500ms, not 'forever'\nTry 'kiosk --help' for more information.\n"),
        Case(name: "missing menu", arguments: ["--menu", "nope.kiosk", "-c", "menu"], status: 66,
             stderr: "kiosk: cannot read 'nope.kiosk': no such file\n"),
        Case(name: "menu is a directory", arguments: ["--menu", "menus", "-c", "menu"], status: 66,
             stderr: "kiosk: cannot read 'menus': is a directory\n"),
        Case(name: "menu that fails to read", arguments: ["--menu", "/proc/self/mem", "-c", "menu"], status: 66,
             stderr: "kiosk: cannot read '/proc/self/mem': input/output error\n"),
        Case(name: "missing script", arguments: ["-f", "nope.txt"], status: 66,
             stderr: "kiosk: cannot read 'nope.txt': no such file\n"),
        Case(name: "script is a directory", arguments: ["-f", "menus"], status: 66,
             stderr: "kiosk: cannot read 'menus': is a directory\n"),
        Case(name: "state is another directory", arguments: ["--state", "menus", "-c", "menu"], status: 66,
             stderr: "kiosk: 'menus' is not a kiosk state directory (it holds other files and no 'format' file)\n"),
        Case(name: "state under a file", arguments: ["--state", "menus/juice.kiosk/state", "-c", "menu"], status: 73,
             stderr: "kiosk: cannot create the state directory 'menus/juice.kiosk/state': not a directory\n"),
        Case(name: "check a directory", arguments: ["check", "menus"], status: 66,
             stderr: "kiosk: cannot read 'menus': is a directory\n"),
        Case(name: "log path is a directory", arguments: ["--sink", "log path \"/tmp\"", "-c", "menu"], status: 64,
             stderr: "kiosk: --sink:1:1: error: 'log' sink: cannot log to '/tmp': it is a directory; a log sink appends to regular files only\n"),
        Case(name: "a sink with a mistake", arguments: ["--sink", "webhook url \"ftp://x/\"", "-c", "menu"], status: 64,
             stderr: "--sink:1:18: error: 'ftp://x/' is not an http:// or https:// URL\n", prefixOnly: true),
    ]

    @Test(arguments: commandLine)
    func theCommandLine(_ bad: Case) throws {
        let result = try KioskProcess(arguments: bad.arguments, stdin: bad.stdin).run()
        #expect(result.status == bad.status)
        if bad.prefixOnly {
            #expect(result.stderr.hasPrefix(bad.stderr), "\(result.stderr)")
        } else {
            #expect(result.stderr == bad.stderr)
        }
        #expect(result.stdout == "")
    }

    /// Needs root, to run kiosk as another user: skipped — and reported so — otherwise.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func aFileOnlyRootCanReadIsUnreadableForOthers() throws {
        let scratch = try ScratchDirectory()
        chmod(scratch.url.path, 0o755)
        let menu = try scratch.file("private.kiosk", "ingredient mango stock 1\n")
        chmod(menu, 0o600)
        let result = try KioskProcess(arguments: [], stdin: "").runAs(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", KioskProcess.executable.path, "--menu", menu, "-c", "menu"]
        )
        #expect(result.status == 66)
        #expect(result.stderr == "kiosk: cannot read '\(menu)': permission denied\n")
    }

    /// One wording per errno, wherever the missing file is named: a menu, a script, an include.
    @Test func aMissingFileIsSaidTheSameWayEverywhere() throws {
        let scratch = try ScratchDirectory()
        let including = try scratch.file("including.kiosk", "include \"nope.kiosk\"\n")
        let stderrs = try [
            KioskProcess("--menu", "nope.kiosk", "-c", "menu").run().stderr,
            KioskProcess("-f", "nope.kiosk").run().stderr,
            KioskProcess("check", including).run().stderr,
        ]
        let reasons = stderrs.map { $0.split(separator: "\n").first.map { $0.split(separator: ":").last ?? "" } ?? "" }
        #expect(reasons == [" no such file", " no such file", " no such file"], "\(stderrs)")
    }

    /// A FIFO, a device or a directory where a menu is expected is refused at once: kiosk
    /// never waits for a writer that may never come.
    @Test func aFIFOOrADeviceIsRefusedAsAMenuOrAnInclude() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.url.appendingPathComponent("menu.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let including = try scratch.file("including.kiosk", "include \"menu.fifo\"\ninclude \"/dev/zero\"\n")
        var menu = KioskProcess("--menu", fifo, "-c", "menu")
        menu.timeout = .seconds(10)
        let read = try menu.run()
        #expect(read.status == 66)
        #expect(read.stderr == "kiosk: cannot read '\(fifo)': is a FIFO, not a file\n")
        var check = KioskProcess("check", including)
        check.timeout = .seconds(10)
        let checked = try check.run()
        #expect(checked.status == 65)
        #expect(checked.stderr.contains("\(including):1:9: error: cannot include 'menu.fifo': is a FIFO, not a file\n"), "\(checked.stderr)")
        #expect(checked.stderr.contains("\(including):2:9: error: cannot include '/dev/zero': is a device, not a file\n"), "\(checked.stderr)")
    }

    @Test func emptyAndBlankLinesAreNotErrors() throws {
        let result = try KioskProcess(arguments: [], stdin: "\n   \n\t\n# note\n\r\n").run()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "")
    }

    @Test func aSalesTotalThatWouldOverflowIsRefusedAndNothingIsTaken() throws {
        let scratch = try ScratchDirectory()
        let menu = try scratch.file("dear.kiosk", """
        kiosk "Dear" currency "KRW"
        ingredient gold stock 1000000000
        item Bar price 1000000000 needs gold 1
        """)
        let result = try KioskProcess("--menu", menu, "-c", "order bar 1000000000; order bar 2; stock; report").run()
        #expect(result.stderr == "line 1: order refused: its price, or the sales total with it, is too large to keep\n")
        #expect(stockCount("gold", in: result.stdout) == 999_999_998)
        #expect(result.stdout.contains("Revenue: 2,000,000,000 KRW"))
        #expect(result.status == 1)
    }

    @Test func theRecordSurvivesEveryBadLine() throws {
        let scratch = try ScratchDirectory()
        let state = scratch.url.appendingPathComponent("s.json").path
        var input = Array("order mango juice\n".utf8)
        input += Array("order ".utf8) + [0xFF, 0xFE, 0x0A]
        input += Array(String(repeating: "x", count: 70_000).utf8) + [0x0A]
        input += Array("stock add mango 99999999999999999999\norder \u{1B}[2Jmango\norder mango juice 0\n".utf8)
        input += Array("stock remove mango 1000\nrestock mango -1\nhistory 99999999999999999999\n".utf8)
        let result = try KioskProcess.run(stdinBytes: input, arguments: ["--state", state])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 8)
        let after = try KioskProcess("--state", state, "-c", "history; stock").run()
        #expect(after.stdout.contains("Mango Juice  made"))
        #expect(stockCount("mango", in: after.stdout) == 7)
    }
}
