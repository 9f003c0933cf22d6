/// The application a desktop's focus report names, from the two names KWin and GNOME Shell
/// both give: the window's class (X11's `WM_CLASS` class, a Wayland window's app_id: what sway's,
/// Hyprland's and niri's reports name, so one `app=` works everywhere) and, when it has none, the
/// desktop entry it was matched to, without `.desktop`. Neither: no application.
enum FocusedWindow {
    static func application(className: String, desktopEntry: String) -> String? {
        if !className.isEmpty { return className }
        let entry = desktopEntry.hasSuffix(".desktop") ? String(desktopEntry.dropLast(".desktop".count)) : desktopEntry
        return entry.isEmpty ? nil : entry
    }
}
