import KioskCore
import KioskSystem
import Synchronization

// News for readers: the committed end, and waiting for it to move.
extension Journal {
    func publish(_ position: UInt64) {
        var current = committedEnd.load(ordering: .acquiring)
        while position > current {
            let (exchanged, original) = committedEnd.compareExchange(expected: current, desired: position, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        news.withLock { news.broadcast() }
    }

    /// Waits until the journal's end passes `position`, `wakeReaders` is called, or
    /// `deadline` comes. Returns the end.
    public func waitForNews(after position: UInt64, until deadline: ContinuousClock.Instant) -> UInt64 {
        news.withLock {
            if committedEnd.load(ordering: .acquiring) <= position { _ = news.wait(until: deadline) }
        }
        return committedEnd.load(ordering: .acquiring)
    }

    /// Wakes every reader waiting for news: a sink that is told to stop.
    public func wakeReaders() {
        news.withLock { news.broadcast() }
    }

    /// Looks for records other processes appended while this one was idle, under a shared
    /// lock so a commit in progress is never read half done. Returns the end.
    @discardableResult
    public func refresh() -> UInt64 {
        transaction.lock()
        defer { transaction.unlock() }
        guard (try? lockFile.tryLock(.shared)) == true else { return endPosition }
        defer { lockFile.unlock() }
        while true {
            guard let step = try? endFinder.next() else { break }
            guard case .record = step else { break }
            endFinder.advance()
        }
        if endFinder.position > end {
            end = endFinder.position
            publish(end)
        }
        return endPosition
    }
}
