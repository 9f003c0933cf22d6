/// Which compositor's focus `listen` follows, from the variables each compositor sets in the
/// session it starts: sway sets `SWAYSOCK` (and `I3SOCK`, for i3 clients), i3 `I3SOCK`, niri
/// `NIRI_SOCKET`, Hyprland `HYPRLAND_INSTANCE_SIGNATURE` (its sockets are under
/// `$XDG_RUNTIME_DIR/hypr/`). GNOME Shell and KWin offer no public focus IPC: no source there.
public enum FocusSourceDetection {
    /// The variables looked at, in order, for the message when none is set.
    public static let variables = ["SWAYSOCK", "I3SOCK", "NIRI_SOCKET", "HYPRLAND_INSTANCE_SIGNATURE"]

    /// The protocol to follow, or nil when the session has no compositor Tactile can ask.
    public static func detect(_ environment: (String) -> String?) -> (any FocusProtocol)? {
        func set(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        if let path = set("SWAYSOCK") { return SwayFocusProtocol(name: "sway", socketPath: path) }
        if let path = set("I3SOCK") { return SwayFocusProtocol(name: "i3", socketPath: path) }
        if let path = set("NIRI_SOCKET") { return NiriFocusProtocol(socketPath: path) }
        if let signature = set("HYPRLAND_INSTANCE_SIGNATURE"), let runtime = set("XDG_RUNTIME_DIR") {
            return HyprlandFocusProtocol(instanceDirectory: "\(runtime)/hypr/\(signature)")
        }
        return nil
    }
}
