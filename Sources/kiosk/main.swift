import KioskCLI
import KioskSystem

let status = KioskApp.main(Array(CommandLine.arguments.dropFirst()), environment: CurrentProcess.environment())
CurrentProcess.exit(status.rawValue)
