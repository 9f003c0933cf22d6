/// Which desktop's focus `listen` follows, from the variables each sets in the session it
/// starts: sway sets `SWAYSOCK` (and `I3SOCK`, for i3 clients), i3 `I3SOCK`, niri `NIRI_SOCKET`,
/// Hyprland `HYPRLAND_INSTANCE_SIGNATURE` (its sockets are under `$XDG_RUNTIME_DIR/hypr/`);
/// KDE Plasma and GNOME name themselves in `XDG_CURRENT_DESKTOP` (`KDE`, `GNOME`, a
/// colon-separated list), and both are asked over the session bus.
public enum FocusSourceDetection {
    /// The variables looked at, in order, for the message when none is set.
    public static let variables = ["SWAYSOCK", "I3SOCK", "NIRI_SOCKET", "HYPRLAND_INSTANCE_SIGNATURE", "XDG_CURRENT_DESKTOP"]

    /// The protocol to follow, or nil when the session has no compositor Tactile can ask.
    public static func detect(_ environment: (String) -> String?) -> (any FocusProtocol)? {
        func set(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        if let path = set("SWAYSOCK") { return SwayFocusProtocol(name: "sway", socketPath: path) }
        if let path = set("I3SOCK") { return SwayFocusProtocol(name: "i3", socketPath: path) }
        if let path = set("NIRI_SOCKET") { return NiriFocusProtocol(socketPath: path) }
        if let signature = set("HYPRLAND_INSTANCE_SIGNATURE"), let runtime = set("XDG_RUNTIME_DIR") {
            return HyprlandFocusProtocol(instanceDirectory: "\(runtime)/hypr/\(signature)")
        }
        let desktops = (set("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map { $0.uppercased() }
        if desktops.contains("KDE") { return KWinFocusProtocol(scriptDirectory: set("XDG_RUNTIME_DIR") ?? "/tmp") }
        if desktops.contains("GNOME") { return GnomeShellFocusProtocol() }
        return nil
    }
}
