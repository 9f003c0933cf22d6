/// sway's and i3's IPC (`$SWAYSOCK`, `$I3SOCK`): `GET_TREE` for the focus at start, then
/// `SUBSCRIBE ["window"]` for its changes. From sway-ipc(7) (swaywm/sway `sway/sway-ipc.7.scd`):
///
/// - GET_TREE's reply is the root node; every node has `focused` (true for the one node the
///   seat focuses), `nodes` and `floating_nodes`. A window has `app_id` (xdg-shell, null for
///   XWayland) and, under X11 or XWayland, `window_properties.class`. When the focused node is a
///   workspace or output, no application has the focus.
/// - SUBSCRIBE's reply is `{"success": true}`; then each window event (0x80000003) is
///   `{"change": …, "container": {…}}`. `focus` names the newly focused window; `close` of the
///   focused one leaves no application focused until the next `focus`.
///
/// i3 speaks the same messages (it is where sway took them from); its windows have only
/// `window_properties`.
public struct SwayFocusProtocol: FocusProtocol {
    public let name: String
    public let address: String

    public init(name: String, socketPath: String) {
        self.name = name
        address = socketPath
    }

    public func connect() throws(FocusError) -> FocusStream {
        let socket = try CompositorSocket(connectingTo: address)
        let tree = try request(I3IPCMessage(type: I3IPCMessage.getTree, ""), on: socket)
        guard let focus = SwayTreeFocus(tree: tree.payload) else { throw FocusError("\(address): GET_TREE's reply is not JSON") }
        let reply = try request(I3IPCMessage(type: I3IPCMessage.subscribe, #"["window"]"#), on: socket)
        guard JSONValue(parsing: reply.payload)?["success"]?.bool == true else {
            throw FocusError("\(address): SUBSCRIBE [\"window\"] failed: \(String(decoding: reply.payload, as: UTF8.self))")
        }
        switch focus {
        case .none:
            return CompositorStream(socket: socket, initialFocus: nil, decoder: SwayEventDecoder(focusedID: nil))
        case .node(let id, let application):
            return CompositorStream(socket: socket, initialFocus: application, decoder: SwayEventDecoder(focusedID: id))
        }
    }

    /// Sends `message` and waits for the reply of its type, whole within one deadline; events
    /// that come first are left for the stream (there are none before SUBSCRIBE, but a reply is
    /// never mistaken for one).
    private func request(_ message: I3IPCMessage, on socket: CompositorSocket) throws(FocusError) -> I3IPCMessage {
        try socket.send(message.bytes)
        let deadline = socket.replyDeadline()
        while true {
            if let reply = try I3IPCMessage.take(from: &socket.buffer) {
                guard reply.type == message.type else { throw FocusError("\(address): a reply of type \(reply.type) to \(message.type)") }
                return reply
            }
            // The framing refuses a payload over its maximum from the header, before it is read.
            guard try socket.fill(before: deadline, limit: .max) else {
                throw FocusError("\(address): closed before replying")
            }
        }
    }

    /// A window's application: its Wayland `app_id`, else its X11 class; nil for a node that is
    /// not a window (a workspace, an output).
    static func application(of node: JSONValue) -> String? {
        if let appID = node["app_id"]?.string, !appID.isEmpty { return appID }
        if let windowClass = node["window_properties"]?["class"]?.string, !windowClass.isEmpty { return windowClass }
        return nil
    }
}

/// sway's and i3's window events, framed as i3-ipc messages (see `SwayFocusProtocol`).
public struct SwayEventDecoder: FocusEventDecoder {
    /// The focused window's node id, to know when a `close` takes the focus away.
    public var focusedID: Int64?

    public init(focusedID: Int64?) { self.focusedID = focusedID }

    public mutating func updates(from buffer: inout [UInt8]) throws(FocusError) -> [FocusUpdate] {
        var updates: [FocusUpdate] = []
        while let message = try I3IPCMessage.take(from: &buffer) {
            guard message.type == I3IPCMessage.windowEvent else { continue }
            guard let event = JSONValue(parsing: message.payload), let change = event["change"]?.string,
                let container = event["container"]
            else {
                updates.append(.ignored("a window event that is not {\"change\": …, \"container\": {…}}"))
                continue
            }
            switch change {
            case "focus":
                focusedID = container["id"]?.integer
                updates.append(.focused(SwayFocusProtocol.application(of: container)))
            case "close" where focusedID != nil && container["id"]?.integer == focusedID:
                focusedID = nil
                updates.append(.focused(nil))
            default:
                break
            }
        }
        return updates
    }
}
