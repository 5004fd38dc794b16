import Foundation
import KioskCore
import KioskTerminal

/// The order board's budgets: batch orders with a board on, and the board's display.
extension Figures {
    /// Ten stations, one item each, with a board or without: the same orders either way.
    func boardMenus() throws -> (on: String, off: String) {
        var items = ""
        var stations = ""
        for index in 0..<10 {
            stations += "station s\(index) staff 2\n"
            items += "item \"Juice \(index)\" needs mango 1 prep 30s station s\(index)\n"
        }
        let head = "kiosk \"Bench Board\"\ningredient mango stock 1000000000\n"
        let on = scratch + "/board-on.kiosk"
        let off = scratch + "/board-off.kiosk"
        try Data((head + stations + "board auto\n" + items).utf8).write(to: URL(fileURLWithPath: on))
        try Data((head + items).utf8).write(to: URL(fileURLWithPath: off))
        return (on, off)
    }

    /// Orders that go round the ten items.
    func boardOrders(_ count: Int) throws -> String {
        let path = scratch + "/board-orders-\(count).txt"
        if !FileManager.default.fileExists(atPath: path) {
            var text = ""
            text.reserveCapacity(count * 20)
            for index in 0..<count { text += "order juice \(index % 10)\n" }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    /// The same orders with the board on and off, paired; `quiet` leaves out the printed
    /// lines, so the pair without it measures what filling three messages per order costs.
    func batchWithBoard(quiet: Bool) throws -> Figure {
        let count = quick ? 100_000 : 300_000
        let menus = try boardMenus()
        let orders = try boardOrders(count)
        let flags = quiet ? ["--quiet"] : []
        var on: [Double] = []
        var off: [Double] = []
        var ratios: [Double] = []
        // Paired, back to back: the machine drifts more between minutes than within a pair.
        for round in 0..<(runs > 3 ? 6 : 3) {
            let plain = Measure.run([kiosk] + flags + ["--menu", menus.off, "-f", orders], environment: environment)
            let board = Measure.run([kiosk] + flags + ["--menu", menus.on, "-f", orders], environment: environment)
            guard plain.status == 0, board.status == 0 else { throw BenchError.failed("a batch with or without the board failed") }
            guard round > 0 else { continue }
            off.append(Double(count) / plain.seconds)
            on.append(Double(count) / board.seconds)
            ratios.append(plain.seconds / board.seconds)
        }
        let ratio = Measure.median(ratios)
        return Figure(
            name: "batch orders with the board on (10 stations, board auto)" + (quiet ? ", --quiet" : ", printed"), value: Measure.median(on),
            unit: "orders/s", baselineName: "board off, same orders", baseline: Measure.median(off), ratio: ratio, budget: "≥ 0.8×",
            holds: ratio >= 0.8,
            meaning: quiet
                ? "a kitchen display costs a busy kiosk little: every order also opens, promises and schedules a ticket"
                : "the promise each order prints (\"#12 ready by 09:14, in about 4 min\") costs what writing it does"
        )
    }

    func boardRender() throws -> Figure {
        let menu = try boardCoreMenu()
        var kiosk = Kiosk(menu: menu, ids: UUIDv7Generator(seed: 1))
        var events: [Event] = []
        let start = Timestamp(millisecondsSince1970: 1_795_262_400_000)
        for index in 0..<10_000 {
            events.removeAll(keepingCapacity: true)
            try kiosk.place(Order(item: index % 10), at: start.adding(milliseconds: Int64(index) * 100), emitting: &events)
        }
        guard let board = kiosk.board, board.activeTickets.count == 10_000 else { throw BenchError.failed("the board does not hold 10,000 tickets") }
        let now = start.adding(milliseconds: 1_200_000)
        let view = BoardView()
        var times: [Double] = []
        var length = 0
        for round in 0..<(runs * 3 + 2) {
            let seconds = Measure.seconds { length = view.text(board.listing(at: now)).utf8.count }
            if round >= 2 { times.append(seconds) }
        }
        guard length > 10_000 * 20 else { throw BenchError.failed("the board rendered \(length) bytes") }
        let value = Measure.median(times) * 1000
        return Figure(
            name: "board with 10,000 active tickets, listed and rendered", value: value, unit: "ms",
            budget: .atMost(20, shown: "≤ 20 ms"),
            meaning: "even a board far fuller than any kitchen's shows at once"
        )
    }

    /// The ten-station menu in the core, tickets moved by hand so that all stay active.
    private func boardCoreMenu() throws -> Menu {
        try Menu(
            name: "Bench Board", ingredients: [Ingredient(name: "mango", initialStock: Menu.maximumQuantity)],
            items: (0..<10).map { Item(name: "Juice \($0)", recipe: Recipe([.init(ingredient: 0, quantity: 1)]), prep: .seconds(30), station: $0) },
            stations: (0..<10).map { Station(name: "s\($0)", staff: 2) }, board: BoardSettings()
        )
    }
}
