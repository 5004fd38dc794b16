import CMicroHTTPD
import KioskSystem
import KioskWire
import Synchronization

/// The HTTP server: libmicrohttpd on its own epoll thread, behind this one wall. The only
/// file that imports `CMicroHTTPD`.
///
/// libmicrohttpd reads and writes the sockets and parses HTTP; for each request it calls
/// the access handler below, on its thread, which hands the whole request to the
/// `HTTPRequestHandler` and queues what it answers. An answer that takes longer (a command
/// for the session) suspends the connection, so the thread goes on with the others, and
/// resumes it when `HTTPExchange.respond` is called. Callbacks find this object through
/// their `cls` pointer, and each request its `HTTPExchange` through the request's own
/// pointer: no global state.
public final class MicroHTTPDaemon: @unchecked Sendable {
    private let library: Library
    private let handler: any HTTPRequestHandler
    private let settings: DaemonSettings
    /// The daemon's address: set once by `init`; stopped (and set to 0) once by `stop`.
    private let state = Mutex<UInt>(0)
    /// The last message of libmicrohttpd's, for a start that failed.
    private let log: UnsafeMutablePointer<kiosk_mhd_log>
    /// The TLS key and certificate, kept while the daemon may read them.
    private var tlsStrings: [UnsafeMutablePointer<CChar>] = []
    /// Connections suspended and not yet answered: all must be resumed before the daemon
    /// stops, or libmicrohttpd leaks them.
    private let suspended = Atomic<Int>(0)
    /// The listening socket until it is closed by `stopAccepting`.
    private let listening = Mutex<Int32?>(nil)
    /// The sockets of the streams being sent, watched for clients that hang up.
    private let hangUps = HangUpWatch()
    /// Requests whose head is in and that are not over yet: reading their bodies, waiting
    /// for an answer, or sending it.
    private let inHand = Atomic<Int>(0)

    /// Starts serving on `socket`, which the daemon takes over. A failure closes it.
    public init(socket: ListeningSocket, settings: DaemonSettings, handler: any HTTPRequestHandler) throws(DaemonError) {
        self.handler = handler
        self.settings = settings
        log = .allocate(capacity: 1)
        log.initialize(to: kiosk_mhd_log())
        do throws(DaemonError) {
            library = try Library.load()
        } catch {
            socket.close()
            throw error
        }
        if settings.tls != nil, !kiosk_mhd_has_tls(library.api) {
            socket.close()
            throw .noTLS
        }
        var raw = kiosk_mhd_settings()
        raw.listen_socket = socket.descriptor
        raw.ipv6 = socket.isIPv6
        raw.connection_limit = UInt32(clamping: settings.connectionLimit)
        raw.per_address_limit = UInt32(clamping: settings.perAddressLimit)
        raw.connection_timeout = UInt32(clamping: settings.idleTimeoutSeconds)
        raw.connection_memory_limit = settings.connectionMemory
        if let tls = settings.tls {
            let key = MicroHTTPDaemon.copy(tls.key)
            let certificate = MicroHTTPDaemon.copy(tls.certificate)
            tlsStrings = [key, certificate]
            raw.tls_key = UnsafePointer(key)
            raw.tls_certificate = UnsafePointer(certificate)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let daemon = withUnsafePointer(to: &raw) {
            kiosk_mhd_start(library.api, $0, MicroHTTPDaemon.access, me, MicroHTTPDaemon.completed, me, log)
        }
        guard let daemon else {
            socket.close()
            let message = withUnsafeBytes(of: log.pointee.last) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .startFailed(message.isEmpty ? nil : message)
        }
        state.withLock { $0 = UInt(bitPattern: daemon) }
        listening.withLock { $0 = socket.descriptor }
    }

    deinit {
        stop(deadline: .now)
        log.deinitialize(count: 1)
        log.deallocate()
        for string in tlsStrings { string.deallocate() }
    }

    /// `text` as a C string that lives until deallocated.
    private static func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = Array(text.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        return copy
    }

    /// Stops accepting connections; those open go on. For a drain.
    public func stopAccepting() {
        let daemon = OpaquePointer(bitPattern: state.withLock { $0 })
        guard let daemon, let socket = listening.withLock({ value -> Int32? in defer { value = nil }; return value }) else { return }
        let returned = kiosk_mhd_quiesce(library.api, daemon)
        FileSystem.close(returned >= 0 ? returned : socket)
    }

    /// Waits until every request whose head is in is over — its body read, its answer
    /// sent — or until `deadline`. For a drain, after `stopAccepting`.
    public func waitForRequestsInHand(until deadline: ContinuousClock.Instant) {
        while inHand.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            CurrentProcess.pause(milliseconds: 5)
        }
    }

