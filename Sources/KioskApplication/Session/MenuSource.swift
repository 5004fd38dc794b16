import KioskMenu
import KioskSystem

/// Where the menu comes from, so `reload` can read it again: a file, or the bundled Juice
/// Maker; plus the sinks given on the command line.
public struct MenuSource: Sendable {
    /// `nil` for the bundled menu.
    public let path: String?
    public let compiler: MenuCompiler

    public init(path: String?, compiler: MenuCompiler) {
        self.path = path
        self.compiler = compiler
    }

    /// How many times a file that changes while it is read is read again.
    static let readTries = 5
    /// A file modified this recently may be in the middle of a rewrite by a writer that
    /// was paused between two writes…
    static let freshMilliseconds: Int64 = 1_000
    /// …so it must then stay the same this long after it was read.
    static let settleMilliseconds = 100

    /// The menu, compiled from files that did not change while they were read: the top
    /// file and every file it includes have the same size, modification time and inode
    /// before and after. A menu caught in the middle of a rewrite is read again; one that
    /// keeps changing is a failure (the old menu stays), never half a file. `settling` (a
    /// reload) also waits a moment when a file was modified a moment ago, in case its
    /// writer was paused mid-rewrite, and reads the menu once more.
    public func compile(settling: Bool = false) -> MenuCompilation {
        guard let path else { return BundledMenu.compilation }
        for _ in 0..<MenuSource.readTries {
            let (compilation, files) = watchedCompile(path: path)
            guard files.isUnchanged else { continue }
            guard let newest = files.newestModification else { return compilation }
            if settling, WallClock.millisecondsSince1970() - newest / 1_000_000 < MenuSource.freshMilliseconds {
                // Modification times are as coarse as the kernel's tick, and a rewrite to the
                // same size keeps the size: read once more after a pause, and take the menu only
                // if both readings made the same one.
                CurrentProcess.pause(milliseconds: MenuSource.settleMilliseconds)
                let (again, filesAgain) = watchedCompile(path: path)
                guard files.isUnchanged, filesAgain.isUnchanged, MenuSource.same(compilation, again) else { continue }
            }
            return compilation
        }
        return MenuCompilation(unreadable: SourceLoadError(path: path, reason: "it kept changing while it was read; try again once it is written"))
    }

    /// Compiles through a loader that notes how each file was when it was read.
    private func watchedCompile(path: String) -> (MenuCompilation, WatchingSourceLoader) {
        let files = WatchingSourceLoader(compiler.loader)
        var watched = compiler
        watched.loader = files
        return (watched.compile(path: path), files)
    }

    private static func same(_ first: MenuCompilation, _ second: MenuCompilation) -> Bool {
        switch (first.menu, second.menu) {
        case (let one?, let other?): one.menu.isSame(as: other.menu) && one.sinks == other.sinks
        case (nil, nil): true
        default: false
        }
    }
}
