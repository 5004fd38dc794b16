/// For `Board.add(item:quantity:of:…)`: a menu item's station on the board (-1 when not
/// known yet), its prep in milliseconds, and the `LineCatalog` entry of its last ticket.
struct ItemLine: Sendable {
    let station: Int
    let prep: Int64
    var entry: Int32
}

