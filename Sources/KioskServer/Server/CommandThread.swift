import KioskApplication
import KioskCore
import KioskSystem

/// The one thread that owns the session: every request that needs the kiosk waits in a
/// bounded queue for it.
///
/// Group commit: the thread takes everything queued at once, runs each command in one
/// transaction (`Session.execute`), makes them durable with one `Session.commit` (one
/// `fdatasync`), hands their events to the sinks, and only then answers each request. A 2xx
/// for a change therefore means its record is on disk; and while one group is being
/// flushed the next gathers, so many clients cost few flushes. Reads wait their turn too:
/// each transaction first catches up with what other processes on the state wrote.
final class CommandThread: @unchecked Sendable {
    /// Used on the thread alone, and by the owner once `stop` has returned.
    private let session: Session
    /// Guards `queue`, `stopping`, `running` and `wakeUp`.
    private let condition = Condition()
    private var queue: [ServerJob] = []
    private var stopping = false
    private var running = false
    private var wakeUp = false
    /// Requests waiting at most; past it a request is answered 503 at once, so a flood
    /// cannot grow the server's memory.
    let capacity: Int
    /// Answers a request: adds the server's headers and resumes the connection.
    private let deliver: @Sendable (HTTPExchange, HTTPResponse) -> Void

    /// Where a SIGHUP's reload that failed is reported, with its diagnostics.
    private let errors: FileOutput?
    /// What a made order's answer gives the customer to pay it with.
    private let paymentKeys: PaymentKeys
    /// Whether the last reload — a SIGHUP's or `POST /reload` — failed: the old menu goes
    /// on, and the health answer says so until a reload succeeds. The thread's alone.
    private var reloadFailed = false
    /// The SIGHUPs counted when the thread last looked.
    private var hangupsSeen = 0

    init(
        session: Session, capacity: Int, errors: FileOutput?, paymentKeys: PaymentKeys,
        deliver: @escaping @Sendable (HTTPExchange, HTTPResponse) -> Void
    ) {
        self.session = session
        self.capacity = capacity
        self.errors = errors
        self.paymentKeys = paymentKeys
        self.deliver = deliver
    }

    /// Starts the thread.
    func start() {
        condition.withLock { running = true }
        WorkerThread.start(name: "kiosk-commands") { [self] in
            loop()
            condition.withLock {
                running = false
                condition.broadcast()
            }
        }
    }

    /// Queues a job; `false` when the queue is full or the thread is stopping (the caller
    /// answers 503).
    func submit(_ job: ServerJob) -> Bool {
        condition.withLock {
            guard !stopping, queue.count < capacity else { return false }
            queue.append(job)
            if queue.count == 1 { condition.signal() }
            return true
        }
    }

    /// Whether `stop` was called: new jobs are refused.
    var isStopping: Bool { condition.withLock { stopping } }

    /// Makes the thread look at the signals (a SIGHUP's reload) now.
    func wake() {
        condition.withLock {
            wakeUp = true
            condition.signal()
        }
    }

    /// Answers what is queued, then ends the thread; returns once it has ended, or at
    /// `deadline`. Afterwards the session is the caller's again.
    @discardableResult
    func stop(deadline: ContinuousClock.Instant) -> Bool {
        condition.withLock {
            stopping = true
            condition.broadcast()
            while running {
                if !condition.wait(until: deadline) { break }
            }
            return !running
        }
    }

    // MARK: The thread

    private func loop() {
        while true {
            let (jobs, stop) = nextJobs()
            if jobs.isEmpty {
                if stop { return }
                idle()
                continue
            }
            runGroup(jobs)
        }
    }

    /// Everything queued, once there is something, a SIGHUP, a board change due, or a stop.
    private func nextJobs() -> (jobs: [ServerJob], stop: Bool) {
        let due = boardDeadline()
        return condition.withLock {
            while queue.isEmpty, !stopping, !wakeUp {
                if let due {
                    if !condition.wait(until: due) { break }
                } else {
                    condition.wait()
                }
            }
            wakeUp = false
            let jobs = queue
            queue.removeAll(keepingCapacity: true)
            return (jobs, stopping)
        }
    }

    /// When the board next changes by itself, on the wall clock; `nil` when nothing is
    /// scheduled or the clock is virtual (only `wait` moves it).
    private func boardDeadline() -> ContinuousClock.Instant? {
        guard !session.time.isVirtual, let due = session.kiosk.nextScheduledChange else { return nil }
        // At least 10 ms: a tick that cannot commit (a broken journal) must not spin.
        let wait = max(10, due.millisecondsSince1970 - session.time.now().millisecondsSince1970)
        return .now + .milliseconds(min(wait, 60_000))
    }

