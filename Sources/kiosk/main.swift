import KioskCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let status = KioskApp.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
exit(status.rawValue)
