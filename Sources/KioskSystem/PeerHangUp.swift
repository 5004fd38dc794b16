import Glibc

/// Connected sockets whose peers may have gone, for a server that parks connections it
/// has nothing to write to: a parked connection is read by nobody, so a client that closes
/// it would otherwise be noticed only at the next write.
public enum PeerHangUp {
    /// `POLLRDHUP`, which Glibc's module leaves out (it is a GNU extension): the peer shut
    /// its side of the connection.
    private static let peerShutdown = Int16(0x2000)

    /// The indices of `sockets` whose peer has closed its side, or that are in error or no
    /// longer open, waiting up to `milliseconds` for the first.
    public static func find(in sockets: [Int32], waitingUpTo milliseconds: Int32) -> [Int] {
        guard !sockets.isEmpty else { return [] }
        var entries = sockets.map { pollfd(fd: $0, events: peerShutdown, revents: 0) }
        let ready = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return [] }
        let gone = peerShutdown | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        return entries.indices.filter { entries[$0].revents & gone != 0 }
    }
}
