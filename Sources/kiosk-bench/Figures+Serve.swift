import Foundation
import KioskTestSupport

/// `kiosk serve`'s figures: durable orders over HTTP against SQLite, the menu against nginx
/// serving the same bytes, the event stream to 500 subscribers, and orders beside a
/// thousand idle or trickling connections. Load from `wrk` (Debian's package).
extension Figures {
    static let orderBody = #"{"lines":[{"item":"Mango Juice","quantity":1}]}"#

    /// A server on the billion-mango menu with a state of its own.
    private func server(_ name: String) throws -> ServerUnderBench {
        let (menu, _) = try orderFiles(1)
        let state = scratch + "/serve-\(name)"
        try? FileManager.default.removeItem(atPath: state)
        return try ServerUnderBench(kiosk: kiosk, arguments: ["--state", state, "--menu", menu], environment: environment, scratch: scratch)
    }

    private var wrkSeconds: Int { quick ? 5 : 10 }

    /// Durable `POST /orders` from 32 keep-alive connections, each order on disk before its
    /// 201, against SQLite committing one row per transaction.
    func durableOrdersOverHTTP() throws -> [Figure] {
        guard Measure.available("wrk") else { throw BenchError.failed("wrk is not installed (apt-get install wrk)") }
        let script = scratch + "/post.lua"
        try Data("""
        wrk.method = "POST"
        wrk.body = '\(Figures.orderBody)'
        wrk.headers["Content-Type"] = "application/json"

        """.utf8).write(to: URL(fileURLWithPath: script))
        var rates: [Double] = []
        var p99s: [Double] = []
        var sqlite: [Double] = []
        for round in 0..<(quick ? 2 : 3) {
            let server = try server("orders")
            let result = try WrkResult.run(url: server.url + "/orders", connections: 32, seconds: wrkSeconds, script: script)
            server.stop()
            guard result.failures == 0 else { throw BenchError.failed("\(result.failures) orders were not answered 201") }
            let baseline = try sqliteRate(quick ? 500 : 2_000)
            guard round > 0 else { continue }
            rates.append(result.requestsPerSecond)
            p99s.append(result.p99)
            sqlite.append(baseline)
        }
        let value = Measure.median(rates)
        let baseline = Measure.median(sqlite)
        let p99 = Measure.median(p99s)
        return [
            Figure(
                name: "durable POST /orders, 32 keep-alive connections", value: value, unit: "orders/s",
                baselineName: baseline.isNaN ? "sqlite3 (not installed: no ratio)" : "sqlite3 WAL synchronous=FULL, 1 INSERT per transaction",
                baseline: baseline, ratio: value / baseline, budget: "≥ 3×", holds: baseline.isNaN ? nil : value >= 3 * baseline,
                meaning: "many tablets ordering at once share group commits: each order durable before its 201, few flushes"
            ),
            Figure(
                name: "its p99 latency", value: p99, unit: "ms", budget: .atMost(25, shown: "≤ 25 ms"),
                meaning: "a customer's tap is answered within a frame or two, even under load"
            ),
        ]
    }

    /// `GET /api/v1/menu` against nginx serving the same bytes as a static file, the same
    /// load, one worker each (kiosk's HTTP runs on one thread).
    func menuOverHTTP() throws -> Figure {
        guard Measure.available("wrk"), Measure.available("nginx") else {
            throw BenchError.failed("wrk and nginx are needed (apt-get install wrk nginx-light)")
        }
        let server = try ServerUnderBench(kiosk: kiosk, arguments: [], environment: environment, scratch: scratch)
        defer { server.stop() }
        let menu = try HTTPTestClient(port: server.port).request("GET", "/api/v1/menu")
        guard menu.status == 200 else { throw BenchError.failed("GET /api/v1/menu answered \(menu.status)") }
        let nginx = try StaticServer(bytes: menu.body, scratch: scratch)
        defer { nginx.stop() }
        var ours: [Double] = []
        var theirs: [Double] = []
        for round in 0..<(quick ? 2 : 3) {
            let k = try WrkResult.run(url: server.url + "/menu", connections: 32, seconds: wrkSeconds)
            let n = try WrkResult.run(url: nginx.url, connections: 32, seconds: wrkSeconds)
            guard round > 0 else { continue }
            ours.append(k.requestsPerSecond)
            theirs.append(n.requestsPerSecond)
        }
        let value = Measure.median(ours)
        let baseline = Measure.median(theirs)
        return Figure(
            name: "GET /api/v1/menu, Juice Maker, 32 connections", value: value, unit: "requests/s",
            baselineName: "nginx, the same \(menu.body.count) bytes as a static file, 1 worker", baseline: baseline,
            ratio: value / baseline, budget: "≥ 0.5×", holds: value >= baseline / 2,
            meaning: "the menu is read from the state on every request (other processes may have sold out an item) and still served near a static file's speed"
        )
    }

