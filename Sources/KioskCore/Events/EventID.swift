import KioskText

/// A 128-bit event id, a UUID in practice (version 7, time-ordered).
public struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the canonical `8-4-4-4-12` hexadecimal form, in either case.
    public init?(_ text: some StringProtocol) {
        self.init(utf8: ArraySlice(text.utf8))
    }

    /// Parses the canonical form from its UTF-8 bytes, without making a string: a plugin's
    /// acknowledgement names the event so.
    public init?(utf8 bytes: ArraySlice<UInt8>) {
        guard let (high, low) = UUIDText.parse(utf8: bytes) else { return nil }
        self.init(high: high, low: low)
    }

    public static func < (lhs: EventID, rhs: EventID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// The canonical lower-case form.
    public var description: String {
        UUIDText.string(high: high, low: low)
    }
}

/// Makes UUIDv7 ids (RFC 9562) from injected time and a seeded generator, so the core
/// stays deterministic under test and never blocks on the system's entropy.
///
/// Ids from one generator strictly increase: within one millisecond the 12-bit `rand_a`
/// field counts up (RFC 9562 §6.2, method 1), and when it runs out the timestamp moves on.
public struct UUIDv7Generator: Sendable {
    private var random: Xoshiro256StarStar
    private var lastMillisecond: Int64 = .min
    private var counter: UInt64 = 0

    public init(seed: UInt64) {
        random = Xoshiro256StarStar(seed: seed)
    }

    public mutating func next(at time: Timestamp) -> EventID {
        let millisecond = max(time.millisecondsSince1970, 0)
        if millisecond > lastMillisecond {
            lastMillisecond = millisecond
            counter = 0
        } else {
            counter += 1
            if counter > 0xFFF {
                lastMillisecond += 1
                counter = 0
            }
        }
        let ms = UInt64(truncatingIfNeeded: lastMillisecond) & 0xFFFF_FFFF_FFFF
        let high = ms << 16 | 0x7000 | counter
        let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return EventID(high: high, low: low)
    }
}
