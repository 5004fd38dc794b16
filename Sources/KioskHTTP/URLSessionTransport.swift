import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KioskSinks

/// Sends webhook POSTs with URLSession: an ephemeral session (no cookies, no cache),
/// connections kept alive, redirects never followed.
final class URLSessionTransport: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private var session: URLSession?
    /// Kept here: an operation queue holds its underlying queue unowned.
    private let completionQueue = DispatchQueue(label: "kiosk-http.completions")

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Completions on a dispatch queue rather than the default operation queue: fewer
        // thread hops per request, which on Linux is most of what a request costs.
        let completions = OperationQueue()
        completions.underlyingQueue = completionQueue
        completions.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: completions)
    }

    /// Sends `request`; `completion` runs on a URLSession queue with the outcome.
    func post(_ request: HTTPRequest, completion: @escaping @Sendable (HTTPOutcome) -> Void) {
        guard let session, let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            completion(.failure("'\(request.url)' is not an http:// or https:// URL"))
            return
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        urlRequest.timeoutInterval = max(0.001, Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18)
        urlRequest.httpBody = Data(request.body)
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        session.dataTask(with: urlRequest) { _, response, error in
            if let http = response as? HTTPURLResponse {
                completion(.response(
                    status: http.statusCode,
                    retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                    location: http.value(forHTTPHeaderField: "Location")
                ))
            } else {
                completion(.failure(error?.localizedDescription ?? "no response"))
            }
        }.resume()
    }

    /// Never follow a redirect: the sink gets the 3xx and reports it.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