    /// Nothing asked: a SIGHUP's reload, or what the board did by itself, committed and
    /// sent to the sinks.
    private func idle() {
        if !reloadIfHungUp().isEmpty, let failure = session.commit() {
            // The new menu was undone with the commit: say so where an operator looks.
            reloadFailed = true
            if let errors {
                errors.write("SIGHUP: " + ErrorText().message(failure) + "\n")
                errors.flush()
            }
        }
        _ = session.tick()
    }

    /// A SIGHUP's reload, when one came: its events. One that failed is reported on
    /// standard error as a batch reports it, with the menu's diagnostics: nobody asked
    /// for it over HTTP, so no answer would show them.
    @discardableResult
    private func reloadIfHungUp() -> [Event] {
        let hangups = Signals.hangupCount
        let reload = session.reloadIfHungUp()
        // A reload that changed nothing returns no result, and succeeded all the same.
        if hangups != hangupsSeen || reload != nil { reloadFailed = reload?.error != nil }
        hangupsSeen = hangups
        guard let reload else { return [] }
        if let error = reload.error, let errors {
            errors.write("SIGHUP: " + ErrorText().message(error) + "\n")
            errors.flush()
        }
        return reload.events
    }

    /// What a job of a group came to: a command's result, or an answer given before (a
    /// retry under an `Idempotency-Key`) or at once.
    private enum Outcome {
        case result(CommandResult)
        case answer(HTTPResponse)
    }

    /// Runs a group of jobs in one transaction, commits once, then answers each.
    private func runGroup(_ jobs: [ServerJob]) {
        reloadIfHungUp()
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(jobs.count)
        for job in jobs {
            let outcome = run(job)
            if case .result(let result) = outcome, result.command.name == "reload" { reloadFailed = result.error != nil }
            outcomes.append(outcome)
        }
        // The commit hands the group's events (a SIGHUP's reload first) to the sinks.
        if let failure = session.commit() { undo(&outcomes, of: jobs, because: failure) }
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .result(let result): deliver(job.exchange, response(for: job.work, result))
            case .answer(let response): deliver(job.exchange, response)
            }
        }
    }

    /// Runs one job. Under an `Idempotency-Key`, a retry gets the answer given before — by
    /// this process or another on the state, before a restart too — and runs nothing; the
    /// key with another request is refused; otherwise the answer goes into the record of
    /// what the command did, so the two are kept or lost together.
    private func run(_ job: ServerJob) -> Outcome {
        let command = command(for: job.work)
        session.operatorName = job.operatorName
        guard let idempotency = job.idempotency else { return .result(session.execute(command)) }
        switch session.answeredRequest(key: idempotency.key) {
        case .failure(let error):
            return .result(CommandResult(command: command, error: error))
        case .success(let answer?):
            guard answer.request == idempotency.request else { return .answer(CommandResponse.problemResponse(.idempotencyKeyReused)) }
            return .answer(CommandResponse.replay(answer))
        case .success(nil):
            let time = session.time.now()
            return .result(session.execute(command) { [self] result in
                // Nothing done, nothing to keep: the same request gives the same answer again.
                guard !result.events.isEmpty else { return [] }
                let response = response(for: job.work, result)
                let answer = AnsweredRequest(
                    key: idempotency.key, time: time, request: idempotency.request, status: response.status,
                    body: String(decoding: response.body, as: UTF8.self)
                )
                return [.requestAnswered(answer)]
            })
        }
    }

    /// A commit failed: the session undid every command of the group; from the first that
    /// changed something on, each outcome — which saw those changes, or replayed an answer
    /// given in this group — becomes the failure.
    private func undo(_ outcomes: inout [Outcome], of jobs: [ServerJob], because failure: CommandError) {
        guard let first = outcomes.firstIndex(where: { if case .result(let result) = $0 { !result.events.isEmpty } else { false } }) else { return }
        for index in first..<outcomes.count {
            outcomes[index] = .result(CommandResult(command: command(for: jobs[index].work), error: failure))
        }
    }

    private func command(for work: ServerJob.Work) -> Command {
        switch work {
        case .command(let command, _, _): command
        case .health: Command(entry: session.commands.entry(named: "sinks") ?? CommandThread.missing, arguments: SinksCommand.Arguments.statuses)
        }
    }

    private func response(for work: ServerJob.Work, _ result: CommandResult) -> HTTPResponse {
        switch work {
        case .command(_, let created, let pathNames):
            CommandResponse.response(for: result, created: created, pathNames: pathNames, paymentKey: paymentKey)
        case .health: CommandResponse.health(result, reloadFailed: reloadFailed)
        }
    }

    /// What a made order's answer carries for its customer to pay it with, on a menu that
    /// takes payments.
    private var paymentKey: ((UInt64) -> String)? {
        guard session.kiosk.menu.checkout != nil else { return nil }
        let keys = paymentKeys
        return { order in keys.key(for: order) }
    }

    /// Stands in for a `sinks` command a table without one lacks: its run fails as usage.
    private static let missing = CommandEntry(
        "sinks", synopsis: "sinks", summary: "", details: "", handler: SinksCommand.self
    )
}
