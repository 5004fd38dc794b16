import KioskSystem

/// The sockets of the streams being sent, watched for clients that hang up.
///
/// A stream with nothing to send parks its connection, and libmicrohttpd reads no parked
/// connection: a client that closed one would be noticed only at the stream's next write
/// (its keep-alive comment, seconds later), holding its place in the stream limit and in
/// its address's connection limit until then. This thread looks at the sockets a few times
/// a second, only while there are streams, and tells each whose client has gone.
final class HangUpWatch: @unchecked Sendable {
    /// How long one look waits for a hang-up, in milliseconds: a stream added meanwhile is
    /// watched from the next look.
    static let interval: Int32 = 250

    /// Guards everything below.
    private let condition = Condition()
    private var watched: [Int: (socket: Int32, gone: @Sendable () -> Void)] = [:]
    private var lastToken = 0
    private var started = false
    private var running = false
    private var stopping = false

    /// Watches `socket`; `gone` is called once, on the watch's thread, if its client hangs
    /// up before `forget`. Returns the token to forget it by.
    func watch(_ socket: Int32, gone: @escaping @Sendable () -> Void) -> Int {
        let (token, start) = condition.withLock { () -> (Int, Bool) in
            lastToken += 1
            watched[lastToken] = (socket, gone)
            condition.signal()
            guard !started, !stopping else { return (lastToken, false) }
            started = true
            running = true
            return (lastToken, true)
        }
        if start { WorkerThread.start(name: "kiosk-hangups") { [self] in loop() } }
        return token
    }

    /// The stream is over: its socket may be closed and its number reused.
    func forget(_ token: Int) {
        condition.withLock { _ = watched.removeValue(forKey: token) }
    }

    /// Ends the thread; returns once it has ended.
    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
            while running { condition.wait() }
        }
    }

    private func loop() {
        while let entries = next() {
            for index in PeerHangUp.find(in: entries.map(\.socket), waitingUpTo: HangUpWatch.interval) {
                // Only a stream not forgotten meanwhile: a forgotten one's socket number may
                // already be another connection's.
                let gone = condition.withLock { watched.removeValue(forKey: entries[index].token)?.gone }
                gone?()
            }
        }
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    /// The sockets to look at, once there are some; `nil` once stopping.
    private func next() -> [(token: Int, socket: Int32)]? {
        condition.withLock {
            while watched.isEmpty, !stopping { condition.wait() }
            return stopping ? nil : watched.map { (token: $0.key, socket: $0.value.socket) }
        }
    }
}
