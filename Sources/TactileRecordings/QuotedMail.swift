/// A `libinput record` quoted in a mail reply: every line starts with `> `, and the replier's
/// own lines may interrupt it. The recording is taken from the first quoted `version:` or
/// `# libinput record` line on, keeping only quoted lines (with the `>` and one space removed)
/// and dropping the reply lines in between: YAML never spans an unquoted line, so nothing of
/// the recording is lost.
struct QuotedMail {
    /// The extracted YAML.
    var text: String
    /// 0-based line of `text` → 1-based line of the mail.
    var mailLines: [Int]

    /// nil when no quoted recording starts in `lines`.
    init?(lines: [TextLine]) {
        guard let start = lines.firstIndex(where: { QuotedMail.startsRecording($0.text) }) else { return nil }
        var text = ""
        var mailLines: [Int] = []
        for line in lines[start...] where line.text.hasPrefix(">") {
            let unquoted = line.text.dropFirst()
            text += unquoted.hasPrefix(" ") ? unquoted.dropFirst() : unquoted
            text += "\n"
            mailLines.append(line.number)
        }
        self.text = text
        self.mailLines = mailLines
    }

    static func startsRecording(_ line: Substring) -> Bool {
        line.hasPrefix("> version:") || line.hasPrefix("> # libinput record")
    }

    func mailLine(_ extractedLine: Int) -> Int {
        mailLines.isEmpty ? 0 : mailLines[min(max(extractedLine, 0), mailLines.count - 1)]
    }
}
