import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// The card reader when the menu says `reader NAME { … }`: a plugin of kind
/// `payment-reader` (docs/PLUGINS.md) takes each card payment.
///
/// A payment goes as `{"payment":{…}}`; the plugin's `{"payment":"ID","status":…}` lines
/// are read until one ends it. A payment the customer cancels (`pay card cancel`) is sent
/// `{"cancel":"ID"}` once it is in progress. One not ended within `wait` is sent
/// `{"cancel":"ID"}` and given `cancelGrace` to end; a plugin that does not even then is
/// stopped, and the payment has timed out. A plugin that cannot start, exits, or writes a
/// line that is not the protocol is a reader that is offline: the payment times out with
/// reason `offline`, and the next payment starts it again. Either way the order path goes
/// on: a payment waits for the reader at most `wait` and `cancelGrace`.
public final class PluginReader: PaymentReader {
    /// How long a payment waits for the reader when the statement gives no `wait`.
    public static let defaultWait: Duration = .seconds(30)
    /// How long a payment given up on waits for the plugin to end it.
    public static let cancelGrace: Duration = .seconds(1)

    let configuration: PluginConfiguration
    private let environment: [String: String]
    /// How long a payment waits for its end.
    public let wait: Duration
    private let running = Mutex<PluginProcess?>(nil)
    /// Why the last payment found the reader offline; `nil` when it answered.
    private let trouble = Mutex<String?>(nil)

    public init(description: PluginDescription, declaration: SinkDeclaration, environment: [String: String]) {
        configuration = PluginConfiguration(description: description, declaration: declaration)
        self.environment = environment
        wait = declaration.duration("wait") ?? PluginReader.defaultWait
    }

    /// Starts the plugin and configures it, so a reader that cannot run, or refuses its
    /// options, stops kiosk from starting with it.
    public func start() throws(SinkSetupError) {
        do throws(SinkFailure) {
            let plugin = try launch()
            running.withLock { $0 = plugin }
        } catch {
            throw SinkSetupError(declaration: configuration.declaration, reason: error.reason, isReader: true)
        }
    }

    /// What made the last payment find the reader offline, in words; `nil` when the
    /// plugin answered it.
    public var problem: String? { trouble.withLock { $0 } }

    public func authorize(_ request: ReaderRequest) -> ReaderOutcome {
        running.withLock { running in
            if running == nil {
                do throws(SinkFailure) {
                    running = try launch()
                } catch {
                    trouble.withLock { $0 = error.reason }
                    return .timedOut(offline: true)
                }
            }
            guard let plugin = running else { return .timedOut(offline: true) }
            do throws(PluginFailure) {
                let outcome = try take(request, on: plugin)
                trouble.withLock { $0 = nil }
                return outcome
            } catch {
                plugin.stop()
                running = nil
                trouble.withLock { $0 = configuration.secretMask.apply(plugin.problem(error).message) }
                if case .timedOut = error { return .timedOut(offline: false) }
                return .timedOut(offline: true)
            }
        }
    }

    /// Sends `shutdown`, closes the plugin's input and lets it finish until `deadline`.
    public func close(by deadline: ContinuousClock.Instant) {
        running.withLock { running in
            running?.shutdown(by: deadline)
            running = nil
        }
    }

    /// A new plugin process, through `configure`.
    private func launch() throws(SinkFailure) -> PluginProcess {
        try configuration.launch(environment: environment)
    }

    /// One payment's conversation, to its end. Throws what broke it; a wait that ran out
    /// with no answer to the cancel is `.timedOut`.
    private func take(_ request: ReaderRequest, on plugin: PluginProcess) throws(PluginFailure) -> ReaderOutcome {
        let id = String(request.payment)
        try plugin.send(PluginReader.paymentLine(request, id: id))
        var deadline = ContinuousClock.now.advanced(by: wait)
        var cancelled = false
        var gaveUp = false
        while true {
            let line: String
            do throws(PluginFailure) {
                line = try plugin.nextLine(waitingFor: tr("the payment"), until: deadline, timeout: wait)
            } catch .timedOut where !gaveUp {
                // Given up on: the plugin is asked to cancel it, and may still end it.
                try plugin.send(PluginReader.cancelLine(id))
                (cancelled, gaveUp) = (true, true)
                deadline = ContinuousClock.now.advanced(by: PluginReader.cancelGrace)
                continue
            }
            guard let answer = JSONValue(parsing: Array(line.utf8)), let status = answer["status"]?.string, let payment = answer["payment"]?.string else {
                throw .notProtocol(line: line)
            }
            // An answer for a payment given up on before.
            guard payment == id else { continue }
            switch status {
            case "in_progress":
                if request.presentation == .cancel, !cancelled {
                    try plugin.send(PluginReader.cancelLine(id))
                    cancelled = true
                }
            case "completed":
                if case .number(let number) = request.presentation { return .approved(lastFour: String(number.suffix(4))) }
                return .approved(lastFour: nil)
            case "declined":
                let reason = answer["reason"]?.string.map { PluginFailure.quoted($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(80)) }
                return .declined(reason: reason ?? "declined")
            case "canceled":
                return gaveUp ? .timedOut(offline: false) : .canceled
            case "timed_out":
                return .timedOut(offline: false)
            default:
                throw .notProtocol(line: line)
            }
        }
    }

    /// `{"payment":{"id":…,"amount":N,"currency":…,"tip":N,"card":…}}` and its newline:
    /// amounts in the currency's minor unit; `card` only when the operator gave one.
    static func paymentLine(_ request: ReaderRequest, id: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("payment")
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("amount")
        writer.number(request.inMinorUnits(request.amount))
        writer.key("currency")
        if let currency = request.currency { writer.string(currency) } else { writer.null() }
        writer.key("tip")
        writer.number(request.inMinorUnits(request.tip))
        switch request.presentation {
        case .number(let number):
            writer.key("card")
            writer.string(number)
        case .timeout, .offline:
            writer.key("card")
            writer.string(request.presentation == .timeout ? "timeout" : "offline")
        case .tap, .cancel:
            break
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes + [0x0A]
    }

    /// `{"cancel":"ID"}` and its newline.
    static func cancelLine(_ id: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("cancel")
        writer.string(id)
        writer.endObject()
        return writer.bytes + [0x0A]
    }
}
