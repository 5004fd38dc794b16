import KioskCore

/// The binary form of an order line's item, quantity and choices, wherever a record or a
/// snapshot keeps a line (part of `RecordCodec`'s and `SnapshotCodec`'s formats).
///
/// ```
/// line   = item:string quantity                 an item without choices (quantity ≥ 1)
///        | item:string 0 quantity choice        a line of an item with sizes or options
/// choice = flags:u8 [size:string] options:count (group:string option:string count removes:u8)*
///          [unitPrice:zigzag] recipe:count (ingredient:string quantity)*
///          [combo:string number quantity [comboPrice:zigzag]]
/// ```
///
/// Flag 1 says a size follows, flag 2 a unit price, flag 4 the combo the line is a part of,
/// flag 8 the combo's price. A quantity is never 0, so a 0 where
/// one stands says that a choice follows the real quantity: the lines of every state
/// written before choices existed read unchanged.
enum LineCodec {
    enum ChoiceFlag {
        static let size: UInt8 = 1
        static let unitPrice: UInt8 = 2
        static let combo: UInt8 = 4
        static let comboPrice: UInt8 = 8
        static let all: UInt8 = 15
    }

    static func encode<Output: ByteOutput & ~Copyable>(item: String, quantity: Int, choice: LineChoice?, into writer: inout Output) {
        writer.string(item)
        guard let choice else {
            writer.int(quantity)
            return
        }
        writer.int(0)
        writer.int(quantity)
        encode(choice: choice, into: &writer)
    }

    /// A `choice` alone: in a line, and in a suggested item.
    static func encode<Output: ByteOutput & ~Copyable>(choice: LineChoice, into writer: inout Output) {
        var flags = (choice.size == nil ? 0 : ChoiceFlag.size) | (choice.unitPrice == nil ? 0 : ChoiceFlag.unitPrice)
        if let combo = choice.combo { flags |= ChoiceFlag.combo | (combo.price == nil ? 0 : ChoiceFlag.comboPrice) }
        writer.byte(flags)
        if let size = choice.size { writer.string(size) }
        writer.varint(UInt64(choice.options.count))
        for option in choice.options {
            writer.string(option.group)
            writer.string(option.option)
            writer.int(option.count)
            writer.byte(option.removes ? 1 : 0)
        }
        if let price = choice.unitPrice { writer.int(price.hundredths) }
        PayloadCodec.encode(counts: choice.recipe, into: &writer)
        if let combo = choice.combo {
            writer.string(combo.name)
            writer.int(combo.number)
            writer.int(combo.quantity)
            if let price = combo.price { writer.int(price.hundredths) }
        }
    }

    static func encode<Output: ByteOutput & ~Copyable>(_ line: ItemQuantity, into writer: inout Output) {
        encode(item: line.item, quantity: line.quantity, choice: line.choice, into: &writer)
    }

    /// The item, quantity and choice of the line at the reader.
    static func decode(_ reader: inout ByteReader) throws(RecordDecodingError) -> (item: String, quantity: Int, choice: LineChoice?) {
        let item = try reader.string()
        let quantity = try reader.int()
        guard quantity == 0 else { return (item, quantity, nil) }
        let chosen = try reader.int()
        guard chosen != 0 else { throw .malformed("a line's quantity is 0") }
        return (item, chosen, try decodeChoice(&reader))
    }

    /// The `choice` at the reader, as `encode(choice:into:)` wrote it.
    static func decodeChoice(_ reader: inout ByteReader) throws(RecordDecodingError) -> LineChoice {
        let flags = try reader.byte()
        guard flags & ~ChoiceFlag.all == 0, flags & ChoiceFlag.comboPrice == 0 || flags & ChoiceFlag.combo != 0 else {
            throw .malformed("a line's choice flags are unknown")
        }
        let size = flags & ChoiceFlag.size == 0 ? nil : try reader.string()
        var options: [LineChoice.Option] = []
        for _ in 0..<(try reader.count(minimumBytes: 4)) {
            let (group, option, count) = (try reader.string(), try reader.string(), try reader.int())
            let removes = try reader.byte()
            guard removes <= 1 else { throw .malformed("an option's removal flag is not 0 or 1") }
            options.append(LineChoice.Option(group: group, option: option, count: count, removes: removes == 1))
        }
        let unitPrice = flags & ChoiceFlag.unitPrice == 0 ? nil : Money(hundredths: try reader.int())
        let recipe = try PayloadCodec.decodeCounts(&reader)
        var combo: LineChoice.Combo?
        if flags & ChoiceFlag.combo != 0 {
            let (name, number, quantity) = (try reader.string(), try reader.int(), try reader.int())
            let price = flags & ChoiceFlag.comboPrice == 0 ? nil : Money(hundredths: try reader.int())
            combo = LineChoice.Combo(name: name, number: number, quantity: quantity, price: price)
        }
        return LineChoice(size: size, options: options, unitPrice: unitPrice, recipe: recipe, combo: combo)
    }

    static func decodeItemQuantity(_ reader: inout ByteReader) throws(RecordDecodingError) -> ItemQuantity {
        let line = try decode(&reader)
        return ItemQuantity(item: line.item, quantity: line.quantity, choice: line.choice)
    }
}