    /// 500 subscribers to `/events` while 1,000 orders a second are taken: every event to
    /// everyone in order, how long from the order to each subscriber, the server's memory.
    func eventStreamFanOut() throws -> [Figure] {
        let subscribers = 500
        let seconds = quick ? 3 : 5
        let server = try server("events")
        defer { server.stop() }
        let set = try SubscriberSet(port: server.port, count: subscribers)
        let pump = Thread { set.pump() }
        pump.start()
        let (sent, committed) = try OrderPacer.run(port: server.port, perSecond: 1_000, seconds: seconds, connections: 4)
        let deadline = ContinuousClock.now + .seconds(30)
        while set.minimumReceived < sent, ContinuousClock.now < deadline { usleep(20_000) }
        set.stop()
        let memory = server.peakMemory
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let stat = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/stat", encoding: .utf8))?.split(separator: " ") ?? []
        let serverTicks = (Int(stat.count > 14 ? stat[13] : "0") ?? 0) + (Int(stat.count > 14 ? stat[14] : "0") ?? 0)
        FileHandle.standardError.write(Data((
            "kiosk-bench: events commit → received p50 \(set.commitLatencyPercentile(0.5, committed: committed)) ms; order → received p50 "
                + "\(set.latencyPercentile(0.5)) ms, p90 \(set.latencyPercentile(0.9)) ms; CPU: bench \(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) s, server \(serverTicks) ticks\n"
        ).utf8))
        let complete = set.minimumReceived == sent && set.allInOrder
        let p99 = set.commitLatencyPercentile(0.99, committed: committed)
        let fromOrder = set.latencyPercentile(0.99)
        return [
            Figure(
                name: "event stream: \(subscribers) subscribers, \(sent) orders at 1,000/s", value: Double(set.minimumReceived), unit: "events each",
                baselineName: "events committed", baseline: Double(sent), ratio: Double(set.minimumReceived) / Double(sent), budget: "all, in order",
                holds: complete, meaning: "every screen following the journal gets every event, in order"
            ),
            Figure(
                name: "  commit → received, p99", value: p99, unit: "ms", budget: .atMost(50, shown: "≤ 50 ms"),
                meaning: "a kitchen display shows an order as soon as it is on disk (from when its 201 arrived, which follows the commit, to each subscriber)"
            ),
            Figure(
                name: "  order → received, p99", value: fromOrder, unit: "ms", baselineName: "commit → received", baseline: p99, ratio: fromOrder / p99,
                budget: "for information", holds: nil,
                meaning: "the same from the order's own time, before its flush: the disk's fdatasync included"
            ),
            Figure(
                name: "  server peak memory", value: memory, unit: "MB", budget: .atMost(64, shown: "≤ 64 MB"),
                meaning: "hundreds of screens cost a small till little memory"
            ),
        ]
    }

