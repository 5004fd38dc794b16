import CMosquitto
import KioskSystem

/// libmosquitto, loaded when the first client is made: its table of functions.
struct MQTTLibrary: @unchecked Sendable {
    /// Filled in once, before anyone can see it, and never written again: any thread may
    /// read it.
    let api: UnsafePointer<kiosk_mosq_api>

    /// The library, or why it cannot be had. A lazy static: Swift loads it once, whichever
    /// thread asks first.
    private static let loaded: Result<MQTTLibrary, MQTTError> = {
        let table = UnsafeMutablePointer<kiosk_mosq_api>.allocate(capacity: 1)
        table.initialize(to: kiosk_mosq_api())
        if let failure = kiosk_mosq_load(table) {
            let reason = String(cString: failure)
            table.deallocate()
            return .failure(.libraryUnavailable(reason))
        }
        return .success(MQTTLibrary(api: UnsafePointer(table)))
    }()

    static func load() throws(MQTTError) -> MQTTLibrary {
        try loaded.get()
    }

    /// The library's version (`2.0.11`), loading it but not initialising it; `nil` when it
    /// cannot be loaded.
    static func version() -> String? {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        guard kiosk_mosq_library_version(&major, &minor, &revision) == 1 else { return nil }
        return "\(major).\(minor).\(revision)"
    }

    /// libmosquitto's text for one of its error codes, as a phrase: `connection refused`.
    /// `errorNumber` is `errno` just after the call, for `MOSQ_ERR_ERRNO`.
    func reason(_ code: Int32, errorNumber: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue {
            return SystemError(code: errorNumber).reason
        }
        return MQTTLibrary.phrase(String(cString: kiosk_mosq_strerror(api, code)))
    }

    /// The text of an MQTT reason code (MQTT 5) or CONNACK code (3.1.1).
    func reason(connack code: Int32, version: MQTTProtocolVersion) -> String {
        MQTTLibrary.phrase(String(cString: version == .v5 ? kiosk_mosq_reason_string(api, code) : kiosk_mosq_connack_string(api, code)))
    }

    /// Why a connection ended: libmosquitto's code, or an MQTT 5 reason from the broker.
    func reason(disconnect code: Int32, errorNumber: Int32) -> String {
        code >= 0x80 ? MQTTLibrary.phrase(String(cString: kiosk_mosq_reason_string(api, code))) : reason(code, errorNumber: errorNumber)
    }

    /// `Connection refused.` → `connection refused`, to go after a colon.
    static func phrase(_ text: String) -> String {
        var phrase = text.hasSuffix(".") ? String(text.dropLast()) : text
        if let first = phrase.first, first.isUppercase, phrase.dropFirst().first?.isLowercase ?? true {
            phrase = first.lowercased() + phrase.dropFirst()
        }
        return phrase
    }
}
