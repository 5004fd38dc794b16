import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KioskWire
import Synchronization

/// Sends webhook POSTs with URLSession: an ephemeral session (no cookies, no cache),
/// connections kept alive, redirects never followed.
///
/// Every request is bounded: `timeout` covers the whole exchange — a receiver that
/// trickles its answer a byte at a time, streams an endless body, or never reads the
/// request fails at the deadline — and no answer's body is kept, only counted.
///
/// On Linux a fresh connection would busy-wait until its first answer: URLSession keeps the
/// write-readiness source it armed for the connect when libcurl turns to reading, and a
/// writable socket fires it without pause. Nothing in the API avoids it; the executable's
/// own `curl_multi_setopt` (the `CKioskHTTP` target) does, under URLSession.
final class URLSessionTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var session: URLSession?
    /// Delegate callbacks run here, one at a time.
    private let queue = DispatchQueue(label: "kiosk-http.requests")
    /// Deadlines fire here: never behind a flood of delegate callbacks.
    private let deadlines = DispatchQueue(label: "kiosk-http.deadlines")

    /// Bytes of an answer's body read before the transfer is dropped: the status is all a
    /// webhook needs, and an endless body must not grow the helper.
    static let bodyCap = 64 << 10

    private struct Pending {
        let completion: @Sendable (HTTPOutcome) -> Void
        var response: HTTPURLResponse?
        var received = 0
        /// The body passed the cap and the transfer was dropped: the request ends, failed,
        /// at its deadline, as one whose answer never ends.
        var dropped = false
    }

    /// Requests in flight, by task identifier.
    private let pending = Mutex<[Int: Pending]>([:])

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Delegate calls on a dispatch queue rather than the default operation queue: fewer
        // thread hops per request, which weigh on what a request costs on Linux.
        let delegates = OperationQueue()
        delegates.underlyingQueue = queue
        delegates.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegates)
    }

    /// Sends `request`; `completion` runs once, on one of the transport's queues, with the
    /// outcome.
    func post(_ request: HTTPRequest, completion: @escaping @Sendable (HTTPOutcome) -> Void) {
        guard let session, let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            completion(.failure("the URL is not an http:// or https:// URL"))
            return
        }
        let seconds = max(0.001, Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18)
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        // URLSession's own timeout is an idle one: ours, below, bounds the whole exchange.
        urlRequest.timeoutInterval = seconds + 5
        urlRequest.httpBody = Data(request.body)
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        let task = session.dataTask(with: urlRequest)
        let identifier = task.taskIdentifier
        pending.withLock { $0[identifier] = Pending(completion: completion) }
        task.resume()
        deadlines.asyncAfter(deadline: .now() + seconds) { [self] in
            guard let timedOut = pending.withLock({ $0.removeValue(forKey: identifier) }) else { return }
            task.cancel()
            let answer = timedOut.dropped ? "no complete answer" : "no answer"
            timedOut.completion(.failure("\(answer) within \(URLSessionTransport.describe(request.timeout))"))
        }
    }

    // MARK: URLSessionDataDelegate (on `queue`)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    /// The body is counted, never kept; past the cap the transfer is dropped.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowing = pending.withLock { pending -> Bool in
            guard var request = pending[dataTask.taskIdentifier], !request.dropped else { return false }
            request.received += data.count
            request.dropped = request.received > URLSessionTransport.bodyCap
            pending[dataTask.taskIdentifier] = request
            return request.dropped
        }
        if overflowing { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task.taskIdentifier, error: error)
    }

    /// Never follow a redirect: the sink gets the 3xx and reports it.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    private func finish(_ identifier: Int, error: (any Error)?) {
        let finished = pending.withLock { pending -> Pending? in
            guard pending[identifier]?.dropped == false else { return nil }
            return pending.removeValue(forKey: identifier)
        }
        guard let request = finished else { return }
        if let http = request.response {
            request.completion(.response(
                status: http.statusCode,
                retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                location: http.value(forHTTPHeaderField: "Location")
            ))
        } else {
            request.completion(.failure(error.map(URLSessionTransport.describe) ?? "no response"))
        }
    }

    /// A network error in words a person reads in `sinks`, not Foundation's codes.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        return switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .timedOut: "timed out"
        case .networkConnectionLost: "the connection was closed before an answer"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .notConnectedToInternet: "no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            "TLS failed (\(error.localizedDescription))"
        case .badServerResponse: "a malformed answer"
        default: error.localizedDescription
        }
    }

    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