    /// Orders from a normal client while 1,000 connections sit idle or send a byte a second
    /// (a slowloris), from four other addresses.
    func ordersBesideSlowClients() throws -> Figure {
        let server = try server("slow")
        defer { server.stop() }
        var clients: [HTTPTestClient] = []
        for index in 0..<1_000 {
            let client = try HTTPTestClient(port: server.port, source: "127.0.0.\(2 + index % 4)")
            client.send(raw: "POST /api/v1/orders HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: ")
            clients.append(client)
        }
        let slow = SlowClients(clients)
        let trickling = Atomic(true)
        let trickle = Thread {
            // Half send a byte a second; the other half sit idle.
            while trickling.load() {
                for (index, client) in slow.clients.enumerated() where index % 2 == 0 { client.send(raw: "a") }
                usleep(1_000_000)
            }
        }
        trickle.start()
        let client = try HTTPTestClient(port: server.port)
        var latencies: [Double] = []
        let end = ContinuousClock.now + .seconds(quick ? 3 : 8)
        while ContinuousClock.now < end {
            let start = ContinuousClock.now
            let response = try client.request("POST", "/api/v1/orders", body: Figures.orderBody)
            guard response.status == 201 else { throw BenchError.failed("an order beside slow clients answered \(response.status)") }
            latencies.append((ContinuousClock.now - start).seconds * 1000)
        }
        trickling.store(false)
        let sorted = latencies.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return Figure(
            name: "orders beside 1,000 idle or byte-a-second connections, p99", value: p99, unit: "ms",
            budget: .atMost(100, shown: "≤ 100 ms"),
            meaning: "a slowloris cannot starve real customers: \(latencies.count) orders answered meanwhile"
        )
    }
}

/// nginx serving one file, for the menu's baseline.
final class StaticServer {
    let process = Process()
    let url: String

    init(bytes: [UInt8], scratch: String) throws {
        let root = scratch + "/nginx"
        try FileManager.default.createDirectory(atPath: root + "/www", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/www/menu.json"))
        let port = try StaticServer.freePort()
        let configuration = """
        worker_processes 1;
        daemon off;
        pid \(root)/nginx.pid;
        error_log \(root)/error.log;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(root)/body; proxy_temp_path \(root)/proxy; fastcgi_temp_path \(root)/fastcgi;
            uwsgi_temp_path \(root)/uwsgi; scgi_temp_path \(root)/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(root)/www;
                location / { default_type application/json; }
            }
        }

        """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: root + "/nginx.conf"))
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-c", root + "/nginx.conf", "-p", root]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        url = "http://127.0.0.1:\(port)/menu.json"
        for _ in 0..<200 {
            if (try? HTTPTestClient(port: port).request("GET", "/menu.json"))?.status == 200 { return }
            usleep(10_000)
        }
        throw BenchError.failed("nginx did not start")
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    static func freePort() throws -> UInt16 {
        guard let port = Loopback.freePort() else { throw BenchError.failed("no free port") }
        return port
    }
}

/// Connections kept open by one thread while another measures.
final class SlowClients: @unchecked Sendable {
    let clients: [HTTPTestClient]

    init(_ clients: [HTTPTestClient]) {
        self.clients = clients
    }
}

/// A flag two threads share.
final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool

    init(_ value: Bool) {
        self.value = value
    }

    func load() -> Bool { lock.withLock { value } }
    func store(_ newValue: Bool) { lock.withLock { value = newValue } }
}

