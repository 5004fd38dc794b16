import KioskApplication
import KioskCore
import KioskSinks
import KioskSystem
import KioskText

/// The REPL at a terminal: a prompt, results and errors as they come, and the restock
/// flow after a refused order.
public final class InteractiveRunner: SessionRunner {
    public static let prompt = "kiosk> "

    /// A line typed where a question was asked that was no answer to it: it declined the
    /// question and runs as the next command, so a pasted block loses no line.
    private var pendingLine: String?

    public func run() {
        var menuVersion = session.menuVersion
        var profileNames = session.kiosk.profiles.all.map(\.name)
        let menu = session.kiosk.menu
        output.write(InteractiveRunner.banner(menu))
        var completer = Completer(menu: menu, table: session.commands, profiles: profileNames, language: Localization.language)
        reader.complete(with: completer)
        reader.whileWaiting { [unowned self] in tickWhileIdle() }
        while true {
            settle()
            let names = session.kiosk.profiles.all.map(\.name)
            if session.menuVersion != menuVersion || names != profileNames {
                // `reload`, or a SIGHUP, swapped the menu, or profiles came or went: complete
                // the names there are now.
                menuVersion = session.menuVersion
                profileNames = names
                completer = Completer(menu: session.kiosk.menu, table: session.commands, profiles: names, language: Localization.language)
                reader.complete(with: completer)
            }
            if session.kiosk.board != nil {
                // The board's commands complete the numbers of the tickets they apply to.
                completer.tickets = Completer.tickets(of: session.kiosk.board)
                reader.complete(with: completer)
            }
            if let line = pendingLine {
                pendingLine = nil
                guard handle(line) else { return }
                continue
            }
            switch reader.readLine(prompt: InteractiveRunner.prompt) {
            case .end:
                output.write("\n")
                return
            case .rejected(let problem):
                showError(.line(problem), command: nil)
            case .line(let text):
                guard handle(text) else { return }
            }
        }
    }

    /// `쥬스 메이커 — 7 items, 5 ingredients. Type 'help' …`: the first line of a session.
    public static func banner(_ menu: Menu) -> String {
        let items = trn("{count} item", "{count} items", menu.items.count, ["count": menu.items.count])
        let ingredients = trn("{count} ingredient", "{count} ingredients", menu.ingredients.count, ["count": menu.ingredients.count])
        return tr("{kiosk} — {items}, {ingredients}. Type 'help' for the commands, Ctrl-D to quit.", [
            "kiosk": TerminalText.visible(menu.name), "items": items, "ingredients": ingredients,
        ]) + "\n"
    }

    /// Runs what a person typed; `false` when it ends the session.
    private func handle(_ text: String) -> Bool {
        if let problem = reader.remember(text) {
            output.flush()
            errors.write("kiosk: \(resultText.errors.message(problem))\n")
        }
        if let reload = session.reloadIfHungUp() {
            var shown = reload
            if let failure = session.commit() { shown = CommandResult(command: reload.command, error: failure) }
            show(shown)
        }
        let command: Command
        do {
            guard let parsed = try CommandParser.parse(text, table: session.commands) else { return true }
            command = parsed
        } catch {
            showError(error, command: CommandParser.commandName(of: text, table: session.commands))
            return true
        }
        if command.entry.endsSession { return false }
        switch command.arguments.conversation {
        case .askRestockAmounts:
            walkRestock(RestockCommand.suggestions(in: session), ifNone: tr("Nothing needs restocking."))
        case .offerRestockWhenRefused:
            guard let chosen = askChoices(for: command) else { return true }
            let result = run(chosen)
            if case .refused? = result.error { offerRestock(retrying: chosen) }
        case .askQuestions:
            let asked = askQuestions()
            if let arguments = command.arguments as? SuggestCommand.Arguments {
                run(Command(entry: command.entry, arguments: arguments.answering(asked.answers)))
            } else {
                run(command)
            }
            if let next = asked.nextLine { return handle(next) }
        case .none:
            run(command)
        }
        return true
    }

    // MARK: The questions of `suggest`

    /// The answers a person gave, and the line that ended the questions early, if one did.
    private struct Asked {
        var answers: [Answer] = []
        var nextLine: String?
    }

    /// Asks the menu's questions one at a time. An empty line skips a question; a line that
    /// is no answer — a command typed or pasted — ends the questions and runs next; Ctrl-D
    /// ends them. Unasked questions count as skipped.
    private func askQuestions() -> Asked {
        var asked = Asked()
        let view = SuggestionView()
        for question in session.kiosk.menu.questions {
            settle()
            guard case .line(let line) = reader.readLine(prompt: view.prompt(for: question)) else {
                output.write("\n")
                break
            }
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty {
                asked.answers.append(.skip)
            } else if let answer = Answer(word: trimmed) {
                asked.answers.append(answer)
            } else {
                asked.nextLine = line
                break
            }
        }
        return asked
    }

    /// Runs a command and shows its events, result or error.
    @discardableResult
    private func run(_ command: Command) -> CommandResult {
        let result = session.run(command)
        show(result)
        return result
    }

    private func show(_ result: CommandResult) {
        if options.json {
            output.write(bytes: ResultJSON.object(for: result) + [UInt8(ascii: "\n")])
        } else if let error = result.error {
            showError(error, command: result.command.name)
        } else if !options.quiet {
            output.write { resultText.write(result, into: &$0) }
        }
    }

