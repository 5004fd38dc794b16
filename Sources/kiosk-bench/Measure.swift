import Foundation

/// Timing and process helpers for the benchmark.
enum Measure {
    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start).seconds
    }

    /// Waits for `process` to end, reading its peak resident memory (`VmHWM` in
    /// `/proc/PID/status`) every `interval` microseconds: the most it held, in MiB.
    static func peakMegabytes(waitingFor process: Process, every interval: useconds_t) -> Double {
        var peak = Double.nan
        while process.isRunning {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            if let kilobytes = line.flatMap({ $0.split(separator: " ").dropFirst().first }).flatMap({ Double($0) }) { peak = kilobytes / 1024 }
            usleep(interval)
        }
        return peak
    }

    /// What one run of a program took.
    struct Run {
        let seconds: Double
        let status: Int32
    }

    /// Runs a program with `posix_spawn` (the lightest way, so start-up is what is timed),
    /// standard output to `/dev/null` unless `output` names a file.
    static func run(_ argv: [String], environment: [String: String]? = nil, output: String = "/dev/null", input: String? = nil) -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        let args = argv.map { strdup($0) } + [nil]
        defer { (env + args).forEach { free($0) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        guard posix_spawnp(&pid, argv[0], &actions, nil, args, env) == 0 else {
            return Run(seconds: .nan, status: -1)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = (ContinuousClock.now - start).seconds
        return Run(seconds: elapsed, status: (status >> 8) & 0xFF)
    }

    /// Whether `program` can be found on `PATH`.
    static func available(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
