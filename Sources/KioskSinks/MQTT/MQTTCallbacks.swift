import CMosquitto
import KioskSystem
import Synchronization

/// libmosquitto's callbacks, and the one table through which they reach their client.
///
/// A C callback cannot capture context, and handing libmosquitto a Swift object as its
/// userdata pointer would leave the object's lifetime to C. Instead each callback finds
/// its client by the handle's address, under a lock. A client is in the table from before
/// its first connection until just before its handle is destroyed, and no callback runs
/// after that (the network thread is stopped first).
enum MQTTCallbacks {
    private static let clients = Mutex<[UInt: MQTTClient]>([:])

    static func register(_ client: MQTTClient, handle: OpaquePointer) {
        clients.withLock { $0[UInt(bitPattern: Int(bitPattern: handle))] = client }
    }

    static func unregister(handle: OpaquePointer) {
        _ = clients.withLock { $0.removeValue(forKey: UInt(bitPattern: Int(bitPattern: handle))) }
    }

    private static func client(for handle: OpaquePointer?) -> MQTTClient? {
        guard let handle else { return nil }
        return clients.withLock { $0[UInt(bitPattern: Int(bitPattern: handle))] }
    }

    /// Points the handle's callbacks at the clients in the table.
    static func install(on handle: OpaquePointer, library: MQTTLibrary) {
        kiosk_mosq_callbacks_set(
            library.api, handle,
            { handle, _, code, _, _ in
                MQTTCallbacks.client(for: handle)?.didConnect(code: code)
            },
            { handle, _, code, _ in
                let errorNumber = SystemError.current().code
                MQTTCallbacks.client(for: handle)?.didDisconnect(code: code, errorNumber: errorNumber)
            },
            { handle, _, mid, reason, _ in
                MQTTCallbacks.client(for: handle)?.didPublish(mid: mid, reason: reason)
            },
            nil
        )
    }

    /// Turns the log callback on (while connecting: a TLS failure is only told there) or
    /// off (once connected: libmosquitto formats a line for every packet while it is on).
    static func logErrors(_ enabled: Bool, on handle: OpaquePointer, library: MQTTLibrary) {
        guard enabled else {
            kiosk_mosq_log_callback_set(library.api, handle, nil)
            return
        }
        kiosk_mosq_log_callback_set(library.api, handle) { handle, _, level, text in
            guard level & MOSQ_LOG_ERR != 0, let text else { return }
            MQTTCallbacks.client(for: handle)?.didLogError(String(cString: text))
        }
    }
}
