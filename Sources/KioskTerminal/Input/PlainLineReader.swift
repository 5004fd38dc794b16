import KioskApplication
import KioskSystem

/// Reads lines from a file descriptor that is not a terminal: no prompt, no echo.
///
/// Reads in large chunks. A line longer than `maximumLineLength` is skipped to its end
/// and reported, never held whole in memory; invalid UTF-8 is reported, not repaired.
public final class PlainLineReader: LineReader {
    public static let maximumLineLength = 64 << 10

    private let descriptor: Int32
    private let maximumLineLength: Int
    private let beforeBlocking: () -> Void
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Done while a read waits for input (the order board's clock).
    private var idleWork: (() -> Bool)?

    /// - Parameter beforeBlocking: called before each read that may wait for more input,
    ///   so output meant for whoever writes the input reaches them first.
    public init(descriptor: Int32, maximumLineLength: Int = PlainLineReader.maximumLineLength, beforeBlocking: @escaping () -> Void = {}) {
        self.descriptor = descriptor
        self.maximumLineLength = maximumLineLength
        self.beforeBlocking = beforeBlocking
    }

    public var isInteractive: Bool { false }

    /// Reads on, without waiting, while the input already has more (a regular file always
    /// has, a pipe when `poll` says so) and no whole line is in hand: a batch read from a
    /// file then commits when its group is full, not each time the buffer runs dry, while
    /// whoever sends one command and waits still gets its result before the next read waits.
    public var hasLineReady: Bool {
        while !atEnd, !hasLineInBuffer, buffer.count - start <= maximumLineLength, FileSystem.hasInput(descriptor) {
            readAvailable()
        }
        return atEnd || hasLineInBuffer
    }

    private var hasLineInBuffer: Bool {
        buffer[start...].contains(UInt8(ascii: "\n"))
    }

    /// Does `work` while a read waits for input: the read polls with a timeout of a fifth
    /// of a second, and runs it before each wait; when it returns `true` (it wrote),
    /// `beforeBlocking` runs again.
    public func whileWaiting(_ work: @escaping () -> Bool) {
        idleWork = work
    }

    public func readLine(prompt: String) -> LineInput {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                if skipped + line.count > maximumLineLength {
                    return .rejected(.tooLong(bytes: skipped + line.count, limit: maximumLineLength))
                }
                return PlainLineReader.decode(line)
            }
            if buffer.count - start > maximumLineLength {
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || skipped > 0 else { return .end }
                let line = buffer[start...]
                start = buffer.count
                if skipped + line.count > maximumLineLength { return .rejected(.tooLong(bytes: skipped + line.count, limit: maximumLineLength)) }
                return PlainLineReader.decode(line)
            }
            fill()
        }
    }

    /// Appends what the input has now; `hasInput` said a read returns at once.
    private func readAvailable() {
        dropConsumed()
        read { false }
    }

    /// Appends what one read brings; the end of the input, or a stop, ends the reading.
    private func read(stop: () -> Bool) {
        switch FileSystem.read(descriptor, appendingTo: &buffer, upTo: 64 << 10, stop: stop) {
        case .read: break
        case .end, .stopped: atEnd = true
        }
    }

    private func dropConsumed() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private func fill() {
        dropConsumed()
        beforeBlocking()
        let (idleWork, beforeBlocking) = (self.idleWork, self.beforeBlocking)
        // A SIGTERM (or SIGINT in a batch) ends the input: no more commands are read. The
        // read asks whether to stop before each timed wait: the idle work runs there, so a
        // pipe that stays open but silent still lets the board's clock move, and what it
        // wrote goes out before the read waits again.
        let stop = {
            if idleWork?() == true { beforeBlocking() }
            return Signals.terminationSignal != nil
        }
        read(stop: stop)
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> LineInput {
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        // Nearly every line is ASCII, which is valid UTF-8 as it is.
        if line.allSatisfy({ $0 < 0x80 }) { return .line(String(decoding: line, as: UTF8.self)) }
        guard let text = String(validating: line, as: UTF8.self) else { return .rejected(.invalidUTF8) }
        return .line(text)
    }
}

/// A terminal where GNU readline cannot be loaded: the prompt is written and the line is
/// read plainly, without editing or history, but questions are still asked.
public final class PromptingLineReader: LineReader {
    private let lines: PlainLineReader
    private let writePrompt: (String) -> Void

    /// - Parameter writePrompt: writes the prompt where the person reads it, unflushed;
    ///   `lines` flushes through its `beforeBlocking` before it waits.
    public init(lines: PlainLineReader, writePrompt: @escaping (String) -> Void) {
        self.lines = lines
        self.writePrompt = writePrompt
    }

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> LineInput {
        writePrompt(prompt)
        prompted = prompt
        return lines.readLine(prompt: prompt)
    }

    /// The prompt last written: written again after idle work that wrote over it.
    private var prompted = ""

    /// Does `work` while the read waits; when it wrote over the prompt, the prompt is
    /// written again (the line typed so far stays in the terminal's own buffer).
    public func whileWaiting(_ work: @escaping () -> Bool) {
        lines.whileWaiting { [unowned self] in
            guard work() else { return false }
            writePrompt(prompted)
            return true
        }
    }
}
