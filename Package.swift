// swift-tools-version: 6.1
// kiosk — a terminal kiosk simulator. GPL-3.0-or-later (it links GNU readline).
import PackageDescription

/// Every Swift target builds in the Swift 6 language mode with the same strictness.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "kiosk",
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        .executable(name: "kiosk-http", targets: ["kiosk-http"]),
        .executable(name: "kiosk-bench", targets: ["kiosk-bench"]),
        .executable(name: "kiosk-plugin-example", targets: ["kiosk-plugin-example"]),
    ],
    targets: [
        // The wall around the C library: files, processes, threads, signals, errors.
        .target(name: "CKioskSystem"),
        // C, linked into `kiosk` only: its first constructor, which makes SIGHUP and SIGUSR1
        // harmless before the Swift runtime and `main` run (Sources/CKioskStart/kiosk_start.c).
        .target(name: "CKioskStart", dependencies: ["CKioskSystem"]),
        .target(name: "KioskSystem", dependencies: ["CKioskSystem", "KioskText"], swiftSettings: strict),
        // Text and time shared by every layer: trimming, ISO-8601, hex, base64, terminal-safe
        // text, tables, JSON writing and reading; the operator's language (the Korean catalog,
        // po/ko.po, built into the binary and read on first use). Depends on nothing.
        .target(name: "KioskText", resources: [.embedInCode("Localization/ko.po")], swiftSettings: strict),
        // The domain: menu model, inventory, orders, events. No I/O, no clock.
        .target(name: "KioskCore", dependencies: ["KioskText"], swiftSettings: strict),
        // `kiosk simulate`: a day of customers on a virtual clock through the core. No I/O.
        // Links libm itself: unoptimised builds call `round` and `sqrt` there, and kiosk
        // imports no Foundation to bring it in.
        .target(name: "KioskSimulation", dependencies: ["KioskCore", "KioskText"], swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        // The menu language: lexer, parser, binder, diagnostics.
        .target(name: "KioskMenu", dependencies: ["KioskCore", "KioskSystem", "KioskText"], swiftSettings: strict),
        // The journal's byte formats (docs/STATE.md is their specification): records, their
        // frame and payloads, snapshots, the checksum. The only target below the journal
        // that writes bytes.
        .target(name: "KioskRecords", dependencies: ["KioskCore", "KioskSystem", "KioskText"], swiftSettings: strict),
        // The journal: the state directory, its segments, snapshots and cursors.
        .target(name: "KioskJournal", dependencies: ["KioskCore", "KioskRecords", "KioskSystem", "KioskText"], swiftSettings: strict),
        // The sink plugin model and the sinks.
        .target(name: "KioskSinks", dependencies: ["KioskCore", "KioskMenu", "KioskSystem", "KioskJournal", "KioskRecords", "KioskText", "KioskWire", "CMosquitto"], swiftSettings: strict),
        // libmosquitto, from Debian's libmosquitto-dev; loaded with dlopen by the MQTT sink.
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto"),
        // libmicrohttpd, from Debian's libmicrohttpd-dev; loaded with dlopen by `kiosk serve` only.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD"),
        // GNU readline, from Debian's libreadline-dev. Exactly one Swift file imports it.
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        // OpenSSL's libcrypto, from Debian's libssl-dev: HMAC-SHA256 for signed webhooks.
        // Linked by kiosk-http (which loads it anyway, through libcurl), never by kiosk.
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto"),
        // What kiosk and its webhook helper say to each other: requests, answers, secrets.
        .target(name: "KioskWire", dependencies: ["KioskText"], swiftSettings: strict),
        // Webhook delivery with URLSession, in a helper process: FoundationNetworking loads
        // libcurl and its libraries, which kiosk's start-up budget cannot afford.
        .target(name: "KioskHTTP", dependencies: ["KioskWire", "KioskSystem", "KioskText", "CCrypto"], swiftSettings: strict),
        // URLSession's busy wait on a fresh connection, fixed from outside: kiosk-http's own
        // curl_multi_setopt stands between libcurl and URLSession's socket callback
        // (Sources/CKioskHTTP/kiosk_http.c says how); exported, so it is the one
        // FoundationNetworking calls.
        .target(name: "CKioskHTTP"),
        .executableTarget(
            name: "kiosk-http", dependencies: ["KioskHTTP", "KioskSystem", "CKioskHTTP"], swiftSettings: strict,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=curl_multi_setopt"])]
        ),
        // The benchmark of the performance figures of docs/PERFORMANCE.md (swift run -c release kiosk-bench);
        // not part of make test.
        .executableTarget(
            name: "kiosk-bench", dependencies: ["KioskCore", "KioskMenu", "KioskSinks", "KioskSimulation", "KioskTerminal", "KioskTestSupport"],
            swiftSettings: strict
        ),
        // The Swift example of a sink plugin (docs/PLUGINS.md): what a plugin in Swift needs,
        // and the plugin kiosk-bench measures.
        .executableTarget(name: "kiosk-plugin-example", dependencies: ["KioskSystem", "KioskText"], swiftSettings: strict),
        // The fuzz target for the menu language (make fuzz).
        .executableTarget(name: "kiosk-fuzz", dependencies: ["KioskCore", "KioskMenu", "KioskSinks"], swiftSettings: strict),
        // The application: the commands and their table, the session, the state store, the
        // results as data. No terminal, no readline.
        .target(
            name: "KioskApplication", dependencies: ["KioskCore", "KioskMenu", "KioskSinks", "KioskSystem", "KioskJournal", "KioskRecords", "KioskText"],
            swiftSettings: strict
        ),
        // The terminal: line readers (readline), completion, history, rendering as text and
        // JSON, the interactive and batch runners.
        .target(
            name: "KioskTerminal",
            dependencies: ["KioskApplication", "KioskCore", "KioskMenu", "KioskSinks", "KioskSystem", "KioskText", "CReadline"],
            swiftSettings: strict
        ),
        // `kiosk serve`: the kiosk over HTTP — the daemon behind its wall, the routes, the command
        // thread that owns the session, the API's security, and the screens: the HTML, CSS and
        // JavaScript of Pages/ and the OpenAPI document, built into the binary as byte arrays (no
        // Foundation, no files to install).
        .target(
            name: "KioskServer", dependencies: ["KioskApplication", "KioskCore", "KioskJournal", "KioskRecords", "KioskSystem", "KioskText", "KioskWire", "CMicroHTTPD"],
            resources: [.embedInCode("Pages"), .embedInCode("OpenAPI/openapi.json")],
            swiftSettings: strict
        ),
        // The command line: arguments, `check`, `state`, `simulate`, wiring a session to a terminal.
        .target(
            name: "KioskCLI",
            dependencies: ["KioskApplication", "KioskTerminal", "KioskCore", "KioskMenu", "KioskSinks", "KioskSystem", "KioskJournal", "KioskRecords", "KioskText", "KioskSimulation", "KioskServer"],
            swiftSettings: strict
        ),
        // The thin executable.
        .executableTarget(
            name: "kiosk",
            dependencies: ["KioskCLI", "KioskSystem", "CKioskStart"],
            swiftSettings: strict,
            // Start-up time is a budget (docs/PERFORMANCE.md). In release builds: link the
            // Swift runtime statically (kiosk imports no Foundation, so only the runtime comes
            // along), and with it the C++ runtime and libgcc (Linking/libstdc++.so says how),
            // so the dynamic loader maps and relocates only libc and libm; export no symbols
            // (the runtime's start-up looks itself up with dladdr, which walks them all).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-L", Context.packageDirectory + "/Linking", "-Xclang-linker", "-static-libgcc",
                        "-Xlinker", "--no-export-dynamic",
                    ],
                    .when(configuration: .release)
                )
            ]
        ),

        .testTarget(name: "KioskTextTests", dependencies: ["KioskText"], swiftSettings: strict),
        .testTarget(name: "KioskSystemTests", dependencies: ["KioskSystem", "KioskText"], swiftSettings: strict),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore", "KioskText"], swiftSettings: strict),
        .testTarget(name: "KioskSimulationTests", dependencies: ["KioskSimulation", "KioskCore", "KioskText"], swiftSettings: strict),
        // KioskCore's SplitMix64 makes their random inputs the same on every run.
        .testTarget(name: "KioskMenuTests", dependencies: ["KioskMenu", "KioskCore", "KioskSinks", "KioskText", "KioskTestSupport"], swiftSettings: strict),
        .testTarget(name: "KioskRecordsTests", dependencies: ["KioskRecords", "KioskCore", "KioskText", "KioskTestSupport"], swiftSettings: strict),
        .testTarget(name: "KioskJournalTests", dependencies: ["KioskJournal", "KioskRecords", "KioskCore", "KioskSystem", "KioskText", "KioskTestSupport"], swiftSettings: strict),
        // Fixtures/ holds the CloudEvents JSON schema, read by path.
        .testTarget(
            name: "KioskSinksTests",
            dependencies: ["KioskSinks", "KioskCore", "KioskMenu", "KioskSystem", "KioskJournal", "KioskRecords", "KioskText", "KioskWire", "KioskTestSupport", "KioskApplication"],
            exclude: ["Fixtures", "Printer/Golden"], swiftSettings: strict
        ),
        .testTarget(name: "KioskWireTests", dependencies: ["KioskWire", "KioskText"], swiftSettings: strict),
        .testTarget(name: "KioskHTTPTests", dependencies: ["KioskHTTP", "KioskWire", "KioskText"], swiftSettings: strict),
        .testTarget(
            name: "KioskApplicationTests", dependencies: ["KioskApplication", "KioskSystem", "KioskText", "KioskTestSupport", "KioskCore", "KioskJournal", "KioskRecords"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "KioskTerminalTests", dependencies: ["KioskTerminal", "KioskApplication", "KioskMenu", "KioskSystem", "KioskText", "KioskTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "KioskCLITests", dependencies: ["KioskCLI", "KioskSimulation", "KioskCore", "KioskText"], swiftSettings: strict),
        .testTarget(
            name: "KioskServerTests", dependencies: ["KioskServer", "KioskApplication", "KioskCore", "KioskJournal", "KioskRecords", "KioskSystem", "KioskText", "KioskWire", "KioskTestSupport"],
            swiftSettings: strict
        ),
        // The module walls and the architecture page, checked on the source tree.
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        // Test support: a real HTTP server on 127.0.0.1 and real MQTT brokers, for the tests
        // and the benchmark; scratch directories, the repository's files, a session harness.
        .target(
            name: "KioskTestSupport", dependencies: ["KioskApplication", "KioskCore", "KioskMenu", "KioskSinks", "KioskSystem", "KioskJournal", "KioskRecords"],
            swiftSettings: strict
        ),
        // Test support: forkpty in C, so the forked child runs nothing but execve.
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
        // KioskSimulation's SplitMix64 makes the random kills of the fault tests the same on every run.
        .testTarget(name: "EndToEndTests", dependencies: ["KioskCore", "KioskText", "KioskTestSupport", "CPseudoTerminal"], swiftSettings: strict),
    ]
)
