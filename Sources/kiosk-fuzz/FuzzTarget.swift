import KioskCore
import KioskMenu
import KioskSinks

/// A libFuzzer target for the menu language: every input is compiled as a menu (with an
/// include it can reach and environment variables it can expand) and its diagnostics are
/// rendered. Any crash, hang or sanitizer report is a bug.
///
/// `make fuzz` builds it with `-sanitize=fuzzer,address` and `-D KIOSK_FUZZ`; without that
/// flag it is a small program that says how to run it, so ordinary builds stay whole.
enum FuzzTarget {
    static let compiler = MenuCompiler(
        sinkSchemas: SinkRegistry.standard.schemas,
        environment: ["KIOSK_TOKEN": "secret", "EMPTY": ""],
        loader: InMemorySourceLoader(files: [
            "common/messages.kiosk": "message order.failed \"재료가 모자라요\"\ningredient shared stock 3\n",
            "loop.kiosk": "include \"loop.kiosk\"\n",
        ])
    )

    static func run(_ bytes: [UInt8]) {
        let result = compiler.compile(source: bytes, path: "fuzz.kiosk")
        _ = result.render(with: DiagnosticRenderer(colors: true))
        if let compiled = result.menu {
            _ = compiled.summary
            checkLookups(compiled.menu)
        }
    }

    /// The compiler builds the menu's lookup tables as it checks for duplicates: every
    /// name, alias and slug must find its own item, every ingredient name its ingredient.
    static func checkLookups(_ menu: Menu) {
        for (index, item) in menu.items.enumerated() {
            for name in [item.name, item.slug] + item.aliases where menu.itemIndex(named: name) != index {
                fatalError("'\(name)' finds item \(String(describing: menu.itemIndex(named: name))), not \(index)")
            }
        }
        for (index, ingredient) in menu.ingredients.enumerated() where menu.ingredientIndex(named: ingredient.name) != index {
            fatalError("'\(ingredient.name)' finds ingredient \(String(describing: menu.ingredientIndex(named: ingredient.name))), not \(index)")
        }
    }
}

#if KIOSK_FUZZ
/// libFuzzer's entry for running its driver from a program that has its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// One input: what libFuzzer calls, over and over.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// SwiftPM links an executable's entry point under this name; here it runs libFuzzer.
@_cdecl("kiosk_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}
#else
@main
enum FuzzInformation {
    static func main() {
        print("kiosk-fuzz is a libFuzzer target: run it with 'make fuzz'.")
    }
}
#endif