/// Orders at a steady rate from a few keep-alive connections.
enum OrderPacer {
    /// Places `perSecond` orders a second for `seconds`; returns how many were answered 201,
    /// and when each one's 201 arrived (millisecond of the day) by its event's sequence number.
    static func run(port: UInt16, perSecond: Int, seconds: Int, connections: Int) throws -> (made: Int, committed: [UInt64: Int]) {
        let total = perSecond * seconds
        let tally = Tally()
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: connections) { worker in
            do {
                let client = try HTTPTestClient(port: port)
                for index in stride(from: worker, to: total, by: connections) {
                    let due = start + .microseconds(index * 1_000_000 / perSecond)
                    let wait = due - .now
                    if wait > .zero { usleep(UInt32(wait.seconds * 1e6)) }
                    let response = try client.request("POST", "/api/v1/orders", body: Figures.orderBody)
                    let at = SubscriberSet.millisecondOfDay()
                    if response.status == 201 {
                        let events = response.json?["events"] as? [[String: Any]] ?? []
                        tally.add(events.compactMap { ($0["seq"] as? Int).map(UInt64.init) }, at: at)
                    }
                }
            } catch {
                tally.fail(error)
            }
        }
        return try tally.result()
    }

    /// What the workers counted.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var committed: [UInt64: Int] = [:]
        private var failure: (any Error)?

        func add(_ sequences: [UInt64], at time: Int) {
            lock.withLock {
                count += 1
                for sequence in sequences { committed[sequence] = time }
            }
        }

        func fail(_ error: any Error) { lock.withLock { failure = error } }

        func result() throws -> (made: Int, committed: [UInt64: Int]) {
            try lock.withLock {
                if let failure { throw failure }
                return (count, committed)
            }
        }
    }
}

/// Many `/events` subscribers read by one thread: each checks its ids come one after the
/// other, and every event's delay from its time to its arrival is kept.
final class SubscriberSet: @unchecked Sendable {
    private struct Subscriber {
        let descriptor: Int32
        /// Parsing state, a byte at a time: the response's head, then chunks of the body.
        var phase = Phase.head
        /// The head's last bytes (to find its blank line), a chunk's size line.
        var line: [UInt8] = []
        /// Bytes left in the chunk being read.
        var chunkLeft = 0
        /// The frame being read, up to its blank line.
        var frame: [UInt8] = []
        var lastID: UInt64 = 0
        var received = 0
        var inOrder = true

        enum Phase {
            case head
            case size
            case data
            case dataEnd
        }
    }

    private var subscribers: [Subscriber] = []
    private let lock = NSLock()
    /// From each event's time (taken as the order runs, before its commit) to its arrival.
    private var latencies: [Double] = []
    /// Each event's id and when it arrived (millisecond of the day), at every subscriber.
    private var arrivals: [(id: UInt64, at: Int)] = []
    private var stopping = false

