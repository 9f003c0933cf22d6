import TactileProtocol

/// A minimal XML text writer for SVG: elements, escaped attributes and text, numbers with fixed
/// decimals. It keeps the stack of open elements, so every element it opens is closed in order
/// and the result is always well-formed.
///
/// Numbers go through `Decimal`, never the platform's float formatting, so the same picture gives
/// the same bytes on every machine.
struct SVGWriter {
    /// An attribute value: text is escaped; numbers are user units (pixels) with one decimal,
    /// a tenth of a pixel being finer than any renderer draws.
    enum Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        case text(String)
        case number(Double)

        init(stringLiteral value: String) { self = .text(value) }
        init(floatLiteral value: Double) { self = .number(value) }
        init(integerLiteral value: Int) { self = .number(Double(value)) }
    }

    typealias Attributes = KeyValuePairs<String, Value>

    private var bytes: [UInt8] = []
    private var openElements: [String] = []

    init() {
        bytes.append(contentsOf: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    }

    /// Opens `name`; everything written until the matching `end()` is its content.
    mutating func start(_ name: String, _ attributes: Attributes) {
        appendTag(name, attributes)
        bytes.append(contentsOf: ">\n".utf8)
        openElements.append(name)
    }

    /// Closes the innermost open element.
    mutating func end() {
        guard let name = openElements.popLast() else {
            preconditionFailure("SVGWriter.end() without an open element")
        }
        bytes.append(contentsOf: "</\(name)>\n".utf8)
    }

    /// An element without content, e.g. `<circle …/>`.
    mutating func element(_ name: String, _ attributes: Attributes) {
        appendTag(name, attributes)
        bytes.append(contentsOf: "/>\n".utf8)
    }

    /// An element holding only `content`, escaped, e.g. `<text …>2f down</text>`.
    mutating func element(_ name: String, _ attributes: Attributes = [:], content: String) {
        appendTag(name, attributes)
        bytes.append(UInt8(ascii: ">"))
        appendEscaped(content)
        bytes.append(contentsOf: "</\(name)>\n".utf8)
    }

    /// The finished document. Every element must have been closed.
    var document: [UInt8] {
        precondition(openElements.isEmpty, "SVGWriter: <\(openElements.last ?? "")> was never closed")
        return bytes
    }

    private mutating func appendTag(_ name: String, _ attributes: Attributes) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        for (key, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: "=\"".utf8)
            switch value {
            case .text(let text): appendEscaped(text)
            case .number(let number): Decimal.append(number, digits: 1, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Escapes the five XML specials; device names come from recordings and may hold any of them.
    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&apos;".utf8)
            // XML 1.0 forbids most control characters even escaped; a space keeps the text readable.
            case 0..<0x20 where byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t"):
                bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
    }
}
