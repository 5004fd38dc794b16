import KioskRecords
import KioskServer
import KioskSinks

extension RecordFormat {
    /// Every kind of record a kiosk's journal holds: the sinks' and the server's, beside
    /// the domain's.
    static let kiosk = RecordFormat.sinks.adding(.server)
}
