/// A cursor over one line of a configuration file, that knows its column for error messages.
struct ConfigurationLine {
    let file: String
    let number: Int
    let characters: [Character]
    private(set) var index = 0

    init(file: String, number: Int, text: Substring) {
        self.file = file
        self.number = number
        // A `#` outside quotes starts a comment.
        var kept: [Character] = []
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                break
            }
            kept.append(character)
        }
        characters = kept
    }

    /// 1-based column of the cursor.
    var column: Int { index + 1 }
    var isAtEnd: Bool { index >= characters.count }
    var peek: Character? { isAtEnd ? nil : characters[index] }
    var isBlank: Bool { characters.allSatisfy(\.isWhitespace) }
    /// The whole line as written, its comment and surrounding spaces left out.
    var written: String {
        String(characters.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    func error(_ message: String, at column: Int? = nil) -> ConfigurationError {
        ConfigurationError(file: file, line: number, column: column ?? self.column, message: message)
    }

    mutating func skipSpaces() {
        while let character = peek, character.isWhitespace { index += 1 }
    }

    /// Consumes `text` if it comes next (after spaces).
    mutating func consume(_ text: String) -> Bool {
        skipSpaces()
        let expected = Array(text)
        guard index + expected.count <= characters.count,
            Array(characters[index..<index + expected.count]) == expected
        else { return false }
        index += expected.count
        return true
    }

    mutating func expect(_ text: String, _ what: String) throws(ConfigurationError) {
        guard consume(text) else { throw error("expected \(what)") }
    }

    /// A word: letters, digits, `-`, `.`, `_`, `*`, `+` (names, keys, numbers with units).
    mutating func word() -> String? {
        takeCharacters { $0.isLetter || $0.isNumber || "-._*+".contains($0) }
    }

    /// Everything up to the next space (a command's unquoted word).
    mutating func unquotedWord() -> String? {
        takeCharacters { !$0.isWhitespace }
    }

    /// After spaces, the characters `belongs` accepts, up to the first it does not; nil if none.
    private mutating func takeCharacters(while belongs: (Character) -> Bool) -> String? {
        skipSpaces()
        let start = index
        while let character = peek, belongs(character) { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// `key SEPARATOR value` (e.g. `fingers: 2`, `direction=left`), with the columns of both
    /// for error messages; `what` names the key in the error when there is none. The value of a
    /// key in `quotable` may be quoted (`device="ELAN Touchscreen"`), as a device's name holds spaces.
    mutating func keyAndValue(separator: String, what: String, quotable: Set<String> = []) throws(ConfigurationError)
        -> (key: String, keyColumn: Int, value: String, valueColumn: Int)
    {
        skipSpaces()
        let keyColumn = column
        guard let key = word() else { throw error("expected \(what)") }
        try expect(separator, "\(separator) after \(key)")
        skipSpaces()
        let valueColumn = column
        if quotable.contains(key), let quoted = try quoted() { return (key, keyColumn, quoted, valueColumn) }
        guard let value = word() else { throw error("expected a value for \(key)") }
        return (key, keyColumn, value, valueColumn)
    }

    /// A quoted string ("…" or '…'), without its quotes.
    mutating func quoted() throws(ConfigurationError) -> String? {
        skipSpaces()
        guard let open = peek, open == "\"" || open == "'" else { return nil }
        let start = column
        index += 1
        var text = ""
        while let character = peek, character != open {
            text.append(character)
            index += 1
        }
        guard peek == open else { throw error("expected a closing \(open) for the string that starts here", at: start) }
        index += 1
        return text
    }

    /// The rest of the line, trimmed.
    mutating func rest() -> String {
        skipSpaces()
        let text = String(characters[index...])
        index = characters.count
        var trimmed = Substring(text)
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
