import Foundation
import Testing

/// A GNOME or KDE session whose desktop is not (yet) on the session bus: a real bus daemon with
/// neither KWin nor the extension on it.
@Suite("Per-application bindings when the desktop is not on the session bus")
struct DesktopAbsentTests {
    @Test("listen says what is missing (for GNOME, how to enable the extension), and the generic bindings run",
          arguments: [("GNOME", "GNOME Shell: org.tactile.Focus is not on the session bus (is Tactile's extension enabled? gnome-extensions enable focus@tactile)"),
                      ("KDE", "KWin: org.kde.KWin is not on the session bus")])
    func desktopAbsent(desktop: String, said: String) throws {
        let directory = temporaryDirectory()
        let session = try DesktopSession(["sleep", "60"], directory: directory, environment: [:])
        defer { session.stop() }
        try #require(session.busAddress != nil, "dbus-run-session did not start: \(session.errors)")
        let taps = try TapsUnderDesktop(directory: directory,
                                        environment: session.sessionEnvironment.merging(["XDG_CURRENT_DESKTOP": desktop]) { $1 })
        let (daemon, listen, logged) = taps.finish()
        #expect(daemon == 0 && listen == 0, "\(taps.listen.errors)")
        #expect(logged == Array(repeating: "generic none", count: FocusTests.taps), "\(taps.listen.errors)")
        #expect(taps.listen.errors.contains(said), "\(taps.listen.errors)")
    }
}
