import KioskText

/// Every command, each declared once: name, aliases, synopsis and help, what Tab
/// completes, and the handler that parses and runs it. Dispatch (`CommandParser`), `help`,
/// completion, `--json`, docs/COMMANDS.md's command table and kiosk(1) all read this.
///
/// Adding a command is one entry here and its handler, a `CommandHandler` in a file of its
/// own under `Commands/`.
public struct CommandTable: Sendable {
    public let entries: [CommandEntry]

    public init(_ entries: [CommandEntry]) {
        self.entries = entries
    }

    /// The entry a name or alias reaches: the names first, since nearly every command is
    /// typed by its name (a Korean word compared with `order` costs a Unicode comparison,
    /// on every order of a batch); then the aliases and every language's words for them.
    public func entry(named name: String) -> CommandEntry? {
        entries.first { $0.name == name } ?? entries.first { $0.aliases.contains(name) || PromptWords.everyLanguage(for: $0.name).contains(name) }
    }

    /// Every English name that reaches a command, aliases included, in table order.
    public var names: [String] { entries.flatMap(\.names) }

    /// The names offered in `language`, in table order: a Korean operator's Korean words
    /// come with the English ones.
    public func names(in language: Language) -> [String] { entries.flatMap { $0.names(in: language) } }

    /// A table with `entries` added: for a kiosk that brings commands of its own.
    public func adding(_ more: [CommandEntry]) -> CommandTable {
        CommandTable(entries + more)
    }

