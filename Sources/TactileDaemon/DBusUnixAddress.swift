/// A D-Bus server address of the `unix` transport, as the D-Bus specification writes them
/// ("Server Addresses"): `unix:abstract=NAME` or `unix:path=PATH`, values percent-escaped.
/// Touchégg's clients connect to `unix:abstract=touchegg`; nothing else is needed, so the other
/// transports (tcp, `unix:dir=`, `unix:tmpdir=`) are refused with a message that says so.
public struct DBusUnixAddress: Equatable, Sendable, CustomStringConvertible {
    public enum Location: Equatable, Sendable {
        case abstract(String)
        case path(String)
    }

    public var location: Location

    public init(parsing text: String) throws(SocketError) {
        let unsupported = SocketError("\(text): expected a D-Bus address unix:abstract=NAME or unix:path=PATH")
        guard text.hasPrefix("unix:") else { throw unsupported }
        var found: Location?
        for pair in text.dropFirst("unix:".count).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Self.unescaped(parts[1]), !value.isEmpty else { throw unsupported }
            switch parts[0] {
            case "abstract" where found == nil: found = .abstract(value)
            case "path" where found == nil: found = .path(value)
            case "guid": continue  // the server makes its own
            default: throw unsupported
            }
        }
        guard let found else { throw unsupported }
        location = found
    }

    /// The name `UnixSocketAddress` takes: `@NAME` for an abstract socket.
    public var socketName: String {
        switch location {
        case .abstract(let name): "@" + name
        case .path(let path): path
        }
    }

    public var description: String {
        switch location {
        case .abstract(let name): "unix:abstract=\(name)"
        case .path(let path): "unix:path=\(path)"
        }
    }

    /// `%XX` escapes decoded; nil when one is malformed.
    private static func unescaped(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
