import KioskCore
import KioskSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a sink keeps what it could not deliver, to replay it at the next start.
///
/// One JSON event per line, appended with a single `write` to a file created with mode
/// 0600 (and its directory with 0700). Events that failed for good go to a separate
/// `.failed` file, kept for a person to look at and never replayed.
///
/// At start, `takeForReplay` moves the spool aside to `.replaying` and returns its
/// events; once the run has delivered or re-spooled them, `finishReplay` removes it. A run
/// that dies in between leaves `.replaying` behind and the next start reads it again:
/// delivery is at least once, never lost.
public final class Spool: Sendable {
    public let path: String
    /// Guards the files; holds the spool open for appending once something was spooled.
    /// A sink backed up past its queue spools an event per order, and opening the file
    /// for each would cost the order path more than writing it.
    private let lock = Mutex<Int32?>(nil)

    public init(path: String) {
        self.path = path
    }

    deinit {
        lock.withLock { file in
            if let fd = file { close(fd) }
        }
    }

    /// The spool of a sink in `directory`, named after its kind and a hash of its target,
    /// so the same sink finds its spool again and a secret in the target is never written.
    public convenience init(directory: String, kind: String, identity: String) {
        self.init(path: directory + "/" + kind + "-" + Spool.fingerprint(identity) + ".spool.jsonl")
    }

    /// The spool of a sink beside a state file: `state.json.webhook-1a2b….spool.jsonl`.
    public convenience init(besideState stateFile: String, kind: String, identity: String) {
        self.init(path: stateFile + "." + kind + "-" + Spool.fingerprint(identity) + ".spool.jsonl")
    }

    public var deadLetterPath: String {
        (path.hasSuffix(".spool.jsonl") ? String(path.dropLast(".spool.jsonl".count)) : path) + ".failed.jsonl"
    }
    var replayingPath: String { path + ".replaying" }

    /// Appends events to the spool.
    public func append(_ events: [Event]) throws(SpoolError) {
        try write(events, to: path)
    }

    /// Appends events that failed for good, for a person to look at.
    public func setAside(_ events: [Event]) throws(SpoolError) {
        try write(events, to: deadLetterPath)
    }

    private func write(_ events: [Event], to file: String) throws(SpoolError) {
        guard !events.isEmpty else { return }
        var bytes: [UInt8] = []
        for event in events {
            bytes += event.json
            bytes.append(UInt8(ascii: "\n"))
        }
        let failure = lock.withLock { open in
            file == path ? Spool.append(bytes, to: file, keeping: &open) : Spool.append(bytes, to: file)
        }
        if let failure { throw SpoolError(path: file, reason: failure.reason) }
    }

    /// The events left by earlier runs, oldest first, with how many lines could not be read.
    public func takeForReplay() -> (events: [Event], unreadable: Int) {
        let data: [UInt8]? = lock.withLock { open in
            // The spool moves aside: appends after this start a new one.
            if let fd = open { close(fd) }
            open = nil
            if FileSystem.exists(path) {
                if FileSystem.exists(replayingPath) {
                    // A replay that did not finish: keep it, and add what came after.
                    if let rest = try? FileSystem.read(path), (try? FileSystem.append(rest, to: replayingPath)) != nil {
                        FileSystem.remove(path)
                    }
                } else {
                    try? FileSystem.rename(path, to: replayingPath)
                }
            }
            return try? FileSystem.read(replayingPath)
        }
        // Decoded outside the lock: events spooled meanwhile need not wait for it.
        guard let data else { return ([], 0) }
        var events: [Event] = []
        var unreadable = 0
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if let event = EventDecoder.decode(Array(line)) {
                events.append(event)
            } else {
                unreadable += 1
            }
        }
        return (events, unreadable)
    }

    /// Forgets the replayed events: they were delivered or spooled again.
    public func finishReplay() {
        lock.withLock { _ in FileSystem.remove(replayingPath) }
    }

    /// How many events wait in the spool file.
    public var pendingCount: Int {
        lock.withLock { _ in
            guard let data = try? FileSystem.read(path) else { return 0 }
            return data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
    }

    private static func append(_ bytes: [UInt8], to file: String) -> SystemError? {
        do {
            try FileSystem.append(bytes, to: file)
            return nil
        } catch {
            return error
        }
    }

    /// Appends through `open`, opening the file first when it is not, or when it was
    /// removed since (a spool deleted by hand starts again rather than writing into the void).
    private static func append(_ bytes: [UInt8], to file: String, keeping open: inout Int32?) -> SystemError? {
        if let fd = open {
            var status = stat()
            if fstat(fd, &status) != 0 || status.st_nlink == 0 {
                close(fd)
                open = nil
            }
        }
        do {
            let fd: Int32
            if let kept = open {
                fd = kept
            } else {
                fd = try FileSystem.openForAppending(file)
                open = fd
            }
            try FileSystem.writeAll(fd, bytes, path: file)
            return nil
        } catch {
            return error
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A spool that could not be written.
public struct SpoolError: Error, Sendable, Equatable {
    public let path: String
    public let reason: String
}
