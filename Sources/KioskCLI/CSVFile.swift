import KioskCore
import KioskSimulation
import KioskSystem

/// `--csv FILE`: one line per customer, written as the run goes, never held in memory.
final class CSVFile {
    private let path: String
    private let format: CustomerCSV
    private let file: FileOutput

    /// Creates or empties the file and writes the header.
    init(path: String, menu: Menu, configuration: SimulationConfiguration, replications: Int) throws(SimulateFailure) {
        self.path = path
        format = CustomerCSV(menu: menu, configuration: configuration, replications: replications)
        let descriptor: Int32
        do throws(SystemError) {
            descriptor = try FileSystem.openForAppending(path)
        } catch {
            throw .csv(path: path, error, opening: true)
        }
        FileSystem.truncate(descriptor, to: 0)
        file = FileOutput(descriptor: descriptor, limit: 256 << 10)
        file.write(format.header)
    }

    func write(_ record: CustomerRecord) {
        file.write(format.line(record))
    }

    /// Writes what is buffered and closes the file.
    func close() throws(SimulateFailure) {
        let written = file.flush()
        FileSystem.close(file.descriptor)
        guard written else { throw .csv(path: path, SystemError(code: 5, path: path), opening: false) }
    }
}
