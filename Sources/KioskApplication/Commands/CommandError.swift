import KioskCore
import KioskJournal
import KioskMenu

/// Why a command did not do what it was asked: each case carries what the user needs to
/// fix it. Data only: the terminal renders it once, as a person's error, a batch's
/// `line N:` or a `--json` field.
public enum CommandError: Error, Sendable, Equatable {
    case unknownCommand(String, suggestion: String?)
    /// The command's synopsis.
    case usage(String)
    case unexpectedArguments(command: String)
    case unknownSubcommand(String, command: String, suggestion: String?, synopsis: String)
    case notANumber(String, what: String)
    /// Above `Menu.maximumQuantity`.
    case numberTooLarge(String, what: String)
    case numberTooSmall(String, what: String, minimum: Int)
    case unknownItem(String, suggestion: String?)
    case unknownIngredient(String, suggestion: String?)
    /// An order refused for missing stock: nothing was taken. `neededBy` says, for each
    /// missing ingredient, the lines of items with choices that took it and the choice
    /// that did (`Latte (Oat)`), `nil` when only plain lines did; empty for none.
    case refused(missing: [Missing], neededBy: [String?] = [])
    case requirementTooLarge(ingredient: String)
    case totalTooLarge
    /// An order of an item whose size or options have no default: what it must choose
    /// (`a size`, group names) and, for each, what there is.
    case choiceRequired(item: String, choices: [String])
    /// A size the item does not have (given apart, as `kiosk serve` takes it).
    case unknownSize(String, item: String, sizes: [String])
    /// `+NAME` names no option of the item (or the item has none).
    case unknownOption(String, item: String, suggestion: String?)
    /// A group's options taken `taken` times, outside its `minimum...maximum`.
    case choiceOutsideLimits(item: String, group: String, minimum: Int, maximum: Int, taken: Int)
    /// A combo's slot (numbered from 1) given `taken` items, outside its `minimum...maximum`;
    /// `items` are what it offers. None given where one must be is a choice required.
    case comboOutsideLimits(combo: String, slot: Int, minimum: Int, maximum: Int, taken: Int, items: [String])
    /// `+NAME` after a combo's name names none of the items the combo offers.
    case unknownComboItem(String, combo: String, items: [String], suggestion: String?)
    /// An item ordered outside its serving windows, with them (`07:00-11:00`).
    case notServedNow(item: String, windows: String)
    /// `receipt N` for an order the history does not keep (`nil`: none made yet).
    case unknownOrder(UInt64?, kept: Int)
    /// `receipt N` for an order that was refused.
    case orderRefused(UInt64)
    /// `discount NAME` names no `ask` discount of the menu; `known` are those there are.
    case unknownDiscount(String, suggestion: String?, known: [String])
    /// An option taken more times than its `repeat` allows.
    case optionRepeated(item: String, option: String, most: Int)
    case belowZero(ingredient: String, available: Int, requested: Int)
    /// Stock stops at `Menu.maximumQuantity`.
    case aboveMaximum(ingredient: String, current: Int, requested: Int)
    case line(LineProblem)
    /// The menu did not compile; the old one stays.
    case reloadFailed(MenuFailure)
    case unknownHelpTopic(String, suggestion: String?)
    /// No sink by that name reads the journal.
    case unknownSink(String, known: [String])
    /// The journal could not be written, so the command was undone.
    case notSaved(JournalError)
    /// A profile change that cannot be made, or a profile that is not there.
    case profile(ProfileError)
    /// A suggestion that cannot be asked for: an unknown profile, too many answers.
    case suggestion(SuggestionError)
    /// `suggest answers …` with a word that is not y, n or -.
    case notAnAnswer(String)
    case unknownRule(String, suggestion: String?)
    /// `suggest next` before any suggestion.
    case noSuggestionToPage
    /// `suggest next` after the stock, the profiles or the menu changed.
    case suggestionOutdated
    /// A board command on a menu without a `board`.
    case noBoard(command: String)
    /// A move on the board the board refused: no such ticket, or not in the right state.
    case board(BoardError)
    /// `wait` on the wall clock, which only time moves.
    case needsVirtualClock
    /// Not a duration such as `90s`, `2m` or `1h`, or too long.
    case invalidDuration(String)
    /// `pay` on a menu without a `checkout`.
    case noCheckout
    /// `pay` alone when every made order is paid (or none was made).
    case noOpenOrder
    /// `pay` for an order the menu gave no price.
    case orderUnpriced(UInt64)
    /// `pay` for an order nothing is left to pay of.
    case alreadyPaid(UInt64)
    /// Cash short of what is due, not said to be part of a split payment.
    case cashShort(order: UInt64, due: Money, tendered: Money)
    /// Not an amount of money (`12`, `12.50`), or not in the currency's minor unit.
    case invalidAmount(String)
    /// Neither a card number nor `timeout`, `offline` or `cancel`.
    case invalidCard(String)
    /// The reader did not take the card: declined, cancelled or timed out. Its steps are
    /// kept and sent as events all the same. `readerProblem`: why a reader plugin was
    /// offline or silent, when it was.
    case paymentNotTaken(PaymentChanged, readerProblem: String? = nil)
    /// `refund` of an order nothing is left to refund of.
    case notPaid(UInt64)
    /// `refund ORDER line N` of a line the order does not have (it has `lines`).
    case unknownLine(order: UInt64, line: Int, lines: Int)
    /// `refund ORDER line N` of a line refunded before.
    case lineRefunded(order: UInt64, line: Int)
    /// `refund` of more than is left to refund.
    case refundTooLarge(order: UInt64, refundable: Money)
    /// `refund … restock` of an order whose stock already went back: with an earlier refund,
    /// or its ticket's cancel from the queue.
    case alreadyRestocked(UInt64)
    /// `pay` or `void` of a voided order.
    case orderVoided(UInt64)
    /// `void` of an order whose ticket left the queue (`state`): cancel it on the board and
    /// refund it instead.
    case ticketStarted(order: UInt64, ticket: Int, state: TicketState)
    /// `drawer open` while day `day` is open.
    case drawerOpen(day: Int)
    /// A drawer step or `report x|z` with no day open; `lastDay` the last closed (0: none).
    case drawerClosed(lastDay: Int)
    /// `drawer in|out` without why.
    case reasonRequired(command: String)
}

/// A menu that did not compile, kept whole so that whoever shows it can render its
/// diagnostics with their sources.
public struct MenuFailure: Sendable, Equatable {
    public let compilation: MenuCompilation

    public init(_ compilation: MenuCompilation) {
        self.compilation = compilation
    }

    public static func == (lhs: MenuFailure, rhs: MenuFailure) -> Bool {
        lhs.compilation.diagnostics == rhs.compilation.diagnostics && lhs.compilation.unreadable == rhs.compilation.unreadable
            && lhs.compilation.omittedDiagnostics == rhs.compilation.omittedDiagnostics
    }
}
