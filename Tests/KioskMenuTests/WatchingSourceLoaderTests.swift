import KioskMenu
import KioskTestSupport
import Testing

/// The loader a reload reads through: it tells whether any file it read changed since.
@Suite struct WatchingSourceLoaderTests {
    @Test func aFileRewrittenAfterItWasReadIsNoticed() throws {
        let scratch = try ScratchDirectory()
        let top = try scratch.file("menu.kiosk", "include \"items.kiosk\"\n")
        let items = try scratch.file("items.kiosk", "ingredient mango stock 10\n")
        let loader = WatchingSourceLoader(FileSourceLoader())
        #expect(try loader.read(top) == Array("include \"items.kiosk\"\n".utf8))
        #expect(try loader.read(items) == Array("ingredient mango stock 10\n".utf8))
        #expect(loader.isUnchanged)
        #expect(loader.newestModification != nil)
        try scratch.file("items.kiosk", "ingredient mango stock 100\n")
        #expect(!loader.isUnchanged, "the included file changed")
    }

    @Test func filesNotOnDiskAreUnchangedAndHaveNoModificationTime() throws {
        let loader = WatchingSourceLoader(InMemorySourceLoader(files: ["menu.kiosk": "ingredient mango stock 10\n"]))
        _ = try loader.read("menu.kiosk")
        #expect(loader.isUnchanged)
        #expect(loader.newestModification == nil)
    }
}
