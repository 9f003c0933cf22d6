/// niri's IPC (`$NIRI_SOCKET`, YaLTeR/niri `niri-ipc/src/socket.rs`): each request is one line
/// of JSON and gets one line of JSON back (`niri-ipc/src/lib.rs`, module documentation;
/// `handle_client` in `src/ipc/server.rs`). Requests and replies are serde's external tagging:
///
/// - `"FocusedWindow"` → `{"Ok":{"FocusedWindow":WINDOW}}`, WINDOW an object with `id` and
///   `app_id` (null when unset) or `null` when no window has the focus.
/// - `"EventStream"` → `{"Ok":"Handled"}`, then one event per line, starting with the full
///   state (`replicate` in `niri-ipc/src/state.rs`): `{"WindowsChanged":{"windows":[…]}}`,
///   later `{"WindowOpenedOrChanged":{"window":{…}}}` (a focused window takes the focus),
///   `{"WindowFocusChanged":{"id":ID}}` (null: none), `{"WindowClosed":{"id":ID}}`.
///
/// Both go on one connection: niri answers requests in order, and after `EventStream` only
/// sends. A focus change names a window by id, so the windows' app ids are kept.
public struct NiriFocusProtocol: FocusProtocol {
    public let name = "niri"
    public let address: String

    public init(socketPath: String) { address = socketPath }

    public func connect() throws(FocusError) -> FocusStream {
        let socket = try CompositorSocket(connectingTo: address)
        try socket.send(Array("\"FocusedWindow\"\n".utf8))
        let reply = try socket.readLine(limit: NiriEventDecoder.maximumLine)
        guard let answer = JSONValue(parsing: reply)?["Ok"], let window = answer["FocusedWindow"] else {
            throw FocusError("\(address): FocusedWindow's reply is not {\"Ok\":{\"FocusedWindow\":…}}: "
                             + String(decoding: reply.prefix(200), as: UTF8.self))
        }
        try socket.send(Array("\"EventStream\"\n".utf8))
        let handled = try socket.readLine(limit: NiriEventDecoder.maximumLine)
        guard JSONValue(parsing: handled)?["Ok"]?.string == "Handled" else {
            throw FocusError("\(address): EventStream's reply is not {\"Ok\":\"Handled\"}: "
                             + String(decoding: handled.prefix(200), as: UTF8.self))
        }
        return CompositorStream(socket: socket, initialFocus: window["app_id"]?.string,
                                decoder: NiriEventDecoder(focused: window == .null ? nil : window))
    }
}

/// niri's event stream, one JSON event per line (see `NiriFocusProtocol`). A focus change names
/// a window by id, so every window's app id is kept.
public struct NiriEventDecoder: FocusEventDecoder {
    /// Every open window's app id (nil when it set none), by window id.
    var applications: [Int64: String?] = [:]
    var focusedID: Int64?
    /// niri's events are small, but a WindowsChanged of many windows is one line.
    public static let maximumLine = 16 << 20

    /// - Parameter focused: the window FocusedWindow answered, if any.
    public init(focused: JSONValue?) {
        if let focused, let id = focused["id"]?.integer {
            applications[id] = .some(focused["app_id"]?.string)
            focusedID = id
        }
    }

    var focus: FocusUpdate { .focused(focusedID.flatMap { applications[$0] ?? nil }) }

    public mutating func updates(from buffer: inout [UInt8]) throws(FocusError) -> [FocusUpdate] {
        var updates: [FocusUpdate] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[..<newline]
            defer { buffer.removeFirst(newline + 1) }
            guard let event = JSONValue(parsing: line), case .object(let members) = event, members.count == 1,
                let (name, body) = members.first
            else {
                updates.append(.ignored("an event that is not one JSON object {\"Event\":{…}}: "
                                        + String(decoding: line.prefix(200), as: UTF8.self)))
                continue
            }
            if let update = apply(name, body) { updates.append(update) }
        }
        guard buffer.count <= Self.maximumLine else { throw FocusError("an event line of more than \(Self.maximumLine) bytes") }
        return updates
    }

    /// What one event changes, if anything.
    private mutating func apply(_ name: String, _ body: JSONValue) -> FocusUpdate? {
        switch name {
        case "WindowsChanged":
            guard let windows = body["windows"]?.array else { return .ignored("WindowsChanged without windows") }
            applications = [:]
            focusedID = nil
            for window in windows { remember(window) }
            return focus
        case "WindowOpenedOrChanged":
            guard let window = body["window"], window["id"]?.integer != nil else {
                return .ignored("WindowOpenedOrChanged without a window id")
            }
            let before = focus
            remember(window)
            return focus != before ? focus : nil
        case "WindowFocusChanged":
            guard let id = body["id"], id == .null || id.integer != nil else { return .ignored("WindowFocusChanged without an id") }
            focusedID = id.integer
            return focus
        case "WindowClosed":
            guard let id = body["id"]?.integer else { return .ignored("WindowClosed without an id") }
            applications[id] = nil
            guard focusedID == id else { return nil }
            focusedID = nil
            return focus
        default:
            return nil
        }
    }

    private mutating func remember(_ window: JSONValue) {
        guard let id = window["id"]?.integer else { return }
        applications[id] = .some(window["app_id"]?.string)
        if window["is_focused"]?.bool == true { focusedID = id }
    }
}
