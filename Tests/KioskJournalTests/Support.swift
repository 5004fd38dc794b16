import KioskCore
@testable import KioskJournal
import KioskTestSupport

extension ScratchDirectory {
    /// The state directory the tests open: `state` in the scratch directory.
    var state: StateDirectory { StateDirectory(path: path + "/state") }
}
