import KioskCore
import KioskMenu
import KioskSystem
import KioskText
import Synchronization

/// Prints receipts on an ESC/POS receipt printer over raw TCP (port 9100): each
/// `order.paid` event's receipt, and each `drawer.closed` event's Z report. Every other
/// event is accepted and skipped.
///
/// One receipt is one connection: connect, write the whole job (`ESCPOS.bytes`), then ask
/// for the printer's status (`DLE EOT 1`) and wait for its one-byte answer, which a printer
/// gives once it has read every byte before it. Only then is the receipt delivered. A
/// refused connection, a timeout, a connection reset or closed before the answer is a
/// retryable failure: the runner waits out its back-off and the whole receipt is sent
/// again on a new connection; the event waits in the journal meanwhile. So a printer that
/// dropped a receipt half-way gets it again whole, and a receipt it confirmed is not sent
/// again — unless kiosk dies between the answer and its cursor's save (at least once).
/// With `ack none` (a listener that never answers, `nc -l 9100`) a receipt counts as
/// delivered once written and the connection closed.
public final class PrinterSink: Sink {
    public static let kind = SinkKind(
        schema: SinkSchema(kind: "printer", options: [
            PropertySpec("host", .text, required: true),
            PropertySpec("port", .integer(1...65535)),
            PropertySpec("columns", .integer(ESCPOS.columnRange)),
            PropertySpec("timeout", .duration),
            PropertySpec("backoff", .duration),
            PropertySpec("ack", .choice(["status", "none"])),
        ]),
        make: { declaration, environment throws(SinkSetupError) -> any Sink in
            guard let host = declaration.text("host"), !host.value.isEmpty else {
                throw SinkSetupError(declaration: declaration, reason: tr("a printer sink needs a 'host'"))
            }
            return PrinterSink(
                host: host, port: UInt16(declaration.integer("port") ?? 9100), columns: declaration.integer("columns") ?? ESCPOS.defaultColumns,
                timeout: declaration.duration("timeout") ?? .seconds(10), backoff: declaration.duration("backoff") ?? .seconds(1),
                confirmed: declaration.choice("ack")?.word != "none", kioskName: environment.kioskName
            )
        }
    )

    private let host: ConfigText
    private let port: UInt16
    private let columns: Int
    private let timeout: Duration
    private let backoff: Duration
    private let confirmed: Bool
    private let kioskName: String
    private let utcOffset: @Sendable (Timestamp) -> Int
    /// Set by `close(by:)`: a job in progress gives up within a tenth of a second.
    private let closing = Atomic(false)

    /// A sink printing on `host`:`port`, `columns` wide; each step of a job (connecting,
    /// writing, the status's answer) waits at most `timeout`. `confirmed`: waits for the
    /// status's answer. `kioskName` heads the Z report; times are shown at `utcOffset`.
    public init(
        host: ConfigText, port: UInt16 = 9100, columns: Int = ESCPOS.defaultColumns, timeout: Duration = .seconds(10),
        backoff: Duration = .seconds(1), confirmed: Bool = true, kioskName: String = "kiosk",
        utcOffset: @escaping @Sendable (Timestamp) -> Int = { WallClock.utcOffset(atSecondsSince1970: $0.millisecondsSince1970 / 1000) }
    ) {
        self.host = host
        self.port = port
        self.columns = columns
        self.timeout = timeout
        self.backoff = backoff
        self.confirmed = confirmed
        self.kioskName = kioskName
        self.utcOffset = utcOffset
    }

    public var target: String { (host.display.contains(":") ? "[\(host.display)]" : host.display) + ":\(port)" }

    public var retryPolicy: RetryPolicy {
        RetryPolicy(maximumRetries: nil, initialBackoff: backoff, maximumBackoff: max(backoff, .seconds(30)))
    }

    /// What the printer prints for `event`: `nil` for an event it skips.
    public func layout(of event: Event) -> ReceiptLayout? {
        switch event.payload {
        case .orderPaid(let receipt):
            ReceiptLayout(receipt, time: receipt.time.civil(offsetSeconds: utcOffset(receipt.time)))
        case .drawer(let day) where day.kind == .closed:
            ReceiptLayout(zReport: day, kiosk: kioskName, time: event.time.civil(offsetSeconds: utcOffset(event.time)))
        default:
            nil
        }
    }

    public func send(_ event: Event) throws(SinkFailure) {
        guard let layout = layout(of: event) else { return }
        try print(ESCPOS.bytes(layout, columns: columns))
    }

    /// One job on a connection of its own: written whole, then confirmed.
    private func print(_ job: [UInt8]) throws(SinkFailure) {
        let stop = { self.closing.load(ordering: .acquiring) }
        let values: (String) -> KeyValuePairs<String, any CustomStringConvertible> = { ["printer": self.target, "reason": $0] }
        let connection: TCPConnection
        do throws(SystemError) {
            connection = try TCPConnection.open(host: host.value, port: port, until: .now.advanced(by: timeout), stop: stop)
        } catch {
            throw .retryable(tr("cannot connect to the printer at {printer}: {reason}", values(error.reason)))
        }
        do throws(SystemError) {
            try connection.write(confirmed ? job + ESCPOS.statusRequest : job, until: .now.advanced(by: timeout), stop: stop)
        } catch {
            throw .retryable(tr("the printer at {printer} did not take the whole receipt: {reason}", values(error.reason)))
        }
        // The connection closes when it goes out of scope: written, or confirmed.
        guard confirmed else { return }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let answer: TCPConnection.Received
            do throws(SystemError) {
                answer = try connection.read(limit: 64, until: deadline, stop: stop)
            } catch {
                throw .retryable(tr("the printer at {printer} did not confirm the receipt: {reason}", values(error.reason)))
            }
            switch answer {
            case .bytes(let bytes):
                // Anything before the status's byte (an automatic status back) is not it.
                if bytes.contains(where: ESCPOS.isStatus) { return }
            case .end:
                throw .retryable(tr("the printer at {printer} did not confirm the receipt: {reason}", values(tr("it closed the connection"))))
            }
        }
    }

    public func close(by deadline: ContinuousClock.Instant) {
        closing.store(true, ordering: .releasing)
    }
}
