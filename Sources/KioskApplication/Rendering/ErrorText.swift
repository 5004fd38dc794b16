import KioskCore
import KioskMenu
import KioskText

/// A command's error in words: the one place its text is made. A person sees it after
/// `error:`, a batch after `line N:`, a program in the `error` field of `--json` and in
/// the `detail` of an HTTP problem.
///
/// Names from the menu or the command line are made visible (`TerminalText`) and cut to a
/// readable length, so an error never carries an escape sequence to the terminal.
public struct ErrorText: Sendable {
    /// Renders the diagnostics of a menu that did not reload.
    public var diagnostics: DiagnosticRenderer

    public init(diagnostics: DiagnosticRenderer = DiagnosticRenderer()) {
        self.diagnostics = diagnostics
    }

    public func message(_ error: CommandError) -> String {
        // A menu's diagnostics are made visible as they are laid out, and may be coloured.
        if case .reloadFailed(let failure) = error { return tr("reload failed; the menu was not changed:") + "\n" + menuProblems(failure.compilation) }
        // Every other message as a whole: ingredient and station names, the core's and the
        // journal's messages, paths quoted in them all come from outside.
        return TerminalText.visibleLines(words(error))
    }

    private func words(_ error: CommandError) -> String {
        switch error {
        case .unknownCommand(let word, let suggestion):
            suggestion.map { tr("unknown command '{word}' (did you mean '{suggestion}'?)", ["word": shown(word), "suggestion": $0]) }
                ?? tr("unknown command '{word}'; type 'help' for the commands", ["word": shown(word)])
        case .usage(let synopsis): tr("usage: {synopsis}", ["synopsis": synopsis])
        case .unexpectedArguments(let command): tr("'{command}' takes no arguments", ["command": command])
        case .unknownSubcommand(let word, let command, let suggestion, let synopsis):
            suggestion.map {
                tr("unknown {command} command '{word}' (did you mean '{suggestion}'?); usage: {synopsis}", [
                    "command": command, "word": shown(word), "suggestion": $0, "synopsis": synopsis,
                ])
            } ?? tr("unknown {command} command '{word}'; usage: {synopsis}", ["command": command, "word": shown(word), "synopsis": synopsis])
        case .notANumber(let text, let what): tr("{what} '{text}' is not a whole number", ["what": ErrorText.number(what), "text": shown(text)])
        case .numberTooLarge(let text, let what):
            tr("{what} {text} is too large (the most is {most})", ["what": ErrorText.number(what), "text": shown(text), "most": grouped(Menu.maximumQuantity)])
        case .numberTooSmall(let text, let what, let minimum):
            tr("{what} must be at least {minimum} (got {text})", ["what": ErrorText.number(what), "minimum": minimum, "text": shown(text)])
        case .unknownItem(let name, let suggestion):
            suggestion.map { tr("unknown item '{name}' (did you mean '{suggestion}'?)", ["name": shown(name), "suggestion": $0]) }
                ?? tr("unknown item '{name}'; type 'menu' for the items", ["name": shown(name)])
        case .unknownIngredient(let name, let suggestion):
            suggestion.map { tr("unknown ingredient '{name}' (did you mean '{suggestion}'?)", ["name": shown(name), "suggestion": $0]) }
                ?? tr("unknown ingredient '{name}'; type 'stock' for the ingredients", ["name": shown(name)])
        case .refused(let missing, let neededBy):
            tr("order refused: not enough {missing}", [
                "missing": missing.enumerated().map { index, entry in
                    let shortage = tr("{ingredient} (needed {needed}, available {available})", [
                        "ingredient": entry.ingredient, "needed": grouped(entry.needed), "available": grouped(entry.available),
                    ])
                    guard index < neededBy.count, let lines = neededBy[index] else { return shortage }
                    return tr("{shortage} for {lines}", ["shortage": shortage, "lines": lines])
                }.joined(separator: ", "),
            ])
        case .requirementTooLarge(let ingredient): tr("order refused: it needs more {ingredient} than any stock can hold", ["ingredient": ingredient])
        case .totalTooLarge: tr("order refused: its price, or the sales total with it, is too large to keep")
        case .choiceRequired(let item, let choices):
            tr("order refused: {item} needs a choice of {choices}", ["item": item, "choices": choices.joined(separator: "; ")])
        case .unknownSize(let name, let item, let sizes):
            sizes.isEmpty
                ? tr("{item} has no sizes (got '{name}')", ["item": item, "name": shown(name)])
                : tr("{item} has no size '{name}'; its sizes are {sizes}", ["item": item, "name": shown(name), "sizes": sizes.joined(separator: ", ")])
        case .unknownOption(let name, let item, let suggestion):
            if name.isEmpty {
                tr("{item} has no such choice; 'menu' lists its sizes and options", ["item": item])
            } else {
                suggestion.map { tr("{item} has no option '{name}' (did you mean '{suggestion}'?)", ["item": item, "name": shown(name), "suggestion": $0]) }
                    ?? tr("{item} has no option '{name}'; 'menu' lists its sizes and options", ["item": item, "name": shown(name)])
            }
        case .choiceOutsideLimits(let item, let group, let minimum, let maximum, let taken):
            tr("order refused: {item} takes {limits} from {group}, and the order chose {taken}", [
                "item": item, "limits": OptionGroup.limitsText(minimum, maximum), "group": group, "taken": taken,
            ])
        case .comboOutsideLimits(let combo, let slot, let minimum, let maximum, let taken, let items):
            taken == 0 && minimum > 0
                ? tr("order refused: {combo} needs choice {slot}: {limits} of {items}", [
                    "combo": combo, "slot": slot, "limits": OptionGroup.limitsText(minimum, maximum), "items": items.joined(separator: ", "),
                ])
                : tr("order refused: {combo} takes {limits} of {items} for choice {slot}, and the order chose {taken}", [
                    "combo": combo, "limits": OptionGroup.limitsText(minimum, maximum), "items": items.joined(separator: ", "), "slot": slot, "taken": taken,
                ])
        case .unknownComboItem(let name, let combo, let items, let suggestion):
            suggestion.map {
                tr("{combo} has no '{name}' (did you mean '{suggestion}'?); it offers {items}", [
                    "combo": combo, "name": shown(name), "suggestion": $0, "items": items.joined(separator: ", "),
                ])
            } ?? tr("{combo} has no '{name}'; it offers {items}", ["combo": combo, "name": shown(name), "items": items.joined(separator: ", ")])
        case .notServedNow(let item, let windows): tr("order refused: {item} is served {windows}", ["item": item, "windows": windows])
        case .unknownOrder(let sequence, let kept):
            sequence.map { tr("no order {order} in the history, which keeps the last {kept}", ["order": String($0), "kept": grouped(kept)]) }
                ?? tr("no order has been made yet")
        case .orderRefused(let sequence): tr("order {order} was refused: it has no receipt", ["order": String(sequence)])
        case .unknownDiscount(let name, let suggestion, let known):
            if let suggestion {
                tr("order refused: no discount '{name}' to ask for (did you mean '{suggestion}'?)", ["name": shown(name), "suggestion": suggestion])
            } else if known.isEmpty {
                tr("order refused: no discount '{name}' to ask for; the menu has none", ["name": shown(name)])
            } else {
                tr("order refused: no discount '{name}' to ask for; there are {discounts}", ["name": shown(name), "discounts": known.joined(separator: ", ")])
            }
        case .optionRepeated(let item, let option, let most):
            trn("order refused: {item} takes {option} at most {most} time", "order refused: {item} takes {option} at most {most} times", most, [
                "item": item, "option": option, "most": most,
            ])
        case .belowZero(let ingredient, let available, let requested):
            tr("cannot remove {requested} {ingredient}: only {available} in stock", [
                "requested": grouped(requested), "ingredient": ingredient, "available": grouped(available),
            ])
        case .aboveMaximum(let ingredient, let current, let requested):
            tr("cannot add {requested} {ingredient}: it has {current} and stock stops at {most}", [
                "requested": grouped(requested), "ingredient": ingredient, "current": grouped(current), "most": grouped(Menu.maximumQuantity),
            ])
        case .line(.tooLong(let bytes, let limit)): tr("line is too long ({bytes} bytes; the most is {limit})", ["bytes": grouped(bytes), "limit": grouped(limit)])
        case .line(.invalidUTF8): tr("line is not valid UTF-8")
        case .reloadFailed: tr("reload failed; the menu was not changed")
        case .unknownHelpTopic(let topic, let suggestion):
            suggestion.map { tr("no help for '{topic}' (did you mean '{suggestion}'?)", ["topic": shown(topic), "suggestion": $0]) }
                ?? tr("no help for '{topic}'; type 'help' for the commands", ["topic": shown(topic)])
        case .unknownSink(let name, let known):
            known.isEmpty
                ? tr("no sink '{name}'; no sink reads the journal", ["name": shown(name)])
                : tr("no sink '{name}'; the sinks are: {sinks}", ["name": shown(name), "sinks": known.map { "'\(shown($0))'" }.joined(separator: ", ")])
        case .notSaved(let error): tr("the journal could not be written ({reason}); the command was undone", ["reason": error.message])
        case .profile(let error): shown(error.message, limit: 200)
        case .suggestion(let error): shown(error.message, limit: 200)
        case .notAnAnswer(let word): tr("'{word}' is not an answer: give y, n or - (yes, no, skip) for each question, in order", ["word": shown(word)])
        case .unknownRule(let word, let suggestion):
            (suggestion.map { tr("unknown rule '{word}' (did you mean '{suggestion}'?)", ["word": shown(word), "suggestion": $0]) }
                ?? tr("unknown rule '{word}'", ["word": shown(word)]))
                + tr("; the rules are {rules}", ["rules": GroupRule.allCases.map(\.rawValue).joined(separator: ", ")])
        case .noSuggestionToPage: tr("no suggestion to show more of; 'suggest' first")
        case .suggestionOutdated: tr("the stock, the profiles or the menu changed since the last suggestion; 'suggest' again")
        case .noBoard(let command): tr("this menu has no board: '{command}' needs a 'board' statement in the menu", ["command": command])
        case .board(let error): error.message
        case .needsVirtualClock: tr("'wait' needs the virtual clock: start kiosk with --clock virtual; the wall clock moves by itself")
        case .invalidDuration(let text):
            tr("'{text}' is not a duration such as 90s, 2m or 1h (at most {hours} hours)", ["text": shown(text), "hours": WaitCommand.maximumHours])
        case .noCheckout: tr("this menu takes no payments: 'pay' needs a 'checkout' statement in the menu")
        case .noOpenOrder: tr("no order is waiting to be paid; give the order's number (see 'history')")
        case .orderUnpriced(let order): tr("order {order} has no price: the menu gives its items none", ["order": String(order)])
        case .alreadyPaid(let order): tr("order {order} is already paid", ["order": String(order)])
        case .cashShort(let order, let due, let tendered):
            tr("{tendered} does not cover order {order}: {due} is due, {missing} is missing; add 'split' to take it as part of the payment", [
                "tendered": tendered.grouped, "order": String(order), "due": due.grouped,
                "missing": Money(hundredths: due.hundredths &- tendered.hundredths).grouped,
            ])
        case .invalidAmount(let text):
            tr("'{text}' is not an amount of money such as 12 or 12.50 in the menu's currency", ["text": shown(text)])
        case .invalidCard(let text):
            tr("'{text}' is not a card: give a card number such as 4242424242424242, or timeout, offline or cancel", ["text": shown(text)])
        case .paymentNotTaken(let payment, let problem?) where payment.status == .timedOut:
            message(.paymentNotTaken(payment)) + " — " + shown(problem, limit: 400)
        case .paymentNotTaken(let payment, _):
            switch payment.status {
            case .declined:
                tr("order {order}: the card was declined ({reason}); {due} is still due", [
                    "order": String(payment.order), "reason": payment.reason ?? "", "due": payment.due.grouped,
                ])
            case .canceled:
                tr("order {order}: the card payment was cancelled on the reader; {due} is still due", ["order": String(payment.order), "due": payment.due.grouped])
            default:
                payment.reason == "offline"
                    ? tr("order {order}: the card reader is offline; {due} is still due", ["order": String(payment.order), "due": payment.due.grouped])
                    : tr("order {order}: the card reader did not answer in time; {due} is still due", ["order": String(payment.order), "due": payment.due.grouped])
            }
        case .notPaid(let order): tr("order {order} has nothing to refund: no payment of it is left", ["order": String(order)])
        case .unknownLine(let order, let line, let lines):
            tr("order {order} has no line {line}: its lines are 1 to {lines}, as its receipt numbers them", [
                "order": String(order), "line": String(line), "lines": String(lines),
            ])
        case .lineRefunded(let order, let line):
            tr("line {line} of order {order} was refunded already; refund an amount instead", ["order": String(order), "line": String(line)])
        case .refundTooLarge(let order, let refundable):
            tr("order {order} has {refundable} left to refund; give at most that", ["order": String(order), "refundable": refundable.grouped])
        case .alreadyRestocked(let order): tr("order {order}'s stock already went back, with an earlier refund or its ticket's cancel; refund without 'restock'", ["order": String(order)])
        case .orderVoided(let order): tr("order {order} was voided: it takes no payment and cannot be voided again", ["order": String(order)])
        case .ticketStarted(let order, let ticket, let state):
            tr("order {order} cannot be voided: its ticket {ticket} is {state}; a void comes before the ticket starts — refund it instead", [
                "order": String(order), "ticket": ticket, "state": BoardError.words(state),
            ])
        case .drawerOpen(let day): tr("the drawer's day {day} is open: close it with 'report z' before opening the next", ["day": day])
        case .drawerClosed(let lastDay):
            lastDay == 0
                ? tr("the drawer is not open: 'drawer open AMOUNT' starts its day with a float")
                : tr("the drawer is not open: day {day} was closed by its Z report; 'drawer open AMOUNT' starts the next", ["day": lastDay])
        case .reasonRequired(let command): tr("'{command}' needs a reason after the amount, such as: {command} 20 change for the till", ["command": command])
        }
    }

