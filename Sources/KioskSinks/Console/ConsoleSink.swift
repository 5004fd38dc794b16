import KioskCore
import KioskMenu
import KioskSystem
import KioskText

/// Prints each event's message, one line each, on standard output.
///
/// A foreground sink: the session delivers its events between commands, so they appear
/// in order with the session's own output and before the next prompt.
public final class ConsoleSink: Sink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "console", options: [
            PropertySpec("color", .choice(["auto", "always", "never"])),
        ]),
        make: { declaration, environment in
            let colors = switch declaration.choice("color")?.word {
            case "always": true
            case "never": false
            default: environment.colors
            }
            return ConsoleSink(output: environment.standardOutput, colors: colors)
        }
    )

    private let output: FileOutput
    private let colors: Bool

    public init(output: FileOutput, colors: Bool) {
        self.output = output
        self.colors = colors
    }

    public var placement: SinkPlacement { .foreground }
    public var target: String { output.descriptor == 1 ? "stdout" : "fd \(output.descriptor)" }

    public func send(_ event: Event) throws(SinkFailure) {
        let colour = colors ? ConsoleSink.colour(of: event.type) : nil
        // The message is made in the output's buffer: no `String` of the line between.
        output.write { bytes in
            if let colour { bytes += colour.utf8 }
            event.writeVisibleMessage(into: &bytes)
            if colour != nil { bytes += "\u{1B}[0m".utf8 }
            bytes.append(UInt8(ascii: "\n"))
        }
        if let code = output.failure {
            throw .permanent(tr("cannot write to standard output: errno {code}", ["code": code]))
        }
    }

    private static func colour(of type: EventType) -> String? {
        switch type {
        case .orderSucceeded: "\u{1B}[32m"
        case .orderFailed: "\u{1B}[31m"
        case .restockNeeded: "\u{1B}[33m"
        case .stockChanged, .menuReloaded, .suggestionMade: "\u{1B}[36m"
        case .ticketLate, .ticketCancelled, .menuReloadFailed: "\u{1B}[33m"
        case .ticketOpened, .ticketStarted, .ticketReady, .ticketPickedUp, .ticketRecalled: "\u{1B}[34m"
        case .paymentCompleted, .orderPaid: "\u{1B}[32m"
        case .paymentDeclined, .paymentCanceled, .paymentTimedOut: "\u{1B}[31m"
        case .paymentRefunded, .orderVoided: "\u{1B}[33m"
        case .drawerOpened, .drawerPaidIn, .drawerPaidOut, .drawerCounted, .drawerClosed: "\u{1B}[36m"
        case .paymentPending, .paymentInProgress, .orderHeld: "\u{1B}[36m"
        }
    }
}
