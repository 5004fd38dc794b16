/// The text of `kiosk --help`.
enum UsageText {
    static let usage = """
    kiosk — a terminal kiosk simulator

    Usage:
      kiosk [options]            take orders at a prompt (or from a pipe, -c or -f)
      kiosk check FILE…          check menu files and print every error
      kiosk simulate [options]   simulate a day of customers on a virtual clock
                                 (kiosk simulate --help for its options)

    Options:
      --menu FILE                the menu to load (default: the bundled Juice Maker)
      --state FILE               keep stock, orders and sales in FILE across runs
      --sink SINK                add a sink, written as in a menu without the word
                                 'sink': --sink 'log path "kiosk.jsonl"'
      -c COMMANDS                run ';'-separated commands, then exit
      -f FILE                    run the commands in FILE ('-' reads standard input)
      --bail                     stop at the first command that fails
      --json                     print one JSON object per command
      --quiet                    print only errors
      --no-color                 never colour the output (NO_COLOR does the same)
      --flush-timeout DURATION   how long sinks may take to deliver at exit (5s)
      --clock virtual[=TIME]     a clock that stands still but for 'wait' (for the
                                 order board), from TIME (ISO 8601) or now
      -h, --help                 show this help
      -V, --version              show the version

    Exit status:
      0   every command succeeded      64  the command line is wrong
      1   a command failed (a refused  65  a menu file has errors
          order counts)                66  a file cannot be read
                                       74  an I/O error

    Type 'help' at the prompt for the commands.

    """
}
