import TactileFocus

/// libFuzzer target: what a compositor sends after the handshake, as each focus protocol's
/// decoder reads it (i3-ipc frames for sway and i3, Hyprland's event lines, niri's JSON lines),
/// fed in two pieces split at the first byte, as a socket may deliver it; and the whole input
/// as one JSON document. Nothing may trap; a decoder that throws has given up on the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFocusEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = JSONValue(parsing: bytes)
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    func feed<Decoder: FocusEventDecoder>(_ decoder: inout Decoder) {
        var buffer = Array(bytes[..<split])
        guard (try? decoder.updates(from: &buffer)) != nil else { return }
        buffer += bytes[split...]
        _ = try? decoder.updates(from: &buffer)
    }
    var sway = SwayEventDecoder(focusedID: 1)
    feed(&sway)
    var hyprland = HyprlandEventDecoder()
    feed(&hyprland)
    var niri = NiriEventDecoder(focused: nil)
    feed(&niri)
    // The same bytes as one i3-ipc window event's payload: the JSON sway would send.
    var framed = I3IPCMessage(type: I3IPCMessage.windowEvent, payload: bytes).bytes
    _ = try? sway.updates(from: &framed)
    return 0
}
