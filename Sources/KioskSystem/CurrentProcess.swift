import Glibc

/// The running process: its environment, its executable, its standard streams, its exit.
public enum CurrentProcess {
    /// Standard input, output and error.
    public static let standardInput: Int32 = STDIN_FILENO
    public static let standardOutput: Int32 = STDOUT_FILENO
    public static let standardError: Int32 = STDERR_FILENO

    /// The environment variables, read once by whoever asks.
    public static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first `=` byte, not the first `=` character: it is the same place
            // (`=` is ASCII), found without walking every grapheme of a long PATH or LS_COLORS.
            if let equals = strchr(entry, Int32(UInt8(ascii: "="))) {
                let name = UnsafeRawBufferPointer(start: entry, count: entry.distance(to: equals))
                variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
            }
            pointer += 1
        }
        return variables
    }

    /// Sets an environment variable of this process, for what it reads or starts from now on.
    public static func setEnvironment(_ name: String, to value: String) {
        setenv(name, value, 1)
    }

    /// The name of the account the process runs as, if the system knows one.
    public static func accountName() -> String? {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }

    /// The path of the running executable (`/proc/self/exe`), if the system says.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sleeps this thread for `milliseconds` (a signal does not cut it short).
    public static func pause(milliseconds: Int) {
        var wanted = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var rest = timespec()
        while nanosleep(&wanted, &rest) != 0, errno == EINTR { wanted = rest }
    }

    /// Raises the soft limit on open descriptors to the hard limit (a server's connections
    /// each take one; the usual soft limit, 1,024, is below a server's connection limit).
    /// Returns the limit now.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The process id, for names of temporary files.
    public static var id: Int32 { getpid() }

    /// Ends the process with `status`, flushing C's buffers (Swift's own output is
    /// `FileOutput`, which the caller flushes first).
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
