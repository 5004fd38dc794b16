/// One HTTP field — a header of a request or a response, in the order it is sent — or one
/// argument of a request's query: a name and its value, as they were sent. The server reads
/// requests as these; the webhook sink writes them for `kiosk-http`.
public struct HTTPField: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPField] {
    /// The first value under `name`, compared without regard to ASCII case (header names
    /// are case-insensitive).
    public func value(named name: String) -> String? {
        first { $0.name.utf8.count == name.utf8.count && $0.name.lowercased() == name.lowercased() }?.value
    }

    /// How many fields are named `name`, in any case.
    public func count(named name: String) -> Int {
        lazy.filter { $0.name.lowercased() == name.lowercased() }.count
    }
}
