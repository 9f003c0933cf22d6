/// Hyprland's two sockets in `$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/`
/// (hyprwm/Hyprland `src/Compositor.cpp`: `m_hyprTempDataRoot`, `m_instancePath`):
///
/// - `.socket.sock` (`src/ipc/s1/Unix.cpp`) takes one request, here `j/activewindow` (`j/`:
///   JSON, `src/ipc/s1/S1.cpp`), answers and closes. The answer (`activeWindowRequest` in
///   `src/ipc/s1/Commands.cpp`) is the window's object with `"class"`, or `{}` when no window
///   has the focus.
/// - `.socket2.sock` (`src/ipc/s2/Unix.cpp`) sends every event as a line `EVENT>>DATA\n`
///   (`formatEvent` in `src/ipc/s2/S2.cpp`); a focus change is `activewindow>>CLASS,TITLE`, and
///   `activewindow>>,` when no window has it (`src/desktop/state/FocusState.cpp`). The class
///   cannot hold a comma that matters here: everything before the first comma is the class.
///
/// The event socket is connected first, so no change falls between the query and the stream.
public struct HyprlandFocusProtocol: FocusProtocol {
    public let name = "Hyprland"
    /// The instance's directory.
    public let address: String

    /// The most of `j/activewindow`'s reply that is read: one window's object is a few hundred
    /// bytes, and a reply that never ended was read until memory ran out, unlike sway's and
    /// niri's, which were bounded already.
    public static let maximumReply = 1 << 20

    public init(instanceDirectory: String) { address = instanceDirectory }

    public func connect() throws(FocusError) -> FocusStream {
        let events = try CompositorSocket(connectingTo: address + "/.socket2.sock")
        let query = try CompositorSocket(connectingTo: address + "/.socket.sock")
        try query.send(Array("j/activewindow".utf8))
        let reply = try query.readToEnd(limit: Self.maximumReply)
        guard let window = JSONValue(parsing: reply), case .object = window else {
            throw FocusError("\(query.path): j/activewindow's reply is not a JSON object: \(String(decoding: reply.prefix(200), as: UTF8.self))")
        }
        let windowClass = window["class"]?.string
        return CompositorStream(socket: events, initialFocus: windowClass?.isEmpty == false ? windowClass : nil,
                                decoder: HyprlandEventDecoder())
    }
}

/// The `EVENT>>DATA` lines of Hyprland's `.socket2.sock` (see `HyprlandFocusProtocol`).
public struct HyprlandEventDecoder: FocusEventDecoder {
    /// A line this long without its newline is no event Hyprland writes (it cuts data at 1024).
    public static let maximumLine = 64 * 1024

    public init() {}

    public mutating func updates(from buffer: inout [UInt8]) throws(FocusError) -> [FocusUpdate] {
        var updates: [FocusUpdate] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let text = String(decoding: buffer[..<newline], as: UTF8.self)
            buffer.removeFirst(newline + 1)
            guard let separator = Self.separator(in: text) else {
                updates.append(.ignored("an event line without EVENT>>DATA: \(text.prefix(200))"))
                continue
            }
            guard text[..<separator.lowerBound] == "activewindow" else { continue }
            let data = text[separator.upperBound...]
            guard let comma = data.firstIndex(of: ",") else {
                updates.append(.ignored("activewindow>>\(data.prefix(200)) has no CLASS,TITLE"))
                continue
            }
            let windowClass = String(data[..<comma])
            updates.append(.focused(windowClass.isEmpty ? nil : windowClass))
        }
        guard buffer.count <= Self.maximumLine else { throw FocusError("an event line of more than \(Self.maximumLine) bytes") }
        return updates
    }
}

extension HyprlandEventDecoder {
    /// Where the first `>>` is: what separates an event's name from its data. Searched byte by
    /// byte, so tactile needs no string-processing library for it.
    static func separator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if next < utf8.endIndex, utf8[index] == UInt8(ascii: ">"), utf8[next] == UInt8(ascii: ">") {
                return index..<utf8.index(after: next)
            }
            index = next
        }
        return nil
    }
}
