import KioskServer
import KioskSystem
import KioskText

/// The operator's token of `kiosk serve`, and where it came from: `--token-file`, else
/// `$KIOSK_TOKEN`, else a file of its own — in the state directory, or without `--state`
/// under `$XDG_STATE_HOME/kiosk/` — made at the first start (0600) and kept for the next,
/// so a tablet given the token keeps working after a restart. Delete the file for a new one.
struct ServeToken {
    enum Origin: Equatable {
        case file(String)
        case environment
        case generated(String)

        /// `file`, `environment` or `generated`.
        var word: String {
            switch self {
            case .file: "file"
            case .environment: "environment"
            case .generated: "generated"
            }
        }

        var path: String? {
            switch self {
            case .file(let path), .generated(let path): path
            case .environment: nil
            }
        }

        /// For the start's announcement, in the operator's language: where to read it, never the token.
        var description: String {
            switch self {
            case .file(let path): tr("from {path}", ["path": path])
            case .environment: tr("from $KIOSK_TOKEN")
            case .generated(let path): tr("in {path} (made for this server; keep it secret)", ["path": path])
            }
        }
    }

    let token: OperatorToken
    let origin: Origin

    static let fileName = "serve-token"

    static func find(arguments: Arguments, environment: [String: String], stateDirectory: String?) throws(StartupError) -> ServeToken {
        if let path = arguments.tokenFile {
            return ServeToken(token: try read(path, generated: false), origin: .file(path))
        }
        if let text = environment["KIOSK_TOKEN"], !text.isEmpty {
            guard let token = OperatorToken(text) else { throw .invalidToken(source: "$KIOSK_TOKEN", reason: reasonInvalid) }
            return ServeToken(token: token, origin: .environment)
        }
        let path = (stateDirectory ?? defaultDirectory(environment)) + "/" + fileName
        if FileSystem.exists(path) {
            return ServeToken(token: try read(path, generated: true), origin: .generated(path))
        }
        let text = OperatorToken.generate()
        FileSystem.makeDirectories(for: path)
        do throws(SystemError) {
            try FileSystem.writeAtomically(Array((text + "\n").utf8), to: path)
        } catch {
            throw .cannotCreateFile(path: path, error)
        }
        guard let token = OperatorToken(text) else { throw .invalidToken(source: path, reason: reasonInvalid) }
        return ServeToken(token: token, origin: .generated(path))
    }

    /// In the operator's language when it is made: a token is read after the language is chosen.
    static var reasonInvalid: String {
        tr("is not a token: give at least {count} printable characters, no spaces", ["count": OperatorToken.minimumLength])
    }

    /// A token file: private to its owner, one token on its first line.
    private static func read(_ path: String, generated: Bool) throws(StartupError) -> OperatorToken {
        let bytes: [UInt8]
        let status: FileStatus
        do throws(SystemError) {
            bytes = try FileSystem.read(path, limit: 4096)
            status = try FileSystem.status(of: path)
        } catch {
            throw .unreadableFile(path: path, error)
        }
        if status.permissions & 0o077 != 0 {
            throw .invalidToken(source: path, reason: trNoop("may be read by others: make it private (chmod 600)"))
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let token = OperatorToken(line.trimmingWhitespace()) else { throw .invalidToken(source: path, reason: reasonInvalid) }
        return token
    }

    /// `$XDG_STATE_HOME/kiosk`, else `~/.local/state/kiosk`.
    private static func defaultDirectory(_ environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        return base + "/kiosk"
    }
}
