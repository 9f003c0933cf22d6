/// A JSON document as the compositors send it (RFC 8259), parsed without Foundation.
///
/// Only what the focus protocols read is offered: members of objects, elements of arrays,
/// strings, integers and booleans. Nesting is bounded, so a hostile or broken peer cannot
/// exhaust the stack; sway's trees nest a few levels per container.
public enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// How deep arrays and objects may nest.
    public static let maximumDepth = 256

    /// Parses one whole document; nil if it is not JSON.
    public init?(parsing bytes: some Collection<UInt8>) {
        var reader = JSONReader(bytes: Array(bytes))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpaces()
        guard reader.index == reader.bytes.count else { return nil }
        self = value
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    public var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// An integral number (ids), exactly.
    public var integer: Int64? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) < 9.0e15 else { return nil }
        return Int64(value)
    }

    public var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