    init(port: UInt16, count: Int) throws {
        for _ in 0..<count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let connected = Loopback.withAddress(port: port) { connect(descriptor, $0, $1) }
            guard connected == 0 else { throw BenchError.failed("a subscriber could not connect") }
            let request = Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            subscribers.append(Subscriber(descriptor: descriptor))
        }
        latencies.reserveCapacity(count * 10_000)
        arrivals.reserveCapacity(count * 10_000)
    }

    deinit {
        for subscriber in subscribers { close(subscriber.descriptor) }
    }

    var minimumReceived: Int { lock.withLock { subscribers.map(\.received).min() ?? 0 } }
    var allInOrder: Bool { lock.withLock { subscribers.allSatisfy(\.inOrder) } }

    func stop() { lock.withLock { stopping = true } }

    /// From each event's commit — when its order's 201 arrived, which comes after the
    /// commit — to its arrival at each subscriber (0 when the event came first).
    func commitLatencyPercentile(_ fraction: Double, committed: [UInt64: Int]) -> Double {
        lock.withLock {
            let sorted = arrivals.compactMap { arrival -> Double? in
                guard let commit = committed[arrival.id] else { return nil }
                var delay = arrival.at - commit
                if delay < -43_200_000 { delay += 86_400_000 }  // across midnight
                return Double(max(0, delay))
            }.sorted()
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    func latencyPercentile(_ fraction: Double) -> Double {
        lock.withLock {
            let sorted = latencies.sorted()
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    /// Reads every subscriber until `stop`.
    func pump() {
        var polls = subscribers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while !lock.withLock({ stopping }) {
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            for index in polls.indices where polls[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { recv(polls[index].fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else {
                    polls[index].fd = -1
                    continue
                }
                let now = SubscriberSet.millisecondOfDay()
                lock.withLock { take(chunk[..<count], into: index, now: now) }
            }
        }
    }

    /// Reads what arrived for one subscriber as it comes: the head skipped, the chunks'
    /// framing dropped, each frame handled at its blank line. One pass, one copy.
    private func take(_ bytes: ArraySlice<UInt8>, into index: Int, now: Int) {
        // Moved out of the array while it is read, so that its buffers are not shared (and copied).
        var subscriber = Subscriber(descriptor: -1)
        swap(&subscriber, &subscribers[index])
        var position = bytes.startIndex
        while position < bytes.endIndex {
            switch subscriber.phase {
            case .head:
                subscriber.line.append(bytes[position])
                position += 1
                if subscriber.line.count >= 4, subscriber.line.suffix(4).elementsEqual([13, 10, 13, 10]) {
                    subscriber.phase = .size
                    subscriber.line.removeAll()
                }
            case .size:
                let byte = bytes[position]
                position += 1
                if byte == 10 {
                    subscriber.chunkLeft = Int(String(decoding: subscriber.line.filter { $0 != 13 }, as: UTF8.self), radix: 16) ?? 0
                    subscriber.line.removeAll()
                    subscriber.phase = subscriber.chunkLeft > 0 ? .data : .dataEnd
                } else {
                    subscriber.line.append(byte)
                }
            case .data:
                // The chunk's bytes go onto the frame in one copy; each complete frame (up to its
                // blank line) is read where it lies, and what is left waits for the next bytes.
                let take = min(subscriber.chunkLeft, bytes.endIndex - position)
                var scan = max(0, subscriber.frame.count - 1)
                subscriber.frame.append(contentsOf: bytes[position..<(position + take)])
                var frameStart = 0
                while let newline = subscriber.frame[scan...].firstIndex(of: 10) {
                    if newline + 1 < subscriber.frame.count, subscriber.frame[newline + 1] == 10 {
                        frame(subscriber.frame[frameStart...(newline + 1)], subscriber: &subscriber, now: now)
                        frameStart = newline + 2
                        scan = frameStart
                    } else if newline + 1 < subscriber.frame.count {
                        scan = newline + 1
                    } else {
                        break
                    }
                    if scan >= subscriber.frame.count { break }
                }
                subscriber.frame.removeFirst(frameStart)
                position += take
                subscriber.chunkLeft -= take
                if subscriber.chunkLeft == 0 { subscriber.phase = .dataEnd }
            case .dataEnd:
                // The CR LF after a chunk's data.
                if bytes[position] == 10 { subscriber.phase = .size }
                position += 1
            }
        }
        subscribers[index] = subscriber
    }

    private static let idPrefix = Array("id: ".utf8)
    private static let timeKey = Array(#""time":""#.utf8)

    private func frame(_ frame: ArraySlice<UInt8>, subscriber: inout Subscriber, now: Int) {
        guard frame.starts(with: SubscriberSet.idPrefix), let newline = frame.firstIndex(of: 10) else { return }
        var id: UInt64 = 0
        for digit in frame[(frame.startIndex + 4)..<newline] { id = id * 10 + UInt64(digit &- 48) }
        if subscriber.lastID != 0, id != subscriber.lastID + 1 { subscriber.inOrder = false }
        subscriber.lastID = id
        subscriber.received += 1
        arrivals.append((id, now))
        // "time":"2026-11-27T15:00:47.008Z": the time of day's digits, HH:MM:SS.mmm.
        guard let at = SubscriberSet.find(SubscriberSet.timeKey, in: frame[newline...]), at + 31 <= frame.endIndex else { return }
        func value(_ from: Int, _ count: Int) -> Int {
            var result = 0
            for digit in frame[(at + from)..<(at + from + count)] { result = result * 10 + Int(digit &- 48) }
            return result
        }
        let time = ((value(19, 2) * 60 + value(22, 2)) * 60 + value(25, 2)) * 1000 + value(28, 3)
        latencies.append(Double((now - time + 86_400_000) % 86_400_000))
    }

    static func millisecondOfDay() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int((Int64(now.tv_sec) % 86_400) * 1000 + Int64(now.tv_nsec) / 1_000_000)
    }

    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count, let first = needle.first else { return nil }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
