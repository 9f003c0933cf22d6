/// A JSON object whose values are strings, numbers, booleans or null — what Tactile writes.
struct FlatJSONObject {
    enum Value: Equatable {
        case string(String)
        /// The number, and its text as written (`Decimal.fixedPoint` reads a time exactly).
        case number(Double, text: String)
        case null
        case boolean
    }

    private var values: [String: Value] = [:]

    init?(_ text: String) {
        var characters = Array(text.unicodeScalars)[...]
        func skipSpaces() { while let c = characters.first, c == " " || c == "\t" || c == "\r" { characters.removeFirst() } }
        func string() -> String? {
            guard characters.first == "\"" else { return nil }
            characters.removeFirst()
            var result = String.UnicodeScalarView()
            while let c = characters.popFirst() {
                if c == "\"" { return String(result) }
                if c == "\\" {
                    guard let escaped = characters.popFirst() else { return nil }
                    switch escaped {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "u":
                        let hex = String(String.UnicodeScalarView(characters.prefix(4)))
                        characters = characters.dropFirst(4)
                        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                        result.append(scalar)
                    default: result.append(escaped)
                    }
                } else {
                    result.append(c)
                }
            }
            return nil
        }
        skipSpaces()
        guard characters.popFirst() == "{" else { return nil }
        skipSpaces()
        if characters.first == "}" { return }
        while true {
            skipSpaces()
            guard let key = string() else { return nil }
            skipSpaces()
            guard characters.popFirst() == ":" else { return nil }
            skipSpaces()
            if characters.first == "\"" {
                guard let value = string() else { return nil }
                values[key] = .string(value)
            } else {
                let token = characters.prefix { $0 != "," && $0 != "}" && $0 != " " }
                characters = characters.dropFirst(token.count)
                let text = String(String.UnicodeScalarView(token))
                if let number = Double(text) {
                    values[key] = .number(number, text: text)
                } else if text == "null" {
                    values[key] = .null
                } else if text == "true" || text == "false" {
                    values[key] = .boolean
                } else {
                    return nil
                }
            }
            skipSpaces()
            switch characters.popFirst() {
            case ",": continue
            case "}": return
            default: return nil
            }
        }
    }

    subscript(key: String) -> Value? { values[key] }

    func string(_ key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }
}
