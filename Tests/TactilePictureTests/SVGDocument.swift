import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG parsed back with Foundation's XML parser: parsing fails on anything not well-formed,
/// and the elements it collects let tests count what was drawn.
struct SVGDocument {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The classes of its `class` attribute.
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let elements: [Element]
    /// The text content of every `<text>` element, in document order.
    let texts: [String]

    init(_ bytes: [UInt8]) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = collector.elements
        texts = collector.texts
    }

    /// Elements named `name` carrying class `className`.
    func count(_ name: String, class className: String) -> Int {
        elements.filter { $0.name == name && $0.classes.contains(className) }.count
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var texts: [String] = []
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes))
            if name == "text" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text {
                texts.append(text)
                self.text = nil
            }
        }
    }
}
