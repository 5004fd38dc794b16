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

    /// The entry a name or alias reaches.
    public func entry(named name: String) -> CommandEntry? {
        entries.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name that reaches a command, aliases included, in table order.
    public var names: [String] { entries.flatMap(\.names) }

    /// A table with `entries` added: for a kiosk that brings commands of its own.
    public func adding(_ more: [CommandEntry]) -> CommandTable {
        CommandTable(entries + more)
    }

    /// kiosk's commands.
    public static let standard = CommandTable([
        CommandEntry(
            "menu", synopsis: "menu", summary: "items with price, recipe and how many can be made now",
            details: "Lists every item: its price (if the menu gives prices), what it needs, and how many of it the stock can make now.",
            handler: MenuCommand.self
        ),
        CommandEntry(
            "order", synopsis: "order ITEM [QTY] [, ITEM [QTY]]…", summary: "one order of one or more items, made whole or not at all",
            details: """
            Orders items by name, alias or slug, in any case. Several lines make one order: every ingredient
            of every line is checked before any is taken, so the order is made whole or refused whole.
              order mango juice
              order strawberry-banana-juice 2, kiwi juice
            A refused order says what is missing. At a terminal, kiosk then offers to restock and retry.
            """,
            completion: .items, handler: OrderCommand.self
        ),
        CommandEntry(
            "stock", synopsis: "stock [add|remove|set INGREDIENT N]", summary: "ingredients with count, low mark and unit; or edit one",
            details: """
            Alone, lists every ingredient with its count, low mark and unit, flagging what is low or out.
              stock add mango 5       adds 5
              stock remove mango 2    takes 2 away (never below 0)
              stock set mango 10      sets the count
            """,
            completion: .subcommands([.init("add", then: .ingredients), .init("remove", then: .ingredients), .init("set", then: .ingredients)]),
            handler: StockCommand.self
        ),
        CommandEntry(
            "restock", synopsis: "restock [INGREDIENT N]", summary: "add stock; alone, walk every low or short ingredient",
            details: """
            With an ingredient and a number, adds like 'stock add'. Alone, walks every ingredient that is low
            or was short for the last refused order and asks how many to add (the default tops it up to its
            starting stock, or covers the shortfall). Without a terminal it adds the defaults without asking.
            """,
            completion: .ingredients, handler: RestockCommand.self
        ),
        CommandEntry(
            "sinks", synopsis: "sinks [failed|retry [SINK]]", summary: "each sink: target, delivered, waiting, retrying, failed",
            details: """
            Shows every sink with its counters and last error; secrets from ${…} stay masked. Events wait in the
            journal until their sink has them; WAITING is how many a sink has yet to deliver.
              sinks failed [SINK]   the events a sink gave up on (a 4xx, retries used up)
              sinks retry [SINK]    sends them again, with their original ids
            SINK is a sink's name as 'sinks' shows it, or its kind when only one sink is of that kind.
            """,
            completion: .subcommands([.init("failed"), .init("retry")]), handler: SinksCommand.self
        ),
        CommandEntry(
            "reload", synopsis: "reload", summary: "re-read the menu files, keeping the stock",
            details: """
            Re-reads the menu and its includes. On success the new menu takes over and every ingredient it
            shares with the old one keeps its stock. On error the old menu stays and the errors are printed.
            """,
            handler: ReloadCommand.self
        ),
        CommandEntry(
            "history", synopsis: "history [N]", summary: "the last N orders (10) with time, lines and result",
            details: "Shows the last N orders, made or refused, newest last.", handler: HistoryCommand.self
        ),
        CommandEntry(
            "report", synopsis: "report", summary: "sales per item, revenue, refused orders, ingredients used",
            details: "Totals since the kiosk started (or since the state file began).", handler: ReportCommand.self
        ),
        CommandEntry(
            "suggest", synopsis: "suggest [for NAMES] [answers y,n,-] [rule R]",
            summary: "what to have, from what can be made now, profiles and the menu's questions",
            details: """
            Scores every item the stock can make now — for a group, as many times as it has members — and
            shows the best, with the answers each fits and, for a group, whom it pleases least. Anything a
            member avoids vetoes an item for all; someone who avoids an allergen is not offered an item whose
            allergens the menu does not declare, unless 'lenient' (then it is marked).
              suggest                               at a terminal, asks the menu's questions first
              suggest answers y,n,-                 the answers in question order (y, n, - to skip)
              suggest for ana, ben rule least-misery
              suggest for ana lenient               also items whose allergens are not declared, marked
              suggest next                          the next page, as often as the menu allows
            The rules are average, least-misery and average-without-misery (the menu's is the default).
            Any change to the state (an order, a restock, a profile) ends the paging: 'suggest' again.
            """,
            completion: .clauses([
                .init("for", then: .profiles), .init("answers"), .init("rule", then: .rules), .init("lenient"), .init("next"),
            ]),
            handler: SuggestCommand.self
        ),
        CommandEntry(
            "profile", synopsis: "profile [NAME [avoid|like|dislike|rate …]]",
            summary: "the tastes 'suggest' reads: list, show, change or remove a profile",
            details: """
            Alone, lists every profile; with a name, shows one. Names are one word, in any case and any script.
              profile ana avoid milk, nuts dislike "Kiwi Juice" like mango
              profile ana rate "Mango Juice" 8      a score from 1 to 10 replaces the neutral 5
              profile ana unavoid milk              forget undoes a like, a dislike or a rating
              profile ana remove
            Avoiding an allergen, an ingredient, a tag or an item vetoes every item that has it. Liking an
            item rates it 10, disliking it 1; liking a tag or an ingredient adds 1 to every item with it,
            disliking takes 1. A change to a new name makes the profile. Profiles are kept in the state.
            """,
            completion: .profile(then: .clauses(
                ["avoid", "unavoid", "like", "dislike", "forget"].map { .init($0, then: .subjects) }
                    + [.init("rate", then: .items), .init("remove")]
            )),
            handler: ProfileCommand.self
        ),
        CommandEntry(
            "board", synopsis: "board [public|all-day]", summary: "the order board: queued, preparing and ready tickets",
            details: """
            Three columns, QUEUED | PREPARING | READY, with their counts; each ticket with its number, age,
            stations and items. A ticket in the kitchen past the board's warn age is marked warn, past its
            late age LATE (in colour on a terminal).
              board public    what a customer screen shows: the numbers preparing and ready
              board all-day   per item, how many are in queued and preparing tickets
            Only for a menu with a 'board' statement.
            """,
            completion: .subcommands([.init("public"), .init("all-day")]), handler: ShowBoardCommand.self
        ),
        CommandEntry(
            "start", synopsis: "start [N]", summary: "start preparing ticket N (or the oldest queued)",
            details: "Moves ticket N from queued to preparing; alone, the oldest queued ticket.",
            completion: .tickets([.queued]), handler: StartCommand.self
        ),
        CommandEntry(
            "ready", synopsis: "ready [N]", summary: "ticket N (or the oldest preparing) is ready",
            details: "Moves ticket N from preparing to ready; alone, the oldest preparing ticket.",
            completion: .tickets([.preparing]), handler: ReadyCommand.self
        ),
        CommandEntry(
            "pickup", synopsis: "pickup [N]", summary: "ticket N (or the oldest ready) was picked up",
            details: "Moves ticket N from ready to picked up; alone, the oldest ready ticket.",
            completion: .tickets([.ready]), handler: PickupCommand.self
        ),
        CommandEntry(
            "bump", synopsis: "bump [N]", summary: "move ticket N (or the oldest in the kitchen) one state on",
            details: """
            Moves ticket N to its next state, whatever it is: queued to preparing, preparing to ready, ready to
            picked up. Alone, the oldest ticket queued or preparing.
            """,
            completion: .tickets([.queued, .preparing, .ready]), handler: BumpCommand.self
        ),
        CommandEntry(
            "recall", synopsis: "recall [N]", summary: "bring the last picked-up ticket (or N) back to ready",
            details: "Brings a picked-up ticket back to ready: alone the last one picked up; N may be any of the last 20.",
            completion: .tickets([.pickedUp]), handler: RecallCommand.self
        ),
        CommandEntry(
            "cancel", synopsis: "cancel N", summary: "cancel ticket N and reverse its sale",
            details: """
            Takes ticket N off the board and reverses its sale. A queued ticket's ingredients go back to stock;
            a preparing or ready one's are counted as waste ('report'). A picked-up ticket cannot be cancelled.
            """,
            completion: .tickets([.queued, .preparing, .ready]), handler: CancelCommand.self
        ),
        CommandEntry(
            "wait", synopsis: "wait DURATION", summary: "move the virtual clock on (90s, 2m, 1h)",
            details: """
            With --clock virtual, time stands still except for 'wait', which moves it on by DURATION and fires
            every change the board had scheduled by then (auto start and ready, warn, late) in time order, each
            at its own time. On the wall clock it is an error.
            """,
            handler: WaitCommand.self
        ),
        CommandEntry(
            "help", synopsis: "help [COMMAND]", summary: "these commands, or one in detail",
            details: "Shows every command, or one command in detail.", completion: .commands, handler: HelpCommand.self
        ),
        CommandEntry(
            "quit", aliases: ["exit"], synopsis: "quit", summary: "deliver what the sinks hold and exit (also: exit, Ctrl-D)",
            details: "Gives every sink up to the flush timeout to deliver what it holds, then exits.", endsSession: true,
            handler: QuitCommand.self
        ),
    ])
}
