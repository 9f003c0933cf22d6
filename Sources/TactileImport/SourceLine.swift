/// A line of the file being imported, as a converted binding names it and an omission quotes it.
public struct SourceLine: Equatable, Sendable {
    /// 1-based.
    public var number: Int
    /// What the line says, trimmed: `gesture swipe up 3 xdotool key super+Page_Down`, or for
    /// YAML and XML the path to it (`swipe: 3: left: command: xdotool key alt+Right`).
    public var text: String

    /// A break inside `text` (a YAML key or value may hold one) is written `\n`, so that the text
    /// stays on its comment's line.
    public init(_ number: Int, _ text: String) {
        self.number = number
        self.text = text.onOneLine
    }
}

extension String {
    /// With its line breaks written `\n` and `\r`: a comment, a report on stderr, is one line.
    var onOneLine: String {
        map { $0 == "\n" ? "\\n" : $0 == "\r" ? "\\r" : String($0) }.joined()
    }
}
