/// A line `tactile import` could not carry over, and why Tactile has nothing that does the same:
/// reported on stderr as `FILE:LINE: what it said: why`, and the command exits 1.
public struct Omission: Equatable, Sendable {
    public var line: SourceLine
    /// Why it has no equivalent, in a phrase that follows the line's text.
    public var reason: String

    /// A reason may quote the file (a malformed entity), so its breaks are written `\n` too.
    public init(_ line: SourceLine, _ reason: String) {
        self.line = line
        self.reason = reason.onOneLine
    }

    /// `FILE:LINE: what it said: why`.
    public func report(file: String) -> String {
        "\(file):\(line.number): \(line.text): \(reason)"
    }
}