    // MARK: Choices an order leaves open

    /// An order with each choice its lines leave open asked for, one at a time — `Latte —
    /// size (small, large):` — and put in the line as if typed; `nil` when the person stops
    /// (an empty answer or Ctrl-D). A command other than an order is as it was.
    private func askChoices(for command: Command) -> Command? {
        guard var arguments = command.arguments as? OrderCommand.Arguments else { return command }
        // Each answer settles one choice, or is refused by the order when it runs.
        for _ in 0..<32 {
            guard let open = OrderCommand.openChoice(in: arguments, menu: session.kiosk.menu) else { break }
            let question = open.group.map { group in
                tr("{item} — {group}, choose {limits} ({options}): ", [
                    "item": TerminalText.visible(open.item), "group": TerminalText.visible(group), "limits": open.limits,
                    "options": open.options.map(TerminalText.visible).joined(separator: ", "),
                ])
            } ?? tr("{item} — size ({sizes}): ", ["item": TerminalText.visible(open.item), "sizes": open.options.map(TerminalText.visible).joined(separator: ", ")])
            settle()
            guard case .line(let answer) = reader.readLine(prompt: question) else {
                output.write("\n")
                return nil
            }
            let trimmed = answer.trimmingWhitespace()
            guard !trimmed.isEmpty else { return nil }
            arguments = OrderCommand.answering(open, with: trimmed, in: arguments)
        }
        return Command(entry: command.entry, arguments: arguments)
    }

    // MARK: The restock flow

    /// After a refused order: offer to restock what was short, then to retry the order.
    private func offerRestock(retrying command: Command) {
        guard ask(tr("Restock now? [y/N] "), defaultAnswer: false) else { return }
        guard walkRestock(RestockCommand.shortfalls(in: session), ifNone: nil) else { return }
        if ask(tr("Retry the order? [Y/n] "), defaultAnswer: true) {
            run(command)
        }
    }

    /// Asks an amount for each suggestion and restocks it. `false` if the person stopped.
    @discardableResult
    private func walkRestock(_ suggestions: [RestockSuggestion], ifNone: String?) -> Bool {
        if suggestions.isEmpty, let ifNone {
            output.write(ifNone + "\n")
        }
        for suggestion in suggestions {
            let question = tr("{ingredient} ({count} in stock): add how many? [{amount}] ", [
                "ingredient": TerminalText.visible(suggestion.ingredient), "count": suggestion.count, "amount": suggestion.amount,
            ])
            guard let amount = askAmount(question, defaultAmount: suggestion.amount) else { return false }
            if amount > 0, let restock = RestockCommand.command(suggestion.ingredient, amount: amount, in: session) {
                run(restock)
            }
        }
        return true
    }

    /// A yes/no question; an empty answer takes the default, Ctrl-D says no. A line that
    /// is no answer (`y`, `yes`, `n`, `no`, or the Korean words `Answer` reads) says no and
    /// is kept to run as the next command.
    private func ask(_ question: String, defaultAnswer: Bool) -> Bool {
        settle()
        guard case .line(let answer) = reader.readLine(prompt: question) else { return false }
        let trimmed = answer.trimmingWhitespace()
        if trimmed.isEmpty { return defaultAnswer }
        switch Answer(word: trimmed) {
        case .yes?: return true
        case .no?: return false
        case .skip?, nil:
            pendingLine = answer
            return false
        }
    }

    /// An amount to add; an empty answer takes the default, Ctrl-D stops.
    private func askAmount(_ question: String, defaultAmount: Int) -> Int? {
        while true {
            settle()
            guard case .line(let answer) = reader.readLine(prompt: question) else { return nil }
            let trimmed = answer.trimmingWhitespace()
            if trimmed.isEmpty { return defaultAmount }
            guard CommandParser.isNumeral(trimmed) else {
                // Not an amount: a command typed or pasted here stops the walk and runs.
                pendingLine = answer
                return nil
            }
            do {
                return try CommandParser.number(trimmed, what: "amount", minimum: 0)
            } catch {
                showError(error, command: "restock")
            }
        }
    }

    // MARK: The board's clock

    /// At the prompt, on the wall clock: journals and shows what the kiosk did by itself
    /// (the board's auto moves and late marks, holds that ended) when it is due, above the
    /// prompt. `true` when it wrote.
    private func tickWhileIdle() -> Bool {
        guard !session.time.isVirtual, let due = session.kiosk.nextScheduledChange, due <= session.time.now() else { return false }
        output.write("\r\u{1B}[K")
        let ticked = session.tick()
        if let error = ticked.error { showError(error, command: nil) }
        settle()
        return true
    }

    // MARK: Output

    /// An error on standard error; with `--json`, as the command's object on standard output.
    private func showError(_ error: CommandError, command: String?) {
        if options.json {
            output.write(bytes: ResultJSON.object(for: nil, command: command, error: error) + [UInt8(ascii: "\n")])
            output.flush()
            return
        }
        output.flush()
        let word = tr("error:")
        let label = options.colors ? "\u{1B}[1;31m" + word + "\u{1B}[0m" : word
        errors.write("\(label) \(resultText.message(for: error))\n")
        errors.flush()
    }

    /// Delivers the console's events and writes everything out before the next prompt.
    private func settle() {
        output.flush()
        errors.flush()
    }
}