    /// How many requests are in hand: their heads in, not yet over.
    public var requestsInHand: Int { inHand.load(ordering: .acquiring) }

    /// How many connections are suspended, waiting for an answer.
    public var suspendedCount: Int { suspended.load(ordering: .acquiring) }

    /// Stops the daemon: waits until every suspended connection has been answered (until
    /// `deadline`), then closes every connection. Later calls do nothing.
    public func stop(deadline: ContinuousClock.Instant) {
        while suspended.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            CurrentProcess.pause(milliseconds: 5)
        }
        let daemon = OpaquePointer(bitPattern: state.withLock { value -> UInt in defer { value = 0 }; return value })
        guard let daemon else { return }
        kiosk_mhd_stop(library.api, daemon)
        listening.withLock { $0 = nil }
        hangUps.stop()
    }

    // MARK: Callbacks, on libmicrohttpd's thread

    /// libmicrohttpd's access handler: called when a request's headers are in, for each
    /// piece of its body, once the body is whole, and again after a resume.
    private static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, version, upload, uploadSize, context in
        guard let cls, let connection, let context, let uploadSize else { return .NO }
        let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
        guard let existing = context.pointee else {
            let exchange = daemon.start(connection, url: url, method: method, version: version)
            context.pointee = Unmanaged.passRetained(exchange).toOpaque()
            daemon.inHand.add(1, ordering: .releasing)
            return daemon.headersArrived(exchange, on: connection) ? .YES : .NO
        }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let more = daemon.read(upload, count: uploadSize.pointee, into: exchange)
            uploadSize.pointee = 0
            // No answer can be queued in the middle of a body: past what is read and dropped
            // for one, the connection is closed instead.
            return more ? .YES : .NO
        }
        return daemon.proceed(exchange, on: connection) ? .YES : .NO
    }

    /// libmicrohttpd's completion callback: the request is over, one way or another.
    private static let completed: MHD_RequestCompletedCallback = { cls, _, context, termination in
        guard let cls, let context, let existing = context.pointee else { return }
        context.pointee = nil
        let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeRetainedValue()
        daemon.inHand.subtract(1, ordering: .releasing)
        if exchange.phase == .suspended {
            // Closed while suspended (the daemon stopping): no longer waited for.
            exchange.phase = .answered
            daemon.suspended.subtract(1, ordering: .releasing)
        }
        // 0 is MHD_REQUEST_TERMINATED_COMPLETED_OK: the response was sent whole.
        daemon.handler.finished(exchange, completed: termination.rawValue == 0)
    }

    /// The request line and headers are in: the exchange that carries them.
    private func start(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?) -> HTTPExchange {
        var client = ""
        if let address = kiosk_mhd_client_address(library.api, connection) {
            client = ListeningSocket.numericHost(UnsafeRawPointer(address)) ?? ""
        }
        let target = RequestTarget(url.map { String(cString: $0) } ?? "/")
        let exchange = HTTPExchange(
            method: method.map { String(cString: $0) } ?? "", path: target.path, version: version.map { String(cString: $0) } ?? "",
            headers: fields(of: connection, .HEADER_KIND), query: fields(of: connection, .GET_ARGUMENT_KIND), client: client
        )
        exchange.authority = target.authority
        exchange.headSize = kiosk_mhd_header_size(library.api, connection)
        exchange.targetLength = target.length + RequestTarget.queryLength(exchange.query)
        return exchange
    }

    /// The headers, or the query's arguments, of a request.
    private func fields(of connection: OpaquePointer, _ kind: MHD_ValueKind) -> [HTTPField] {
        var fields: [HTTPField] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = kiosk_mhd_values(library.api, connection, kind, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let fields = cls.assumingMemoryBound(to: [HTTPField].self)
                fields.pointee.append(HTTPField(String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, pointer)
        }
        return fields
    }

    /// The head is in: a request whose framing is refused, or one the handler answers at
    /// once, is answered before any of its body is read (libmicrohttpd then drops the body
    /// and closes); any other goes on to its body.
    private func headersArrived(_ exchange: HTTPExchange, on connection: OpaquePointer) -> Bool {
        let problem = RequestFraming.problem(
            version: exchange.version, headers: exchange.headers, headSize: exchange.headSize, targetLength: exchange.targetLength,
            bodyLimit: settings.bodyLimit, headLimit: settings.headLimit
        )
        if let problem {
            var refusal = handler.refuse(exchange, because: problem)
            // The bytes after this head are no request anyone agrees on: none is read.
            refusal.set("Connection", "close")
            return queue(refusal, for: exchange, on: connection)
        }
        guard let early = handler.headersArrived(exchange) else { return true }
        return queue(early, for: exchange, on: connection)
    }

    /// A piece of the body: kept up to the limit, dropped after it; `false` once a body
    /// (a chunked one: a declared length past the limit was refused) has gone on past
    /// `droppedBodyLimit`.
    private func read(_ upload: UnsafePointer<CChar>?, count: Int, into exchange: HTTPExchange) -> Bool {
        exchange.bodyBytes += count
        guard let upload, exchange.phase == .reading else { return true }
        guard !exchange.bodyExceeded else { return exchange.bodyBytes <= settings.droppedBodyLimit }
        guard exchange.body.count + count <= settings.bodyLimit else {
            exchange.bodyExceeded = true
            exchange.body = []
            return exchange.bodyBytes <= settings.droppedBodyLimit
        }
        UnsafeRawPointer(upload).withMemoryRebound(to: UInt8.self, capacity: count) {
            exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
        return true
    }

    /// The body is whole, or the connection was resumed: hand the request on, or queue its
    /// answer.
    private func proceed(_ exchange: HTTPExchange, on connection: OpaquePointer) -> Bool {
        switch exchange.phase {
        case .reading:
            switch handler.handle(exchange) {
            case .respond(let response):
                return queue(response, for: exchange, on: connection)
            case .later(let start):
                exchange.phase = .suspended
                let library = self.library
                // A connection pointer is an address libmicrohttpd keeps until the
                // request completes, which cannot happen while it is suspended.
                let address = UInt(bitPattern: connection)
                exchange.resume = {
                    guard let connection = OpaquePointer(bitPattern: address) else { return }
                    kiosk_mhd_resume(library.api, connection)
                }
                suspended.add(1, ordering: .releasing)
                kiosk_mhd_suspend(library.api, connection)
                start()
                return true
            }
        case .suspended:
            guard let response = exchange.takeResponse() else { return true }
            suspended.subtract(1, ordering: .releasing)
            return queue(response, for: exchange, on: connection)
        case .answered:
            return true
        }
    }

    /// Queues `response` on the connection: libmicrohttpd copies the body and sends it, or
    /// reads a stream's as it comes.
    private func queue(_ response: HTTPResponse, for exchange: HTTPExchange, on connection: OpaquePointer) -> Bool {
        exchange.phase = .answered
        exchange.answeredStatus = response.status
        exchange.answeredBytes = response.body.count
        let made = if let stream = response.stream {
            streamResponse(stream, on: connection)
        } else {
            response.body.withUnsafeBytes { kiosk_mhd_response(library.api, $0.baseAddress, $0.count) }
        }
        guard let made else { return false }
        defer { kiosk_mhd_destroy_response(library.api, made) }
        for field in response.headers {
            _ = kiosk_mhd_add_header(library.api, made, field.name, field.value)
        }
        return kiosk_mhd_queue(library.api, connection, UInt32(clamping: response.status), made)
    }

    // MARK: Streams

    /// What a stream's callbacks need: the stream, how to park and resume its connection,
    /// and whether its client hung up. Retained by the response; released by its free
    /// callback.
    private final class StreamContext: @unchecked Sendable {
        let stream: any HTTPStream
        let library: Library
        let connection: UInt
        let hangUps: HangUpWatch
        /// Set by the hang-up watch before it resumes the connection: the next read ends it.
        let hungUp = Atomic<Bool>(false)
        /// The watch's token, set once before the response is queued.
        var token: Int?

        init(stream: any HTTPStream, library: Library, connection: UInt, hangUps: HangUpWatch) {
            self.stream = stream
            self.library = library
            self.connection = connection
            self.hangUps = hangUps
        }
    }

    /// A chunked response whose body `stream` gives.
    private func streamResponse(_ stream: any HTTPStream, on connection: OpaquePointer) -> OpaquePointer? {
        let library = self.library
        // A connection pointer is an address libmicrohttpd keeps until the request completes,
        // which cannot happen while it is suspended: the only time `resume` is called.
        let address = UInt(bitPattern: connection)
        stream.attach {
            guard let connection = OpaquePointer(bitPattern: address) else { return }
            kiosk_mhd_resume(library.api, connection)
        }
        let holder = StreamContext(stream: stream, library: library, connection: address, hangUps: hangUps)
        let context = Unmanaged.passRetained(holder).toOpaque()
        guard let response = kiosk_mhd_stream_response(library.api, 16 * 1024, MicroHTTPDaemon.readStream, context, MicroHTTPDaemon.freeStream) else {
            Unmanaged<StreamContext>.fromOpaque(context).release()
            return nil
        }
        let socket = kiosk_mhd_connection_socket(library.api, connection)
        if socket >= 0 {
            holder.token = hangUps.watch(socket) {
                holder.hungUp.store(true, ordering: .releasing)
                holder.stream.hangUp()
            }
        }
        return response
    }

    /// libmicrohttpd's content reader: the stream's next bytes, or a park, or the end.
    private static let readStream: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
        let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
        // The client is gone: close the connection now rather than write to it.
        if context.hungUp.load(ordering: .acquiring) { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
        let target = UnsafeMutableRawBufferPointer(start: buffer, count: max)
        var filled = 0
        let read = context.stream.read(upTo: max) {
            guard let connection = OpaquePointer(bitPattern: context.connection) else { return }
            kiosk_mhd_suspend(context.library.api, connection)
        } copy: { piece in
            // The one copy into libmicrohttpd's buffer; the stream hands out at most `max` bytes.
            UnsafeMutableRawBufferPointer(rebasing: target[filled..<filled + piece.count]).copyBytes(from: piece)
            filled += piece.count
        }
        guard let read else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        return read
    }

    /// libmicrohttpd is done with a stream's response.
    private static let freeStream: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
        if let token = context.token { context.hangUps.forget(token) }
        context.stream.closed()
    }

    // MARK: The library

    /// libmicrohttpd, loaded the first time a daemon starts: its table of functions.
    private struct Library: @unchecked Sendable {
        /// Filled in once, before anyone can see it, and never written again.
        let api: UnsafePointer<kiosk_mhd_api>

        /// A lazy static: Swift loads it once, whichever thread asks first.
        private static let loaded: Result<Library, DaemonError> = {
            let table = UnsafeMutablePointer<kiosk_mhd_api>.allocate(capacity: 1)
            table.initialize(to: kiosk_mhd_api())
            if let failure = kiosk_mhd_load(table) {
                let reason = String(cString: failure)
                table.deallocate()
                return .failure(.libraryUnavailable(reason))
            }
            return .success(Library(api: UnsafePointer(table)))
        }()

        static func load() throws(DaemonError) -> Library {
            try loaded.get()
        }
    }

    /// The library loaded, as `kiosk --version` names it.
    public static let libraryName = "libmicrohttpd.so.12"

    /// The version of libmicrohttpd, or why it cannot be loaded.
    public static func libraryVersion() throws(DaemonError) -> String {
        String(cString: kiosk_mhd_version(try Library.load().api))
    }
}
