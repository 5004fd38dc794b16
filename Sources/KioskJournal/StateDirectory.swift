import KioskSystem
import KioskText

/// The files of a state directory (`--state PATH`, or a private journal):
///
/// ```
/// PATH/format                          "kiosk state 2": what kind of directory this is
/// PATH/lock                            flock(2)ed while a process decides and appends
/// PATH/00000000000000000000.journal    segments, named by the position of their first byte
/// PATH/00000000000001048576.snapshot   the fold up to a position
/// PATH/cursors/<sink>.cursor           how far each sink has delivered
/// ```
///
/// `docs/STATE.md` describes every file byte by byte.
public struct StateDirectory: Sendable {
    public static let formatLine = "kiosk state 2"

    public let path: String

    public init(path: String) {
        self.path = path
    }

    var formatPath: String { path + "/format" }
    var lockPath: String { path + "/lock" }
    var cursorsPath: String { path + "/cursors" }

    func segmentPath(base: UInt64) -> String { path + "/" + StateDirectory.name(base) + ".journal" }
    func snapshotPath(position: UInt64) -> String { path + "/" + StateDirectory.name(position) + ".snapshot" }

    /// Twenty digits, so names sort by position.
    static func name(_ position: UInt64) -> String {
        // Twenty digits hold every UInt64. Written backwards into one small string: every
        // catch-up that finds nothing new asks for the name of the segment that could follow.
        String(unsafeUninitializedCapacity: 20) { bytes in
            var rest = position
            for index in stride(from: 19, through: 0, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return 20
        }
    }

    /// What the directory holds, from its listing.
    struct Listing {
        var segments: [UInt64] = []
        var snapshots: [UInt64] = []
        var temporary: [String] = []
        var hasFormat = false
        var others: [String] = []
    }

    func list() throws(JournalError) -> Listing {
        let names: [String]
        do {
            names = try FileSystem.contents(of: path)
        } catch {
            throw .system(error)
        }
        var listing = Listing()
        for name in names {
            if name == "format" {
                listing.hasFormat = true
            } else if name.hasSuffix(".journal"), let base = UInt64(name.dropLast(8)), name.count == 28 {
                listing.segments.append(base)
            } else if name.hasSuffix(".snapshot"), let position = UInt64(name.dropLast(9)), name.count == 29 {
                listing.snapshots.append(position)
            } else if name.contains(".tmp-") {
                listing.temporary.append(name)
            } else if name != "lock", name != "cursors" {
                listing.others.append(name)
            }
        }
        listing.segments.sort()
        listing.snapshots.sort()
        return listing
    }

    // MARK: Creating and checking

    /// Makes sure `path` can be a state directory: creates it (0700, with missing parents)
    /// or checks that the one there is one (or empty) — writing nothing into a directory
    /// that holds anything else. The format file is settled under the lock: `settleFormat`.
    func prepare() throws(JournalError) {
        let kind: FileStatus.Kind?
        do {
            kind = try FileSystem.status(of: path).kind
        } catch {
            guard error.isMissingPath else { throw .system(error) }
            kind = nil
        }
        switch kind {
        case nil:
            do {
                try FileSystem.createDirectory(path)
            } catch {
                throw .cannotCreate(path: path, reason: error.reason)
            }
        case .directory?:
            let listing = try list()
            if !listing.hasFormat, !listing.segments.isEmpty || !listing.snapshots.isEmpty || !listing.others.isEmpty {
                throw .notAStateDirectory(path: path, reason: tr("it holds other files and no 'format' file"))
            }
        case .some:
            throw .notAStateDirectory(path: path, reason: tr("it is not a directory"))
        }
    }

    /// Writes the format file of a new state directory, or checks the one there. Called
    /// under the lock, so two processes starting together agree.
    func settleFormat() throws(JournalError) {
        if try list().hasFormat {
            try checkFormat()
        } else {
            try writeFormat()
        }
    }

    /// Removes temporary files that processes which died mid-write left (`NAME.tmp-PID`);
    /// those of running processes are theirs.
    func removeAbandonedFiles(_ names: [String]) {
        for name in names {
            guard let pid = name.split(separator: "-").last.flatMap({ Int32($0) }), !SystemProcess.isRunning(pid) else { continue }
            try? FileSystem.removeFile(path + "/" + name)
        }
    }

    /// Checks that `path` is an existing state directory, changing nothing.
    func checkExisting() throws(JournalError) {
        do {
            guard try FileSystem.status(of: path).kind == .directory else {
                throw JournalError.notAStateDirectory(path: path, reason: tr("it is not a directory"))
            }
        } catch let error as JournalError {
            throw error
        } catch {
            throw .notAStateDirectory(path: path, reason: (error as? SystemError)?.reason ?? tr("it cannot be read"))
        }
        guard try list().hasFormat else { throw .notAStateDirectory(path: path, reason: tr("it has no 'format' file")) }
        try checkFormat()
    }

    private func writeFormat() throws(JournalError) {
        do {
            try FileSystem.writeAtomically(Array((StateDirectory.formatLine + "\n").utf8), to: formatPath)
        } catch {
            throw .system(error)
        }
    }

    private func checkFormat() throws(JournalError) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(formatPath, limit: 4096)
        } catch {
            throw .system(error)
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingNewline
        guard text == StateDirectory.formatLine else { throw .unsupportedFormat(path: path, found: text) }
    }
}

extension String {
    var trimmingNewline: String {
        var text = self
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }
}
