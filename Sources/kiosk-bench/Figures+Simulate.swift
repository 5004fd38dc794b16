import Foundation
import KioskCore
import KioskSimulation

/// `kiosk simulate`: its speed against SimPy on the same queue, and its memory over a
/// million customers.
extension Figures {
    /// M/M/3 as a menu: one item, 1 min to prepare at one station of 3 staff, stock that
    /// never runs out.
    private func mm3Menu() throws -> String {
        let path = scratch + "/mm3.kiosk"
        try Data("""
        kiosk "M/M/3"
        ingredient tea stock 1000000000
        station bar staff 3
        item "Tea" needs tea 1 prep 1m station bar

        """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The same M/M/3 in SimPy: Poisson arrivals at 126 an hour, exponential service with
    /// a mean of 1 min, 3 servers, first come first served; the mean wait is computed so the
    /// work is comparable. Prints customers per second of simulating, start-up excluded.
    private static let simpyModel = """
    import random, sys, time, simpy
    customers = int(sys.argv[1])
    random.seed(1)
    waits = [0.0, 0]
    def customer(env, bar):
        arrived = env.now
        with bar.request() as request:
            yield request
            waits[0] += env.now - arrived
            waits[1] += 1
            yield env.timeout(random.expovariate(1.0))
    def source(env, bar):
        for _ in range(customers):
            env.process(customer(env, bar))
            yield env.timeout(random.expovariate(126 / 60))
    env = simpy.Environment()
    bar = simpy.Resource(env, capacity=3)
    env.process(source(env, bar))
    start = time.perf_counter()
    env.run()
    elapsed = time.perf_counter() - start
    print(customers / elapsed, waits[0] / waits[1])
    """

    private static let mm3Arguments = ["--customers", "COUNT", "--arrivals", "126/h", "--service", "exponential", "--seed", "1", "--json"]

    /// Simulated customers per second on M/M/3 without sinks, against SimPy in the Python
    /// of `KIOSK_BENCH_PYTHON` (which `make bench` sets to a virtual environment with SimPy).
    ///
    /// Paired, run for run, as the receiver figures are: this machine's speed drifts more
    /// between minutes than between two runs, and measured one after the other the two
    /// rates come from different minutes, so the ratio moves from one run of the
    /// benchmark to the next.
    func simulateRate() throws -> Figure {
        let menu = try mm3Menu()
        let count = quick ? 200_000 : 1_000_000
        let arguments = [kiosk, "simulate", "--menu", menu] + Figures.mm3Arguments.map { $0 == "COUNT" ? String(count) : $0 }
        let simpy = SimPy.prepare(scratch: scratch)
        var rates: [Double] = []
        var simpyRates: [Double] = []
        var ratios: [Double] = []
        for round in 0..<(quick ? 2 : 6) {
            let run = Measure.run(arguments, environment: environment)
            guard run.status == 0 else { throw BenchError.failed("kiosk simulate exited with \(run.status)") }
            let theirs = (try? simpy.get())?.rate(customers: quick ? 50_000 : 200_000)
            guard round > 0 else { continue }
            let ours = Double(count) / run.seconds
            rates.append(ours)
            if let theirs {
                simpyRates.append(theirs)
                ratios.append(ours / theirs)
            }
        }
        let value = Measure.median(rates)
        let baseline = ratios.isEmpty ? Double.nan : Measure.median(simpyRates)
        let ratio = ratios.isEmpty ? Double.nan : Measure.median(ratios)
        let baselineName = switch simpy {
        case .success(let simpy) where !ratios.isEmpty: "SimPy \(simpy.version), same model"
        case .success(let simpy): "SimPy failed to run in \(simpy.python); no ratio"
        case .failure(let reason): reason.description
        }
        return Figure(
            name: "kiosk simulate, M/M/3, no sinks", value: value, unit: "customers/s",
            baselineName: baselineName, baseline: baseline,
            ratio: ratio, budget: "≥ 20×", holds: ratios.isEmpty ? nil : ratio >= 20,
            meaning: "a year of a busy stand, through the real kiosk and board, takes seconds; SimPy answers the queueing half only, far slower"
        )
    }

    /// The same M/M/3 in SimPy, ready to run: its script written and its version read.
    private struct SimPy {
        let python: String
        let script: String
        let output: String
        let version: String

        /// SimPy, or why there is none.
        static func prepare(scratch: String) -> Result<SimPy, BenchError> {
            guard let python = ProcessInfo.processInfo.environment["KIOSK_BENCH_PYTHON"], !python.isEmpty else { return .failure(.failed("SimPy: KIOSK_BENCH_PYTHON is not set (make bench sets it); no ratio")) }
            let script = scratch + "/mm3.py"
            guard (try? Data(Figures.simpyModel.utf8).write(to: URL(fileURLWithPath: script))) != nil else { return .failure(.failed("SimPy: cannot write its script")) }
            let versionFile = scratch + "/simpy-version.txt"
            guard Measure.run([python, "-c", "import simpy; print(simpy.__version__)"], output: versionFile).status == 0 else {
                return .failure(.failed("SimPy is not installed in \(python); no ratio"))
            }
            let version = (try? String(contentsOfFile: versionFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return .success(SimPy(python: python, script: script, output: scratch + "/simpy.txt", version: version))
        }

        /// Customers per second of simulating, start-up excluded, as the script prints it;
        /// `nil` when it failed.
        func rate(customers: Int) -> Double? {
            guard Measure.run([python, script, String(customers)], output: output).status == 0,
                  let text = try? String(contentsOfFile: output, encoding: .utf8) else { return nil }
            return text.split(separator: " ").first.flatMap { Double($0) }
        }
    }

    /// Peak resident memory of `kiosk simulate` over 1,000,000 customers (M/M/3, no sinks),
    /// read from `/proc/PID/status` (`VmHWM`) until the process ends; see `peakMemory()`.
    func simulateMemory() throws -> Figure {
        let menu = try mm3Menu()
        var peaks: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: kiosk)
            process.arguments = ["simulate", "--menu", menu] + Figures.mm3Arguments.map { $0 == "COUNT" ? "1000000" : $0 }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let peak = Measure.peakMegabytes(waitingFor: process, every: 10_000)
            guard process.terminationStatus == 0 else { throw BenchError.failed("kiosk simulate exited with \(process.terminationStatus)") }
            peaks.append(peak)
        }
        let value = Measure.median(peaks)
        return Figure(
            name: "peak memory, kiosk simulate, 1,000,000 customers", value: value, unit: "MB",
            budget: .atMost(40, shown: "≤ 1×"),
            meaning: "statistics are kept as they go (histograms, running sums), never a list of customers, so any length of run fits"
        )
    }
}
