import CKioskSystem

/// What this build of the program was made from.
public enum BuildInfo {
    /// The commit, with its date and `-dirty` when the tree had changes not committed:
    /// `4268a18c1f2e (2026-11-27)`. `nil` for a build the Makefile did not make (a plain
    /// `swift build`): the Makefile links the commit in (see `kiosk_system.c`).
    public static var commit: String? {
        let text = String(cString: kiosk_build_commit_text())
        return text.isEmpty ? nil : text
    }
}
