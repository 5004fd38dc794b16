import KioskSinks

/// `sinks [failed|retry [SINK]]`: each sink's counters; the events sinks gave up on; those
/// events sent again.
public enum SinksCommand: CommandHandler {
    public enum Arguments: CommandArguments, Equatable {
        case statuses
        /// The events a sink (or every sink) gave up on.
        case failed(sink: String?)
        /// Send them again.
        case retry(sink: String?)
    }

    public static func parse(_ words: CommandWords) throws(CommandError) -> Arguments {
        let list = words.words
        guard let first = list.first else { return .statuses }
        let sink = list.count > 1 ? list.dropFirst().joined(separator: " ") : nil
        switch try words.subcommand(first) {
        case "failed": return .failed(sink: sink)
        case "retry": return .retry(sink: sink)
        default: throw words.usage
        }
    }

    public static func run(_ arguments: Arguments, in session: Session) throws(CommandError) -> CommandOutput {
        switch arguments {
        case .statuses: .sinks(statuses(in: session))
        case .failed(let sink): .failedEvents(try failedEvents(of: sink, in: session))
        case .retry(let sink): .retried(try retryFailedEvents(of: sink, in: session))
        }
    }

    /// Every sink's counters, with what waits in the journal and what failed for good.
    private static func statuses(in session: Session) -> [SinkStatus] {
        let backlog = session.dispatcher.backlog(lastSequence: session.kiosk.sequence)
        return session.dispatcher.statuses.map { status in
            var status = status
            if let waiting = backlog[status.name] { status.waiting = waiting }
            if let store = session.store { status.failed = store.deliveries.failures(of: status.name).count }
            return status
        }
    }

    /// The sinks a `sinks failed|retry` command names: all of them, one by its name, or
    /// the one of a kind.
    private static func sinkNames(matching name: String?, in session: Session) throws(CommandError) -> [String] {
        let background = session.dispatcher.backgroundNames
        let names = background + (session.store?.deliveries.bySink.keys.sorted() ?? []).filter { !background.contains($0) }
        guard let name else { return names }
        if names.contains(name) { return [name] }
        let ofKind = names.filter { $0.split(separator: " ").first.map(String.init) == name }
        if ofKind.count == 1 { return ofKind }
        throw .unknownSink(name, known: names)
    }

    private static func failedEvents(of name: String?, in session: Session) throws(CommandError) -> [FailedEvent] {
        guard let store = session.store else { return [] }
        return try sinkNames(matching: name, in: session).flatMap { sink in
            store.deliveries.failures(of: sink).map { FailedEvent(sink: sink, event: $0.event, reason: $0.reason, retrying: $0.retrying) }
        }
    }

    /// Marks the failed events as retried in the journal and hands them to their sinks.
    private static func retryFailedEvents(of name: String?, in session: Session) throws(CommandError) -> [RetriedSink] {
        guard let store = session.store else { return [] }
        var retried: [RetriedSink] = []
        for sink in try sinkNames(matching: name, in: session) {
            let events = store.deliveries.failures(of: sink).map(\.event)
            guard !events.isEmpty, session.dispatcher.retry(sink: sink, events: events) else {
                retried.append(RetriedSink(sink: sink, count: 0))
                continue
            }
            session.facts.append(.retryRequested(sink: sink))
            retried.append(RetriedSink(sink: sink, count: events.count))
        }
        return retried
    }
}
