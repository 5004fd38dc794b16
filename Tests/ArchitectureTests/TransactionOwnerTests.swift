import Testing

/// One type owns a transaction: `Transaction` opens it, commits it durably and then hands
/// its events to the sinks. Nothing else commits a journal and publishes to a dispatcher.
@Suite struct TransactionOwnerTests {
    static let owner = "Sources/KioskApplication/State/Transaction.swift"

    /// The source files (comments left out) that call `needle`, outside the modules that
    /// define publishing and committing (the sinks, the journal) and the benchmark's and
    /// tests' own harnesses.
    private static func callers(of needle: String) throws -> Set<String> {
        let exempt = ["Sources/KioskSinks/", "Sources/KioskJournal/", "Sources/kiosk-bench/", "Sources/KioskTestSupport/"]
        var found = Set<String>()
        for path in SourceTree.files(under: "Sources", endingIn: ".swift") where !exempt.contains(where: path.hasPrefix) {
            let code = try SourceTree.text(path).split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            if code.contains(where: { $0.contains(needle) }) { found.insert(path) }
        }
        return found
    }

    @Test func onlyTheTransactionPublishesToTheSinks() throws {
        #expect(try Self.callers(of: "dispatcher.publish(") == [Self.owner])
    }

    @Test func onlyTheTransactionCommitsAndPublishes() throws {
        let committers = try Self.callers(of: "journal.commit()")
        #expect(committers.contains(Self.owner))
        // Opening a state declares the menu's new ingredients in a commit of its own, before
        // any sink or transaction exists: it publishes nothing.
        #expect(committers.subtracting([Self.owner, "Sources/KioskApplication/State/StateStore.swift"]) == [])
        #expect(try !SourceTree.text("Sources/KioskApplication/State/StateStore.swift").contains("publish("))
    }
}
