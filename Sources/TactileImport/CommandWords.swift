/// Commands between the tools' notations and Tactile's: the words of a shell-quoted line, the
/// quoting of a Tactile argv, and a line for `sh -c` when only a shell can run it.
enum CommandWords {
    /// The words of `line` as Python's `shlex.split` (POSIX mode) gives them, which
    /// libinput-gestures runs directly: quotes group and are removed, a backslash outside single
    /// quotes takes the next character as it is (inside double quotes only before `"` `\` `$`
    /// and a backquote). nil when a quote is left open.
    static func shellSplit(_ line: String) -> [String]? {
        var words: [String] = []
        var word = "", inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                if quote == "\"" && !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case ("\"", "\\"), (nil, "\\"): escaped = true; inWord = true
            case ("\"", _): word.append(character)
            case (nil, "'"), (nil, "\""): quote = character; inWord = true
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            default: word.append(character); inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// The characters after which a command line needs a shell: Ruby's `Process.spawn` (fusuma)
    /// hands a line holding any of them to `/bin/sh -c` (`rb_exec_fillarg`), and Touchégg's
    /// `system()` always does; quotes alone only group words, as `shellSplit` does too.
    static let shellCharacters = Set("*?{}[]<>()~&|$;`\n#=%")

    /// The argv that runs `line` as `sh -c LINE` would: its words, quotes removed, when it is words
    /// and quotes only; else `sh -c LINE`.
    static func shellLine(_ line: String) -> [String] {
        let trimmed = line.trimmingWhitespace
        if !trimmed.contains(where: shellCharacters.contains), let words = shellSplit(trimmed) { return words }
        return ["sh", "-c", trimmed]
    }

    /// `word` for `sh`: as it is when nothing in it is special, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=+,@%^".contains($0) }
        return plain ? word : "'" + word.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }

    /// The words as a binding's command: bare where the configuration parser reads them back
    /// unchanged, else in double quotes, or single ones when the word holds a double quote; nil
    /// when a word holds both, or a line break. A first word that would start a key action is
    /// quoted too.
    static func configurationText(_ words: [String]) -> String? {
        var written: [String] = []
        for (index, word) in words.enumerated() {
            guard !word.contains(where: \.isNewline) else { return nil }
            let bare = !word.isEmpty && !word.contains { $0.isWhitespace || $0 == "#" || $0 == "\"" || $0 == "'" }
                && !(index == 0 && keyActionWords.contains(word))
            if bare {
                written.append(word)
            } else if !word.contains("\"") {
                written.append("\"\(word)\"")
            } else if !word.contains("'") {
                written.append("'\(word)'")
            } else {
                return nil
            }
        }
        return written.joined(separator: " ")
    }

    /// The first words after `=>` that start a key or button action rather than a command.
    static let keyActionWords: Set<String> = ["key", "key-down", "key-up", "button", "button-down", "button-up"]
}

extension StringProtocol {
    /// Without leading and trailing whitespace.
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
