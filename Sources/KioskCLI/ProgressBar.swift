import KioskSystem

/// A progress bar on standard error for a long run at a terminal: drawn only once the run
/// has taken a second, at most ten times a second, and wiped at the end.
final class ProgressBar {
    private static let width = 30
    private let errors: FileOutput
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var calls = 0

    init(errors: FileOutput) {
        self.errors = errors
    }

    /// Called often; looks at the clock only every 1,024th call.
    func update(_ fraction: () -> Double) {
        calls &+= 1
        guard calls & 1023 == 0 else { return }
        let now = ContinuousClock.now
        guard now - started >= .seconds(1) else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        let done = min(max(fraction(), 0), 1)
        let filled = Int(done * Double(ProgressBar.width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: ProgressBar.width - filled)
        errors.write("\rsimulating [\(bar)] \(Int(done * 100))%")
        _ = errors.flush()
    }

    /// Wipes the bar, if it was drawn.
    func finish() {
        guard lastDrawn != nil else { return }
        errors.write("\r\u{1B}[K")
        _ = errors.flush()
    }
}
