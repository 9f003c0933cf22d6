/// The command line, consumed front to back by the subcommands.
struct Arguments {
    private var remaining: ArraySlice<String>

    init(_ arguments: ArraySlice<String>) { remaining = arguments }

    mutating func next() -> String? { remaining.popFirst() }

    /// The value after an option whose value may be left out (`--touchegg [ADDRESS]`): the next
    /// argument unless it is another option.
    mutating func optionalValue() -> String? {
        guard let next = remaining.first, !next.hasPrefix("-") else { return nil }
        return remaining.popFirst()
    }

    /// The value after an option such as `--desc`.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
        return value
    }
}

/// The user called tactile wrongly: the message and the usage go to stderr, exit status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
