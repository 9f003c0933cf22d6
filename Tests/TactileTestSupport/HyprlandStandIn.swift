import Foundation
import Glibc

/// Hyprland's two sockets (hyprwm/Hyprland `src/ipc/s1/Unix.cpp`, `src/ipc/s2/S2.cpp`):
/// `.socket.sock` answers one request and closes; `j/activewindow` is answered with the
/// window's JSON (`activeWindowRequest` in `src/ipc/s1/Commands.cpp`), `{}` without one.
/// `.socket2.sock` writes `EVENT>>DATA\n` lines: `activewindow>>CLASS,TITLE` then
/// `activewindowv2>>ADDRESS`, and `activewindow>>,` when no window has the focus.
extension CompositorStandIn {
    func hyprlandWindow(_ application: String) -> String {
        let id = lockedWindowID(application)
        return """
            {
                "address": "0x\(String(id, radix: 16))",
                "mapped": true,
                "hidden": false,
                "at": [0, 0],
                "size": [800, 600],
                "workspace": {"id": 1, "name": "1"},
                "floating": false,
                "pid": 4242,
                "class": \(jsonString(application)),
                "title": "a window",
                "initialClass": \(jsonString(application)),
                "initialTitle": "a window",
                "xwayland": false,
                "focusHistoryID": 0
            }
            """
    }

    func hyprlandFocusEvent(_ application: String?) -> [UInt8] {
        guard let application else { return Array("activewindow>>,\nactivewindowv2>>\n".utf8) }
        let address = String(lockedWindowID(application), radix: 16)
        return Array("activewindow>>\(application),a window, with a comma\nactivewindowv2>>\(address)\n".utf8)
    }

    func serveHyprlandRequest(_ connection: Int32) {
        // hyprctl writes the request and waits; Hyprland reads what is there.
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        let request = String(decoding: buffer[0..<count], as: UTF8.self)
        guard request == "j/activewindow" else {
            StandInIO.write(connection, "unknown request")
            return
        }
        StandInIO.write(connection, focusedApplication.map(hyprlandWindow) ?? "{}")
        countHandshake()
    }

    func serveHyprlandEvents(_ connection: Int32) {
        subscribe(connection, completesHandshake: false)
        defer { unsubscribe(connection) }
        // Hyprland ignores what clients write here; wait for the hang-up.
        var byte: UInt8 = 0
        while read(connection, &byte, 1) > 0 {}
    }
}
