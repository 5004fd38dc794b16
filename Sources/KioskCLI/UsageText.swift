import KioskText

/// The text of `kiosk --help`.
enum UsageText {
    /// The text of `kiosk --help`, in the operator's language (one message, so that a
    /// translation keeps its columns).
    static var usage: String {
        tr("kiosk — a terminal kiosk simulator\n\nUsage:\n  kiosk [options]            take orders at a prompt (or from a pipe, -c or -f)\n  kiosk check FILE…          check menu files and print every error\n  kiosk serve [options]      serve the kiosk over HTTP (kiosk serve --help)\n  kiosk simulate [options]   simulate a day of customers on a virtual clock\n                             (kiosk simulate --help for its options)\n  kiosk state verify|dump|compact DIRECTORY\n                             check, print or compact a state directory, also\n                             while other processes use it (compact --menu FILE\n                             folds the order board too)\n\nOptions:\n  --menu FILE                the menu to load (default: the bundled Juice Maker)\n  --state FILE               keep stock, orders and sales in FILE across runs\n  --sink SINK                add a sink, written as in a menu without the word\n                             'sink': --sink 'log path \"kiosk.jsonl\"'\n  -c COMMANDS                run ';'-separated commands, then exit\n  -f FILE                    run the commands in FILE ('-' reads standard input)\n  --bail                     stop at the first command that fails\n  --json                     print one JSON object per command\n  --quiet                    print only errors\n  --no-color                 never colour the output (NO_COLOR does the same)\n  --flush-timeout DURATION   how long sinks may take to deliver at exit (5s)\n  --clock virtual[=TIME]     a clock that stands still but for 'wait' (for the\n                             order board), from TIME (ISO 8601) or now\n  --lang ko|en               speak Korean or English to the operator (default:\n                             LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the menu)\n  -h, --help                 show this help\n  -V, --version              show the version\n\nExit status:\n  0   every command succeeded      65  a menu file has errors, or a state\n  1   a command failed (a refused      directory is damaged\n      order counts)                66  a file cannot be read\n  64  the command line is wrong    69  kiosk serve cannot listen\n  128+N  a batch stopped by        73  a file or directory cannot be made\n      signal N (SIGTERM, SIGINT)   74  an I/O error\n\nType 'help' at the prompt for the commands.\n")
    }

    /// The text of `kiosk serve --help`.
    static let serve = """
    kiosk serve — the kiosk over HTTP: a JSON API under /api/v1

    Usage:
      kiosk serve [options]

    Serves the menu, the stock, orders, the board, suggestions and reports as the
    commands at the prompt do, with the same rules and the same errors. Prints the
    URL it listens on, and where the operator's token is (never the token). Every
    change is on disk before it is answered. SIGTERM or SIGINT stops it after the
    requests in hand (exit 0); SIGHUP reloads the menu.

    Options:
      --listen ADDRESS:PORT      where to listen (default 127.0.0.1:8080; port 0
                                 picks a free one). An address other than loopback
                                 needs --tls-cert and --tls-key
      --token-file FILE          the operator's token (a private file, 0600); else
                                 $KIOSK_TOKEN; else one made at the first start in
                                 the state directory (or $XDG_STATE_HOME/kiosk) as
                                 serve-token
      --tls-cert FILE            HTTPS: the certificate (PEM)
      --tls-key FILE             HTTPS: its private key (PEM)
      --cors ORIGIN              let pages from ORIGIN call the API (repeatable)
      --access-log FILE          one JSON object per request, appended to FILE
      --menu FILE, --state DIRECTORY, --sink SINK, --clock virtual[=TIME],
      --flush-timeout DURATION, --quiet, --no-color
                                 as for kiosk (kiosk --help)
      --json                     say where it listens, and start-up errors, as JSON
      -h, --help                 show this help

    Routes (customer: open; operator: Authorization: Bearer TOKEN):
      GET   /api/v1/menu                          customer
      POST  /api/v1/orders                        customer  {"lines":[{"item":…,"quantity":…}]}
      POST  /api/v1/suggestions                   customer  {"profiles":…,"answers":…,"rule":…}
      GET   /api/v1/board[?view=public|all-day]   customer
      GET   /api/v1/health, /api/v1/openapi.json  customer
      GET   /api/v1/events[?types=…&after=SEQ]     customer  Server-Sent Events; every type
                                                            with the operator's token
      GET   /api/v1/stock                         operator
      PATCH /api/v1/stock/{ingredient}            operator  {"set"|"add"|"remove"|"restock": N}
      GET   /api/v1/orders?after=SEQ&limit=N      operator
      POST  /api/v1/tickets/{n}/{start|ready|pickup|bump|recall|cancel}  operator
      POST  /api/v1/tickets/{start|ready|pickup|bump|recall}  operator  the move's own ticket
      GET   /api/v1/report, /api/v1/sinks         operator
      POST  /api/v1/reload                        operator

    Screens, for a browser (operator screens ask for the token once per tab):
      /  the kiosk      /suggest  what should I have?   /ready   the ready board
      /stock  the stock room   /kitchen  the kitchen display   /report  the day

    Exit status:
      0   stopped by SIGTERM or SIGINT     66  a token or TLS file cannot be read
      64  the command line is wrong         69  the address is in use, or the HTTP
      65  a menu with errors, a bad token       library cannot be loaded
                                            73  a file it makes cannot be made

    """
}
