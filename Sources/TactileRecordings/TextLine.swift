import TactileCore

/// One line of a text recording with its 1-based number in the file, and the number parsing
/// every text format needs, failing with an error that points at this line.
struct TextLine {
    var number: Int
    var text: Substring
    var file: String

    func error(_ message: String) -> RecordingError {
        RecordingError(file: file, line: number, message: message)
    }

    /// The text after `prefix` with any `# comment` removed, split on whitespace.
    func fields(after prefix: String) -> [Substring] {
        var body = text.utf8.dropFirst(prefix.utf8.count)
        if let hash = body.firstIndex(of: UInt8(ascii: "#")) { body = body[..<hash] }
        return body.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).map { Substring($0) }
    }

    func hex<T: FixedWidthInteger>(_ field: Substring, _ what: String, as type: T.Type = T.self) throws(RecordingError) -> T {
        let digits = field.hasPrefix("0x") ? field.dropFirst(2) : field
        guard let value = T(digits, radix: 16) else {
            throw error("bad \(what) \"\(field)\": expected a hexadecimal number")
        }
        return value
    }

    func decimal<T: FixedWidthInteger>(_ field: Substring, _ what: String, as type: T.Type = T.self) throws(RecordingError) -> T {
        guard let value = T(field) else {
            throw error("bad \(what) \"\(field)\": expected a decimal integer")
        }
        return value
    }

    /// `seconds.microseconds` as evemu and evtest print it.
    func timestamp(_ field: Substring) throws(RecordingError) -> Instant {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), seconds >= 0,
              (1...6).contains(parts[1].count), parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber),
              let fraction = Int64(parts[1] + String(repeating: "0", count: 6 - parts[1].count)),
              seconds <= Int64.max / 1_000_000 - 1
        else {
            throw error("bad time \"\(field)\": expected seconds.microseconds")
        }
        return Instant(microseconds: seconds * 1_000_000 + fraction)
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[first...last]
    }
}
