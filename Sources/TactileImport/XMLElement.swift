/// An element of a small XML document, with the line its start tag is on: Touchégg's
/// configuration is a few hundred lines, so it is read whole. What the reader takes is what
/// Touchégg's pugixml reads from such a file: elements, attributes in either quote, text with
/// the five named entities and numeric ones, CDATA, comments, a declaration and a doctype.
struct XMLElement: Equatable {
    var name: String
    var attributes: [Attribute] = []
    var children: [XMLElement] = []
    /// The character data directly inside, entities decoded.
    var text = ""
    var line: Int

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The text inside, without the whitespace around it.
    var trimmedText: String { text.trimmingWhitespace }

    /// The root element of `text`, or where and why it is not XML.
    static func root(of text: String) throws(XMLError) -> XMLElement {
        var reader = XMLReader(text)
        return try reader.document()
    }
}

/// Text that is not well-formed XML, and where.
struct XMLError: Error, Equatable {
    var line: Int
    var message: String
}

/// A cursor over the document's characters that knows its line.
private struct XMLReader {
    /// Elements nest at most this deep: each level is a recursion of the reader.
    static let maximumDepth = 64

    private let characters: [Character]
    private var index = 0
    private var line = 1

    init(_ text: String) { characters = Array(text) }

    private var isAtEnd: Bool { index >= characters.count }

    private func error(_ message: String) -> XMLError { XMLError(line: line, message: message) }

    private func peek(_ text: String) -> Bool {
        var position = index
        for character in text {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < characters.count {
            if characters[index] == "\n" { line += 1 }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while !isAtEnd, characters[index].isWhitespace { advance() }
    }

    /// Everything up to `terminator`, which is consumed too.
    private mutating func skip(past terminator: String, _ what: String) throws(XMLError) -> String {
        var skipped = ""
        while !peek(terminator) {
            guard !isAtEnd else { throw error("\(what) is not closed with \(terminator)") }
            skipped.append(characters[index])
            advance()
        }
        advance(terminator.count)
        return skipped
    }

    /// Skips the declaration, comments, processing instructions and a doctype before or after the root.
    private mutating func skipMisc() throws(XMLError) {
        while true {
            skipWhitespace()
            if peek("\u{FEFF}") { advance(); continue }
            if peek("<?") { _ = try skip(past: "?>", "a processing instruction"); continue }
            if peek("<!--") { _ = try skip(past: "-->", "a comment"); continue }
            if peek("<!DOCTYPE") { _ = try skip(past: ">", "the doctype"); continue }
            return
        }
    }

    mutating func document() throws(XMLError) -> XMLElement {
        try skipMisc()
        guard peek("<") else { throw error("expected the root element") }
        let root = try element(depth: 0)
        try skipMisc()
        guard isAtEnd else { throw error("text after the root element") }
        return root
    }

    private mutating func name() throws(XMLError) -> String {
        var name = ""
        while !isAtEnd, !characters[index].isWhitespace, !"/>=<\"'".contains(characters[index]) {
            name.append(characters[index])
            advance()
        }
        guard !name.isEmpty else { throw error("expected a name") }
        return name
    }

    private mutating func element(depth: Int) throws(XMLError) -> XMLElement {
        guard depth < Self.maximumDepth else { throw error("elements nested more than \(Self.maximumDepth) deep") }
        let startLine = line
        advance()  // <
        var element = XMLElement(name: try name(), line: startLine)
        while true {
            skipWhitespace()
            if peek("/>") {
                advance(2)
                return element
            }
            if peek(">") {
                advance()
                break
            }
            let attribute = try name()
            skipWhitespace()
            guard peek("=") else { throw error("expected = after the attribute \(attribute)") }
            advance()
            skipWhitespace()
            guard !isAtEnd, characters[index] == "\"" || characters[index] == "'" else {
                throw error("expected a quoted value for \(attribute)")
            }
            let quote = String(characters[index])
            advance()
            element.attributes.append(XMLElement.Attribute(name: attribute, value: try decode(try skip(past: quote, "a value"))))
        }
        while true {
            if peek("</") {
                advance(2)
                let closing = try name()
                guard closing == element.name else { throw error("</\(closing)> closes <\(element.name)>") }
                skipWhitespace()
                guard peek(">") else { throw error("expected > after </\(closing)") }
                advance()
                return element
            }
            if peek("<!--") { _ = try skip(past: "-->", "a comment"); continue }
            if peek("<![CDATA[") {
                advance(9)
                element.text += try skip(past: "]]>", "a CDATA section")
                continue
            }
            if peek("<?") { _ = try skip(past: "?>", "a processing instruction"); continue }
            if peek("<") {
                element.children.append(try self.element(depth: depth + 1))
                continue
            }
            guard !isAtEnd else { throw error("<\(element.name)> is not closed") }
            var text = ""
            while !isAtEnd, characters[index] != "<" {
                text.append(characters[index])
                advance()
            }
            element.text += try decode(text)
        }
    }

    /// `text` with its entities replaced.
    private func decode(_ text: String) throws(XMLError) -> String {
        guard text.contains("&") else { return text }
        var decoded = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { throw error("an & with no ;") }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "lt": decoded += "<"
            case "gt": decoded += ">"
            case "amp": decoded += "&"
            case "quot": decoded += "\""
            case "apos": decoded += "'"
            case _ where entity.hasPrefix("#x"):
                guard let value = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw error("&\(entity); is no character")
                }
                decoded.unicodeScalars.append(scalar)
            case _ where entity.hasPrefix("#"):
                guard let value = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(value) else {
                    throw error("&\(entity); is no character")
                }
                decoded.unicodeScalars.append(scalar)
            default: throw error("&\(entity); is not an entity XML knows")
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return decoded + rest
    }
}
