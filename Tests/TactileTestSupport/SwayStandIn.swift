import Foundation
import Glibc

/// sway's (and i3's) side of the i3 IPC, from sway-ipc(7) (swaywm/sway `sway/sway-ipc.7.scd`)
/// and `include/ipc.h`: `i3-ipc`, payload length and type as native 32-bit integers, then JSON.
/// GET_TREE (4) answers the root node, SUBSCRIBE (2) `{"success": true}`, then window events
/// (0x80000003) `{"change": "focus", "container": {…}}`; closing the focused window sends
/// `{"change": "close", …}`. sway's windows carry `app_id`, i3's only `window_properties`.
extension CompositorStandIn {
    static let i3IPCMagic = Array("i3-ipc".utf8)

    func i3IPCFrame(type: UInt32, _ payload: String) -> [UInt8] {
        var frame = Self.i3IPCMagic
        let bytes = Array(payload.utf8)
        withUnsafeBytes(of: UInt32(bytes.count)) { frame += $0 }
        withUnsafeBytes(of: type) { frame += $0 }
        return frame + bytes
    }

    /// A window node as sway's GET_TREE and window events write it.
    func i3IPCWindow(_ application: String, focused: Bool) -> String {
        let id = lockedWindowID(application)
        let identity = compositor == .sway
            ? "\"app_id\": \(jsonString(application)), \"shell\": \"xdg_shell\""
            : "\"window\": \(4_194_304 + id), \"window_properties\": {\"class\": \(jsonString(application)), "
                + "\"instance\": \(jsonString(application.lowercased())), \"title\": \"a window\"}"
        return """
            {"id": \(id), "name": "a window", "type": "con", "focused": \(focused), "urgent": false, \
            "layout": "none", "rect": {"x": 0, "y": 0, "width": 800, "height": 600}, \(identity), \
            "pid": 4242, "visible": true, "nodes": [], "floating_nodes": [], "focus": []}
            """
    }

    func i3IPCTree(_ focused: String?) -> String {
        let windows = focused.map { i3IPCWindow($0, focused: true) } ?? ""
        return """
            {"id": 1, "name": "root", "type": "root", "focused": false, "nodes": [\
            {"id": 2, "name": "HEADLESS-1", "type": "output", "focused": false, "nodes": [\
            {"id": 3, "name": "1", "type": "workspace", "focused": \(focused == nil), "nodes": [\(windows)], \
            "floating_nodes": []}], "floating_nodes": []}], "floating_nodes": []}
            """
    }

    func i3IPCFocusEvent(from previous: String?, to application: String?) -> [UInt8] {
        guard let application else {
            // No window has the focus any more: sway says the focused one closed.
            guard let previous else { return [] }
            return i3IPCFrame(type: 0x8000_0003, "{\"change\": \"close\", \"container\": \(i3IPCWindow(previous, focused: false))}")
        }
        return i3IPCFrame(type: 0x8000_0003, "{\"change\": \"focus\", \"container\": \(i3IPCWindow(application, focused: true))}")
    }

    /// A window event whose framing is right and whose JSON is cut short.
    var i3IPCMalformedEvent: [UInt8] { i3IPCFrame(type: 0x8000_0003, "{\"change\": \"focus\", \"container\": {\"id\": ") }

    func serveI3IPC(_ connection: Int32) {
        defer { unsubscribe(connection) }
        while let header = StandInIO.read(connection, count: 14) {
            guard Array(header[0..<6]) == Self.i3IPCMagic else { return }
            let length = header[6..<10].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            let type = header[10..<14].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            guard let payload = StandInIO.read(connection, count: Int(length)) else { return }
            switch type {
            case 4:  // GET_TREE
                StandInIO.write(connection, i3IPCFrame(type: 4, i3IPCTree(focusedApplication)))
            case 2:  // SUBSCRIBE
                let events = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String] ?? []
                guard events.contains("window") else {
                    StandInIO.write(connection, i3IPCFrame(type: 2, "{\"success\": false}"))
                    continue
                }
                subscribe(connection) { _ in self.i3IPCFrame(type: 2, "{\"success\": true}") }
            default:
                StandInIO.write(connection, i3IPCFrame(type: type, "{\"success\": false, \"error\": \"not in the stand-in\"}"))
            }
        }
    }
}
