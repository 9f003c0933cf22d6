import Foundation
import Glibc

/// niri's IPC (YaLTeR/niri `niri-ipc/src/lib.rs`, `src/ipc/server.rs`): a request per line,
/// a reply per line, serde's externally tagged JSON. `"FocusedWindow"` →
/// `{"Ok":{"FocusedWindow":…}}`; `"EventStream"` → `{"Ok":"Handled"}`, then the full state
/// (`WorkspacesChanged`, `WindowsChanged`, …) and changes, one event per line.
extension CompositorStandIn {
    func niriWindow(_ application: String, focused: Bool) -> String {
        """
        {"id":\(lockedWindowID(application)),"title":"a window","app_id":\(jsonString(application)),"pid":4242,\
        "workspace_id":1,"is_focused":\(focused),"is_floating":false,"is_urgent":false,\
        "layout":{"pos_in_scrolling_layout":[1,1],"tile_size":[800.0,600.0],"window_size":[800,600],\
        "tile_pos_in_workspace_view":null,"window_offset_in_tile":[0.0,0.0]},"focus_timestamp":null}
        """
    }

    func niriFocusEvent(_ application: String?) -> [UInt8] {
        guard let application else { return Array("{\"WindowFocusChanged\":{\"id\":null}}\n".utf8) }
        let opened = "{\"WindowOpenedOrChanged\":{\"window\":\(niriWindow(application, focused: true))}}\n"
        return Array((opened + "{\"WindowFocusChanged\":{\"id\":\(lockedWindowID(application))}}\n").utf8)
    }

    func serveNiri(_ connection: Int32) {
        defer { unsubscribe(connection) }
        while let request = StandInIO.readLine(connection) {
            switch request {
            case "\"FocusedWindow\"":
                let window = focusedApplication.map { niriWindow($0, focused: true) } ?? "null"
                StandInIO.write(connection, "{\"Ok\":{\"FocusedWindow\":\(window)}}\n")
            case "\"EventStream\"":
                subscribe(connection) { focused in
                    let windows = focused.map { self.niriWindow($0, focused: true) } ?? ""
                    return Array(("{\"Ok\":\"Handled\"}\n"
                        + "{\"WorkspacesChanged\":{\"workspaces\":[{\"id\":1,\"idx\":1,\"name\":null,\"output\":\"HEADLESS-1\","
                        + "\"is_urgent\":false,\"is_active\":true,\"is_focused\":true,\"active_window_id\":null}]}}\n"
                        + "{\"WindowsChanged\":{\"windows\":[\(windows)]}}\n").utf8)
                }
                // After EventStream niri reads no more requests; wait for the hang-up.
                var byte: UInt8 = 0
                while read(connection, &byte, 1) > 0 {}
                return
            default:
                StandInIO.write(connection, "{\"Err\":\"error parsing request\"}\n")
            }
        }
    }
}
