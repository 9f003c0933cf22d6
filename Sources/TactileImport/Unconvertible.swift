/// Why a line, or a part of it, has no conversion: the phrase an `Omission` reports.
struct Unconvertible: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
