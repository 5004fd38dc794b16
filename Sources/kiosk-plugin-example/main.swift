import KioskSystem

// kiosk-plugin-example: a sink plugin in Swift (docs/PLUGINS.md). Install it as
// `~/.local/share/kiosk/plugins/example` and write `sink example { }` in a menu.
CurrentProcess.exit(ExampleSink.run(environment: CurrentProcess.environment()))
