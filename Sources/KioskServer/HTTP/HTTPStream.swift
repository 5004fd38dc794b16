/// The body of a response that goes on as long as it has something to say (an event
/// stream): the daemon asks it for bytes whenever the connection can take some.
///
/// The daemon's thread calls `read`. With nothing to send, the stream calls `suspend`
/// (which parks the connection) *while it holds the lock that guards its bytes*, remembers
/// that it did, and returns 0; whoever adds bytes later, under the same lock, sees that and
/// calls the `resume` it was given by `attach` — so a resume can never come before its
/// suspend. After `closed` the stream must never resume: the connection is gone.
public protocol HTTPStream: AnyObject, Sendable {
    /// Given by the daemon before the first `read`: resumes the connection parked by `suspend`.
    func attach(resume: @escaping @Sendable () -> Void)
    /// Hands `copy` its next bytes, up to `limit` in all, piece by piece (the daemon copies
    /// each into its buffer), and returns how many; with none ready, calls `suspend` under
    /// its lock and returns 0; returns `nil` at the end.
    func read(upTo limit: Int, suspend: () -> Void, copy: (ArraySlice<UInt8>) -> Void) -> Int?
    /// The client has gone (it closed its side of the connection): drop what waits, end,
    /// and resume the connection if it is parked, so that the daemon finds it closed.
    /// Called from another thread, at any time; after `closed` it does nothing.
    func hangUp()
    /// The response is over: sent to its end, or the connection closed.
    func closed()
}
