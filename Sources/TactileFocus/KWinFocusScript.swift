/// The KWin script `listen` loads into KWin, and what its reports mean: pure, so both are
/// tested without KWin. KWin offers no focus over D-Bus, but runs scripts it is handed over D-Bus
/// (`org.kde.kwin.Scripting.loadScript`), and a script may call D-Bus (`callDBus`). The script
/// calls `Focused(resourceClass, desktopFileName)` on `listen`'s own connection when it starts
/// and at every activation. Plasma 6 names the signal `workspace.windowActivated` and the window
/// `workspace.activeWindow`; Plasma 5 `clientActivated` and `activeClient` (KWin's scripting API,
/// develop.kde.org/docs/plasma/kwin/api); the script takes whichever is there.
enum KWinFocusScript {
    static let path = "/org/tactile/Focus"
    static let interface = "org.tactile.Focus"
    static let member = "Focused"

    /// The script, reporting to the connection named `uniqueName`; nil for a name that is not a
    /// unique bus name (`:` then digits and dots), which the script's text could not quote safely.
    static func source(reportingTo uniqueName: String) -> String? {
        guard uniqueName.hasPrefix(":"), uniqueName.count > 1,
              uniqueName.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return """
            // Loaded by `tactile listen`, unloaded when it exits: reports the active window.
            function tactileReport(window) {
                callDBus("\(uniqueName)", "\(path)", "\(interface)", "\(member)",
                         window ? String(window.resourceClass || "") : "",
                         window ? String(window.desktopFileName || "") : "");
            }
            (workspace.windowActivated || workspace.clientActivated).connect(tactileReport);
            tactileReport(workspace.activeWindow !== undefined ? workspace.activeWindow : workspace.activeClient);

            """
    }

    /// The plugin name the script is loaded under: one per connection, so two `listen`s (two
    /// users' seats are two KWins, but one user may run two) never unload each other's.
    static func pluginName(for uniqueName: String) -> String {
        "tactile-focus-" + String(uniqueName.dropFirst().map { $0 == "." ? "-" : $0 })
    }

    /// What a message to `listen` means; `kwin` is the unique name owning `org.kde.KWin`, the
    /// only sender believed.
    static func update(from arrival: SessionBus.Arrival, kwin: String) -> FocusUpdate {
        guard arrival.path == path, arrival.interface == interface, arrival.member == member else {
            return .ignored("\(arrival.interface).\(arrival.member) at \(arrival.path) from \(arrival.sender)")
        }
        guard arrival.sender == kwin else { return .ignored("a focus report from \(arrival.sender), which is not KWin") }
        guard arrival.strings.count == 2 else {
            return .ignored("a focus report with \(arrival.strings.count) strings instead of 2")
        }
        return .focused(FocusedWindow.application(className: arrival.strings[0], desktopEntry: arrival.strings[1]))
    }
}