    /// kiosk's commands.
    public static let standard = CommandTable([
        CommandEntry(
            trContextNoop("command", "menu"), synopsis: "menu", summary: trNoop("items with price, recipe and how many can be made now"),
            details: trNoop("Lists every item: its price (if the menu gives prices), what it needs, and how many of it the stock can make now."),
            handler: MenuCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "order"), synopsis: "order ITEM [QTY] [, ITEM [QTY]]… [discount NAME]", summary: trNoop("one order of one or more items, made whole or not at all"),
            details: trNoop("Orders items by name, alias or slug, in any case. Several lines make one order: every ingredient\nof every line is checked before any is taken, so the order is made whole or refused whole.\n  order mango juice\n  order strawberry-banana-juice 2, kiwi juice\nAn item with sizes and options takes its size before its name and each option after a +, by its\nname or as GROUP: OPTION, xN for N of it; what is not named takes its default ('menu' lists them):\n  order 2 large latte +oat +extra shot x2, croissant\nA combo takes its items after a +, each with its own size and options:\n  order breakfast set +large latte +oat +muffin\nA discount the menu gives only when asked ('ask') follows the lines:\n  order latte, croissant discount staff\nA refused order says what is missing. At a terminal, kiosk then offers to restock and retry."),
            completion: .items, handler: OrderCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "price"), synopsis: "price ITEM [QTY] [, ITEM [QTY]]… [discount NAME]",
            summary: trNoop("what an order would cost, with its discounts and taxes, without placing it"),
            details: trNoop("Prices the lines as 'order' would, now, and shows the subtotal, each discount and tax, and the\ntotal; nothing is made, taken or recorded.\n  price 2 latte, croissant\n  price latte discount staff     with an 'ask' discount, as the till gives it"),
            completion: .items, handler: PriceCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "receipt"), synopsis: "receipt [N] [--format escpos]", summary: trNoop("the receipt of order N, or of the last order made"),
            details: trNoop("Prints a made order's receipt: its lines and choices, each discount, the net (supply value), each\ntax and the total, which add up exactly. N is the order's # in 'history'; alone, the last order made.\nWith --format escpos, the bytes a receipt printer is sent for it (ESC/POS, as the printer sink prints it)."),
            handler: ReceiptCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "pay"), synopsis: "pay [ORDER] cash AMOUNT | card [CARD] [tip T]",
            summary: trNoop("take a payment for an order, in cash or on the card reader"),
            details: trNoop("Pays order ORDER (its # in 'history'); alone, the last order that still owes something. Only for a\nmenu with a 'checkout' statement.\n  pay cash 20            20 tendered: the change is given; the total rounds to the menu's cash step\n  pay 12 cash 5 split    5 in cash as one part; the rest stays due\n  pay card               the simulated reader, by the amount's last two digits (05, 55, 75 decline)\n  pay card 4000000000000002 tip 10%\n  pay card timeout       or offline, or cancel: the reader times out, is offline, the customer cancels\nEvery step is an event (payment.pending, payment.in_progress, then completed, declined, canceled or\ntimed_out). A card the reader did not take is an error; what is due stays due."),
            completion: .subcommands([
                .init(trContextNoop("command", "cash"), then: .clauses([.init(trContextNoop("command", "split"))])),
                .init(trContextNoop("command", "card"), then: .clauses([
                    .init(trContextNoop("command", "tip")), .init(trContextNoop("command", "timeout")), .init(trContextNoop("command", "offline")),
                    .init(trContextNoop("command", "cancel")),
                ])),
            ]),
            handler: PayCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "drawer"), synopsis: "drawer open|in|out|count AMOUNT [REASON]",
            summary: trNoop("the cash drawer's day: its float, cash paid in and out, the count"),
            details: trNoop("Only for a menu with a 'checkout' statement.\n  drawer open 100             starts the drawer's day with a float of 100\n  drawer in 20 change         20 paid into the drawer, and why\n  drawer out 15 milk          15 paid out of it, and why\n  drawer count 212.40         the cash counted: 'report x' shows it against what the drawer should\n                              hold (float + pay-ins + cash sales - cash refunds - pay-outs)\n'report z' closes the day."),
            completion: .subcommands([
                .init(trContextNoop("command", "open")), .init(trContextNoop("command", "in")), .init(trContextNoop("command", "out")),
                .init(trContextNoop("command", "count")),
            ]),
            handler: DrawerCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "refund"), synopsis: "refund ORDER [AMOUNT|line N] [restock]",
            summary: trNoop("give back what an order was paid, in part or whole, to its tenders"),
            details: trNoop("Refunds AMOUNT of what order ORDER's payments took (alone, all that is left) to the tenders it came\nfrom, the card first, then cash: one payment.refunded event per tender. 'line N' refunds what line N\nof its receipt cost, once per line. Stock goes back only with 'restock': the whole order's\ningredients once, or the line's.\n  refund 3              all of order 3\n  refund 3 2.50         2.50 of it\n  refund 3 line 2       what its second line cost\n  refund 3 restock      all of it, and its stock back"),
            completion: .clauses([.init(trContextNoop("command", "line")), .init(trContextNoop("command", "restock"))]),
            handler: RefundCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "void"), synopsis: "void ORDER",
            summary: trNoop("undo an order before its ticket starts: refund all, stock back"),
            details: trNoop("Voids order ORDER (its # in 'history') while its ticket is still queued: all its payments took goes\nback to their tenders (a payment.refunded each), the ticket is cancelled and its ingredients go back\nto stock, and order.voided closes the order: it takes no payment after. Without a board the\norder's stock goes back as 'refund ORDER restock' puts it. A ticket being made or done is\nrefunded with 'refund' instead.\n  void 3"),
            handler: VoidCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "stock"), synopsis: "stock [add|remove|set INGREDIENT N]", summary: trNoop("ingredients with count, low mark and unit; or edit one"),
            details: trNoop("Alone, lists every ingredient with its count, low mark and unit, flagging what is low or out.\n  stock add mango 5       adds 5\n  stock remove mango 2    takes 2 away (never below 0)\n  stock set mango 10      sets the count"),
            completion: .subcommands([.init(trContextNoop("command", "add"), then: .ingredients), .init(trContextNoop("command", "remove"), then: .ingredients), .init(trContextNoop("command", "set"), then: .ingredients)]),
            handler: StockCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "restock"), synopsis: "restock [INGREDIENT N]", summary: trNoop("add stock; alone, walk every low or short ingredient"),
            details: trNoop("With an ingredient and a number, adds like 'stock add'. Alone, walks every ingredient that is low\nor was short for the last refused order and asks how many to add (the default tops it up to its\nstarting stock, or covers the shortfall). Without a terminal it adds the defaults without asking."),
            completion: .ingredients, handler: RestockCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "sinks"), synopsis: "sinks [failed|retry [SINK]]", summary: trNoop("each sink: target, delivered, waiting, retrying, failed"),
            details: trNoop("Shows every sink with its counters and last error; secrets from ${…} stay masked. Events wait in the\njournal until their sink has them; WAITING is how many a sink has yet to deliver.\n  sinks failed [SINK]   the events a sink gave up on (a 4xx, retries used up)\n  sinks retry [SINK]    sends them again, with their original ids\nSINK is a sink's name as 'sinks' shows it, or its kind when only one sink is of that kind."),
            completion: .subcommands([.init(trContextNoop("command", "failed")), .init(trContextNoop("command", "retry"))]), handler: SinksCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "reload"), synopsis: "reload", summary: trNoop("re-read the menu files, keeping the stock"),
            details: trNoop("Re-reads the menu and its includes. On success the new menu takes over and every ingredient it\nshares with the old one keeps its stock. On error the old menu stays and the errors are printed."),
            handler: ReloadCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "history"), synopsis: "history [N]", summary: trNoop("the last N orders (10) with time, lines and result"),
            details: trNoop("Shows the last N orders, made or refused, newest last."), handler: HistoryCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "report"), synopsis: "report [x|z]", summary: trNoop("sales per item, revenue, refused orders, ingredients used"),
            details: trNoop("Totals since the kiosk started (or since the state file began).\n  report x    the drawer's open day: float, cash sales and refunds, pay-ins and pay-outs, what the\n              drawer should hold, the count and its over or short; card sales and tips. Changes nothing.\n  report z    the same, and closes the day: numbered, once, kept in the journal; 'drawer open' starts\n              the next, whose totals start again."),
            completion: .subcommands([.init(trContextNoop("command", "x")), .init(trContextNoop("command", "z"))]), handler: ReportCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "suggest"), synopsis: "suggest [for NAMES] [answers y,n,-] [rule R]",
            summary: trNoop("what to have, from what can be made now, profiles and the menu's questions"),
            details: trNoop("Scores every item the stock can make now — for a group, as many times as it has members — and\nshows the best, with the answers each fits and, for a group, whom it pleases least. Anything a\nmember avoids vetoes an item for all; someone who avoids an allergen is not offered an item whose\nallergens the menu does not declare, unless 'lenient' (then it is marked).\n  suggest                               at a terminal, asks the menu's questions first\n  suggest answers y,n,-                 the answers in question order (y, n, - to skip)\n  suggest for ana, ben rule least-misery\n  suggest for ana lenient               also items whose allergens are not declared, marked\n  suggest next                          the next page, as often as the menu allows\nThe rules are average, least-misery and average-without-misery (the menu's is the default).\nAny change to the state (an order, a restock, a profile) ends the paging: 'suggest' again."),
            completion: .clauses([
                .init("for", then: .profiles), .init("answers"), .init("rule", then: .rules), .init("lenient"), .init("next"),
            ]),
            handler: SuggestCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "profile"), synopsis: "profile [NAME [avoid|like|dislike|rate …]]",
            summary: trNoop("the tastes 'suggest' reads: list, show, change or remove a profile"),
            details: trNoop("Alone, lists every profile; with a name, shows one. Names are one word, in any case and any script.\n  profile ana avoid milk, nuts dislike \"Kiwi Juice\" like mango\n  profile ana rate \"Mango Juice\" 8      a score from 1 to 10 replaces the neutral 5\n  profile ana unavoid milk              forget undoes a like, a dislike or a rating\n  profile ana remove\nAvoiding an allergen, an ingredient, a tag or an item vetoes every item that has it. Liking an\nitem rates it 10, disliking it 1; liking a tag or an ingredient adds 1 to every item with it,\ndisliking takes 1. A change to a new name makes the profile. Profiles are kept in the state."),
            completion: .profile(then: .clauses(
                ["avoid", "unavoid", "like", "dislike", "forget"].map { .init($0, then: .subjects) }
                    + [.init("rate", then: .items), .init("remove")]
            )),
            handler: ProfileCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "board"), synopsis: "board [public|all-day]", summary: trNoop("the order board: queued, preparing and ready tickets"),
            details: trNoop("Three columns, QUEUED | PREPARING | READY, with their counts; each ticket with its number, age,\nstations and items. A ticket in the kitchen past the board's warn age is marked warn, past its\nlate age LATE (in colour on a terminal).\n  board public    what a customer screen shows: the numbers preparing and ready\n  board all-day   per item, how many are in queued and preparing tickets\nOnly for a menu with a 'board' statement."),
            completion: .subcommands([.init(trContextNoop("command", "public")), .init(trContextNoop("command", "all-day"))]), handler: ShowBoardCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "start"), synopsis: "start [N]", summary: trNoop("start preparing ticket N (or the oldest queued)"),
            details: trNoop("Moves ticket N from queued to preparing; alone, the oldest queued ticket."),
            completion: .tickets([.queued]), handler: StartCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "ready"), synopsis: "ready [N]", summary: trNoop("ticket N (or the oldest preparing) is ready"),
            details: trNoop("Moves ticket N from preparing to ready; alone, the oldest preparing ticket."),
            completion: .tickets([.preparing]), handler: ReadyCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "pickup"), synopsis: "pickup [N]", summary: trNoop("ticket N (or the oldest ready) was picked up"),
            details: trNoop("Moves ticket N from ready to picked up; alone, the oldest ready ticket."),
            completion: .tickets([.ready]), handler: PickupCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "bump"), synopsis: "bump [N]", summary: trNoop("move ticket N (or the oldest in the kitchen) one state on"),
            details: trNoop("Moves ticket N to its next state, whatever it is: queued to preparing, preparing to ready, ready to\npicked up. Alone, the oldest ticket queued or preparing."),
            completion: .tickets([.queued, .preparing, .ready]), handler: BumpCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "recall"), synopsis: "recall [N]", summary: trNoop("bring the last picked-up ticket (or N) back to ready"),
            details: trNoop("Brings a picked-up ticket back to ready: alone the last one picked up; N may be any of the last 20."),
            completion: .tickets([.pickedUp]), handler: RecallCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "cancel"), synopsis: "cancel N", summary: trNoop("cancel ticket N and reverse its sale"),
            details: trNoop("Takes ticket N off the board and reverses its sale. A queued ticket's ingredients go back to stock;\na preparing or ready one's are counted as waste ('report'). A picked-up ticket cannot be cancelled."),
            completion: .tickets([.queued, .preparing, .ready]), handler: CancelCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "wait"), synopsis: "wait DURATION", summary: trNoop("move the virtual clock on (90s, 2m, 1h)"),
            details: trNoop("With --clock virtual, time stands still except for 'wait', which moves it on by DURATION and fires\nevery change the board had scheduled by then (auto start and ready, warn, late) in time order, each\nat its own time. On the wall clock it is an error."),
            handler: WaitCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "help"), synopsis: "help [COMMAND]", summary: trNoop("these commands, or one in detail"),
            details: trNoop("Shows every command, or one command in detail."), completion: .commands, handler: HelpCommand.self
        ),
        CommandEntry(
            trContextNoop("command", "quit"), aliases: ["exit"], synopsis: "quit", summary: trNoop("deliver what the sinks hold and exit (also: exit, Ctrl-D)"),
            details: trNoop("Gives every sink up to the flush timeout to deliver what it holds, then exits."), endsSession: true,
            handler: QuitCommand.self
        ),
    ])
}
