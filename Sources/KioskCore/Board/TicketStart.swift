/// A part a station started, and when it will be ready: what a simulator reads of a
/// start (`StartRecorder`).
package struct TicketStart: Sendable, Hashable {
    package let ticket: Int
    package let station: Int
    /// Milliseconds since 1970.
    package let start: Int64
    /// When the part will be done, in milliseconds since 1970.
    package let ready: Int64

    package init(ticket: Int, station: Int, start: Int64, ready: Int64) {
        self.ticket = ticket
        self.station = station
        self.start = start
        self.ready = ready
    }
}
