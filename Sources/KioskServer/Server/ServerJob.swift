import KioskApplication

/// A request for the session, waiting for the command thread: what to run, and the
/// exchange to answer.
struct ServerJob: Sendable {
    enum Work: Sendable {
        /// A command; `created`: a success is 201; `pathNames`: error codes that mean the
        /// path names nothing (404).
        case command(Command, created: Bool, pathNames: Set<String>)
        /// `GET /health`.
        case health
    }

    let exchange: HTTPExchange
    let work: Work
}