    /// The name of a number in an error (`amount`, `quantity`), in the operator's language.
    /// The commands name their numbers in English, as `--json` reports them.
    static func number(_ what: String) -> String {
        switch what {
        case "amount": tr("amount")
        case "quantity": tr("quantity")
        case "ticket": tr("ticket")
        case "score": tr("score")
        case "limit": tr("limit")
        case "count": tr("count")
        case "after": tr("after")
        case "line": tr("line")
        default: what
        }
    }

    /// Why a menu did not compile: the file that cannot be read, or every diagnostic.
    public func menuProblems(_ compilation: MenuCompilation) -> String {
        if let unreadable = compilation.unreadable {
            return tr("cannot read '{path}': {reason}", ["path": TerminalText.visible(unreadable.path), "reason": unreadable.reason]) + "\n"
        }
        return compilation.render(with: diagnostics)
    }

    private func shown(_ text: String) -> String {
        TerminalText.shortened(TerminalText.visible(text), longerThan: 60, keeping: 57)
    }

    /// A message the core made with names in it: visible, and cut only when very long.
    private func shown(_ text: String, limit: Int) -> String {
        TerminalText.shortened(TerminalText.visible(text), longerThan: limit, keeping: limit - 3)
    }

    private func grouped(_ value: Int) -> String {
        value.grouped
    }
}
