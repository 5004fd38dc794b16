@testable import KioskCore
import Testing

/// The catalog of one-line tickets' lines: each distinct line once, found by the caller's
/// item number or by hashing, never confused, and bounded.
@Suite struct LineCatalogTests {
    private let mango = [IngredientCount(ingredient: "mango", count: 1)]

    private func line(_ item: String = "Mango Juice", quantity: Int = 1, station: Int = 2, prep: Int64 = 60_000) -> TicketLine {
        TicketLine(item: item, quantity: quantity, station: station, prep: prep)
    }

    @Test func theSameLineIsOneEntryWhateverItsPrep() {
        var catalog = LineCatalog()
        let first = catalog.entry(for: line(prep: 30_000), partStation: 2, consumed: mango, lineTotals: [], hint: 0)
        let second = catalog.entry(for: line(prep: 90_000), partStation: 2, consumed: mango, lineTotals: [], hint: 0)
        let unhinted = catalog.entry(for: line(), partStation: 2, consumed: mango, lineTotals: [], hint: nil)
        #expect(first == 0 && second == 0 && unhinted == 0)
        #expect(catalog.count == 1)
        #expect(catalog[0].line(prep: 45_000) == line(prep: 45_000))
        #expect(catalog[0].partStation == 2 && catalog[0].consumed == mango && catalog[0].lineTotals.isEmpty)
    }

    @Test func anythingDifferentIsAnotherEntryAndAWrongHintIsNotBelieved() {
        var catalog = LineCatalog()
        let base = catalog.entry(for: line(), partStation: 2, consumed: mango, lineTotals: [], hint: 0)
        let entries = [
            catalog.entry(for: line(quantity: 2), partStation: 2, consumed: mango, lineTotals: [], hint: 0),
            catalog.entry(for: line(station: 5), partStation: 0, consumed: mango, lineTotals: [], hint: 0),
            catalog.entry(for: line(), partStation: 0, consumed: mango, lineTotals: [], hint: 0),
            catalog.entry(for: line(), partStation: 2, consumed: [], lineTotals: [], hint: 0),
            catalog.entry(for: line(), partStation: 2, consumed: mango, lineTotals: [Money(hundredths: 450)], hint: 0),
            // The menu changed under the hint: the name, not the number, decides.
            catalog.entry(for: line("Kiwi Juice"), partStation: 2, consumed: mango, lineTotals: [], hint: 0),
        ]
        #expect(base == 0)
        #expect(entries == [1, 2, 3, 4, 5, 6])
        #expect(catalog[6].item == "Kiwi Juice")
        #expect(catalog[2].lineStation == 5 && catalog[2].partStation == 0)
        // Found again by hashing, whatever the hint last pointed at.
        #expect(catalog.entry(for: line(quantity: 2), partStation: 2, consumed: mango, lineTotals: [], hint: 7) == 1)
        #expect(catalog.entry(for: line(quantity: 2), partStation: 2, consumed: mango, lineTotals: [], hint: 7) == 1)
        #expect(catalog.count == 7)
    }

    @Test func aFullCatalogAddsNothingButStillFindsWhatItHas() {
        var catalog = LineCatalog()
        for quantity in 1...LineCatalog.limit {
            #expect(catalog.entry(for: line(quantity: quantity), partStation: 2, consumed: mango, lineTotals: [], hint: nil) != nil)
        }
        #expect(catalog.entry(for: line(quantity: LineCatalog.limit + 1), partStation: 2, consumed: mango, lineTotals: [], hint: nil) == nil)
        #expect(catalog.entry(for: line(quantity: 3), partStation: 2, consumed: mango, lineTotals: [], hint: nil) == 2)
        #expect(catalog.count == LineCatalog.limit)
    }
}
