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
        let reply = try socket.readLine()
        guard let answer = JSONValue(parsing: reply)?["Ok"], let window = answer["FocusedWindow"] else {
            throw FocusError("\(address): FocusedWindow's reply is not {\"Ok\":{\"FocusedWindow\":…}}: "
                             + String(decoding: reply.prefix(200), as: UTF8.self))
        }
        try socket.send(Array("\"EventStream\"\n".utf8))
        let handled = try socket.readLine()
        guard JSONValue(parsing: handled)?["Ok"]?.string == "Handled" else {
            throw FocusError("\(address): EventStream's reply is not {\"Ok\":\"Handled\"}: "
                             + String(decoding: handled.prefix(200), as: UTF8.self))
        }
        let stream = Stream(socket: socket, initialFocus: window["app_id"]?.string)
        if let id = window["id"]?.integer {
            stream.applications[id] = window["app_id"]?.string
            stream.focusedID = id
        }
        return stream
    }

    final class Stream: FocusStream {
        let socket: CompositorSocket
        let initialFocus: String?
        /// Every open window's app id (nil when it set none), by window id.
        var applications: [Int64: String?] = [:]
        var focusedID: Int64?

        init(socket: CompositorSocket, initialFocus: String?) {
            self.socket = socket
            self.initialFocus = initialFocus
        }

        var descriptor: Int32 { socket.descriptor.rawValue }

        var focus: FocusUpdate { .focused(focusedID.flatMap { applications[$0] ?? nil }) }

        func readUpdates() throws(FocusError) -> [FocusUpdate] {
            guard try socket.fill() else { throw FocusError("\(socket.path): the compositor closed the connection") }
            var updates: [FocusUpdate] = []
            while let line = socket.takeLine() {
                guard let event = JSONValue(parsing: line), case .object(let members) = event, members.count == 1,
                    let (name, body) = members.first
                else {
                    updates.append(.ignored("an event that is not one JSON object {\"Event\":{…}}: "
                                            + String(decoding: line.prefix(200), as: UTF8.self)))
                    continue
                }
                switch name {
                case "WindowsChanged":
                    guard let windows = body["windows"]?.array else {
                        updates.append(.ignored("WindowsChanged without windows"))
                        continue
                    }
                    applications = [:]
                    focusedID = nil
                    for window in windows { remember(window) }
                    updates.append(focus)
                case "WindowOpenedOrChanged":
                    guard let window = body["window"], window["id"]?.integer != nil else {
                        updates.append(.ignored("WindowOpenedOrChanged without a window id"))
                        continue
                    }
                    let before = focus
                    remember(window)
                    if focus != before { updates.append(focus) }
                case "WindowFocusChanged":
                    guard let id = body["id"], id == .null || id.integer != nil else {
                        updates.append(.ignored("WindowFocusChanged without an id"))
                        continue
                    }
                    focusedID = id.integer
                    updates.append(focus)
                case "WindowClosed":
                    guard let id = body["id"]?.integer else {
                        updates.append(.ignored("WindowClosed without an id"))
                        continue
                    }
                    applications[id] = nil
                    if focusedID == id {
                        focusedID = nil
                        updates.append(focus)
                    }
                default:
                    break
                }
            }
            return updates
        }

        private func remember(_ window: JSONValue) {
            guard let id = window["id"]?.integer else { return }
            applications[id] = .some(window["app_id"]?.string)
            if window["is_focused"]?.bool == true { focusedID = id }
        }
    }
}
