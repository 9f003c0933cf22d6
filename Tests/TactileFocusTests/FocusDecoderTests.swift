import Testing
import TactileFocus

/// The pure halves of the focus protocols: JSON, i3-ipc framing and each compositor's events,
/// fed in pieces as a socket delivers them.
@Suite("Focus protocol decoding")
struct FocusDecoderTests {
    @Test("JSON: nesting, escapes, surrogate pairs, numbers; anything else is refused")
    func json() throws {
        let value = try #require(JSONValue(parsing: Array(#" {"a": [1, -2.5e1, true, null], "b": {"c": "x\"\\\/\n\u00e9\ud83d\ude00"}} "#.utf8)))
        #expect(value["a"]?.array?.count == 4)
        #expect(value["a"]?.array?[1] == .number(-25))
        #expect(value["b"]?["c"]?.string == "x\"\\/\né😀")
        #expect(value["a"]?.array?[0].integer == 1)
        for bad in ["", "{", "{\"a\":}", "[1,]", "\"unterminated", "{\"a\" 1}", "tru", "1 2", "\"\u{01}\"", "nan"] {
            #expect(JSONValue(parsing: Array(bad.utf8)) == nil, "\(bad)")
        }
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 2) + String(repeating: "]", count: JSONValue.maximumDepth + 2)
        #expect(JSONValue(parsing: Array(deep.utf8)) == nil, "nesting is bounded")
    }

    static func frame(_ type: UInt32, _ payload: String) -> [UInt8] { I3IPCMessage(type: type, payload).bytes }

    @Test("i3-ipc: messages split anywhere are taken whole; a wrong magic string ends the stream")
    func i3IPCFraming() throws {
        let bytes = Self.frame(I3IPCMessage.windowEvent, #"{"change":"focus","container":{"id":7,"app_id":"foot"}}"#)
            + Self.frame(I3IPCMessage.windowEvent, #"{"change":"close","container":{"id":7,"app_id":"foot"}}"#)
        for split in [1, 6, 13, 14, 30, bytes.count - 1] {
            var decoder = SwayEventDecoder(focusedID: nil)
            var buffer = Array(bytes[..<split])
            var updates = try decoder.updates(from: &buffer)
            buffer += bytes[split...]
            updates += try decoder.updates(from: &buffer)
            #expect(updates == [.focused("foot"), .focused(nil)], "split at \(split)")
            #expect(buffer.isEmpty)
        }
        var decoder = SwayEventDecoder(focusedID: nil)
        var broken = Array("i3-ipX".utf8) + [UInt8](repeating: 0, count: 8)
        #expect(throws: FocusError.self) { try decoder.updates(from: &broken) }
    }

    @Test("sway: an X11 window's class, other windows' close kept, bad JSON ignored")
    func swayEvents() throws {
        var decoder = SwayEventDecoder(focusedID: 1)
        var buffer = Self.frame(I3IPCMessage.windowEvent, #"{"change":"focus","container":{"id":2,"app_id":null,"window_properties":{"class":"Gimp"}}}"#)
            + Self.frame(I3IPCMessage.windowEvent, #"{"change":"close","container":{"id":9}}"#)
            + Self.frame(I3IPCMessage.windowEvent, #"{"change":"title","container":{"id":2}}"#)
            + Self.frame(I3IPCMessage.windowEvent, #"{"change": "#)
            + Self.frame(0x8000_0000, #"{"change":"focus"}"#)
        let updates = try decoder.updates(from: &buffer)
        #expect(updates.count == 2)
        #expect(updates.first == .focused("Gimp"))
        guard case .ignored? = updates.last else { Issue.record("\(updates)"); return }
    }

    @Test("Hyprland: activewindow lines; the class ends at the first comma; other events skipped")
    func hyprlandEvents() throws {
        var decoder = HyprlandEventDecoder()
        var buffer = Array("workspace>>2\nactivewindow>>org.mozilla.firefox,Tab, with commas\nactivewindowv2>>55a0\nactivewindow>>,\nnonsense\nactivewindow>>nocomma\nactivewin".utf8)
        let updates = try decoder.updates(from: &buffer)
        #expect(updates.count == 4)
        #expect(Array(updates.prefix(2)) == [.focused("org.mozilla.firefox"), .focused(nil)])
        #expect(buffer == Array("activewin".utf8), "a partial line waits for the rest")
    }

    @Test("niri: the initial state, opened windows, focus by id, closing the focused window")
    func niriEvents() throws {
        var decoder = NiriEventDecoder(focused: nil)
        var buffer = Array("""
            {"WorkspacesChanged":{"workspaces":[]}}
            {"WindowsChanged":{"windows":[{"id":1,"app_id":"foot","is_focused":false},{"id":2,"app_id":"firefox","is_focused":true}]}}
            {"WindowFocusChanged":{"id":1}}
            {"WindowOpenedOrChanged":{"window":{"id":3,"app_id":null,"is_focused":true}}}
            {"WindowOpenedOrChanged":{"window":{"id":4,"app_id":"mpv","is_focused":false}}}
            {"WindowFocusChanged":{"id":4}}
            {"WindowClosed":{"id":4}}
            {"WindowFocusChanged":
            {"WindowFocusChanged":{"id":2}}

            """.utf8)
        let updates = try decoder.updates(from: &buffer)
        #expect(updates.count == 7)
        #expect(Array(updates.prefix(5)) == [.focused("firefox"), .focused("foot"), .focused(nil), .focused("mpv"), .focused(nil)])
        #expect(updates.last == .focused("firefox"))
        guard case .ignored = updates[5] else { Issue.record("\(updates)"); return }
    }
}
