extension CommandError {
    /// The error's stable name for programs: `--json` writes it as `error.code`. A code is
    /// part of kiosk's interface: once released it never changes meaning, and a new case
    /// takes a new code (docs/COMMANDS.md lists them all; `CommandErrorCodeTests` checks it).
    public var code: String {
        switch self {
        case .unknownCommand: "unknown_command"
        case .usage: "usage"
        case .unexpectedArguments: "unexpected_arguments"
        case .unknownSubcommand: "unknown_subcommand"
        case .notANumber: "invalid_quantity"
        case .numberTooLarge: "quantity_too_large"
        case .numberTooSmall: "quantity_too_small"
        case .unknownItem: "unknown_item"
        case .unknownIngredient: "unknown_ingredient"
        case .refused: "insufficient_stock"
        case .requirementTooLarge: "requirement_too_large"
        case .totalTooLarge: "total_too_large"
        case .choiceRequired: "choice_required"
        case .unknownSize: "unknown_size"
        case .unknownOption: "unknown_option"
        case .choiceOutsideLimits: "choice_outside_limits"
        case .comboOutsideLimits(_, _, let minimum, _, let taken, _): taken == 0 && minimum > 0 ? "choice_required" : "combo_outside_limits"
        case .unknownComboItem: "unknown_combo_item"
        case .unknownDiscount: "unknown_discount"
        case .notServedNow: "not_served_now"
        case .unknownOrder: "unknown_order"
        case .orderRefused: "order_refused"
        case .optionRepeated: "option_repeated"
        case .belowZero: "below_zero"
        case .aboveMaximum: "above_maximum"
        case .line(.tooLong): "line_too_long"
        case .line(.invalidUTF8): "invalid_utf8"
        case .reloadFailed: "reload_failed"
        case .unknownHelpTopic: "unknown_help_topic"
        case .unknownSink: "unknown_sink"
        case .notSaved: "io_error"
        case .profile: "invalid_profile"
        case .suggestion(.unknownProfile): "unknown_profile"
        case .suggestion: "invalid_suggestion"
        case .notAnAnswer: "not_an_answer"
        case .unknownRule: "unknown_rule"
        case .noSuggestionToPage: "no_suggestion"
        case .suggestionOutdated: "suggestion_outdated"
        case .noBoard, .board(.noBoard): "no_board"
        case .board(.unknownTicket): "unknown_ticket"
        case .board: "wrong_ticket_state"
        case .needsVirtualClock: "needs_virtual_clock"
        case .invalidDuration: "invalid_duration"
        case .noCheckout: "no_checkout"
        case .noOpenOrder: "no_open_order"
        case .orderUnpriced: "order_unpriced"
        case .alreadyPaid: "already_paid"
        case .cashShort: "cash_short"
        case .invalidAmount: "invalid_amount"
        case .invalidCard: "invalid_card"
        case .paymentNotTaken(let payment, _):
            switch payment.status {
            case .declined: "card_declined"
            case .canceled: "payment_canceled"
            default: "reader_timed_out"
            }
        case .notPaid: "not_paid"
        case .refundTooLarge: "refund_too_large"
        case .unknownLine: "unknown_line"
        case .lineRefunded: "line_refunded"
        case .alreadyRestocked: "already_restocked"
        case .orderVoided: "order_voided"
        case .ticketStarted: "ticket_started"
        case .drawerOpen: "drawer_open"
        case .drawerClosed: "drawer_closed"
        case .reasonRequired: "reason_required"
        }
    }

    /// Every code `code` can give, in the order of the cases.
    public static let codes = [
        "unknown_command", "usage", "unexpected_arguments", "unknown_subcommand", "invalid_quantity", "quantity_too_large",
        "quantity_too_small", "unknown_item", "unknown_ingredient", "insufficient_stock", "requirement_too_large", "total_too_large", "choice_required",
        "unknown_size", "unknown_option", "choice_outside_limits", "combo_outside_limits", "unknown_combo_item", "unknown_discount",
        "not_served_now", "unknown_order", "order_refused", "option_repeated",
        "below_zero", "above_maximum", "line_too_long", "invalid_utf8", "reload_failed", "unknown_help_topic", "unknown_sink", "io_error",
        "invalid_profile", "unknown_profile", "invalid_suggestion", "not_an_answer", "unknown_rule", "no_suggestion", "suggestion_outdated",
        "no_board", "unknown_ticket", "wrong_ticket_state", "needs_virtual_clock", "invalid_duration",
        "no_checkout", "no_open_order", "order_unpriced", "already_paid", "cash_short", "invalid_amount", "invalid_card",
        "card_declined", "payment_canceled", "reader_timed_out", "not_paid", "refund_too_large", "unknown_line", "line_refunded", "already_restocked",
        "order_voided", "ticket_started",
        "drawer_open", "drawer_closed", "reason_required",
    ]
}
