import Foundation
import Glibc
import TactileFocus
import Testing

/// Per-application bindings under the real GNOME Shell (`gnome-shell --headless` with a virtual
/// monitor, Wayland only), in a D-Bus session of its own, with Tactile's extension from the
/// repository enabled through the shell's own D-Bus interface and GTK windows whose app_id the
/// test sets.
@Suite("Per-application bindings under the real GNOME Shell")
struct RealGnomeShellTests {
    static let shell = "/usr/bin/gnome-shell"

    /// GNOME Shell needs a system bus, and with `/run/systemd` present it asks logind, which does
    /// not run without systemd as PID 1, and its start-up throws: a private bus daemon stands for
    /// the system bus, and `/run/systemd` is hidden in a mount namespace (which needs root), so
    /// the shell uses its stand-in for the login manager. Xwayland is left out: it wants a
    /// writable `/tmp/.X11-unix`, and the windows are Wayland's.
    @Test("the app= binding follows the window GNOME Shell focuses, told by Tactile's extension",
          .enabled(if: FileManager.default.isExecutableFile(atPath: shell) && getuid() == 0,
                   "needs gnome-shell (scripts/setup installs it) and root, for a mount namespace hiding /run/systemd"))
    func followsGnomeShell() throws {
        let directory = temporaryDirectory()
        let extensions = directory.appendingPathComponent("data/gnome-shell/extensions")
        try FileManager.default.createDirectory(at: extensions, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TactileRun.repository.appendingPathComponent("gnome-shell/\(GnomeShellFocusProtocol.extensionUUID)"),
                                         to: extensions.appendingPathComponent(GnomeShellFocusProtocol.extensionUUID))
        let systemBus = directory.appendingPathComponent("system_bus").path
        let systemBusDaemon = try BackgroundTactile(["--session", "--nofork", "--address=unix:path=\(systemBus)"], directory: directory,
                                                    name: "system-bus", executable: "/usr/bin/dbus-daemon")
        defer {
            // It would not hear SIGTERM (DesktopSession.stop says why).
            systemBusDaemon.signal(SIGKILL)
            _ = systemBusDaemon.wait(seconds: 5)
        }
        try #require(waitForSocket(systemBus), "\(systemBusDaemon.errors)")

        let hideSystemd = "[ -d /run/systemd ] && mount -t tmpfs none /run/systemd; exec \"$@\""
        let session = try DesktopSession(
            ["gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x800", "--wayland-display", "tactile-test"],
            prefix: ["unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", hideSystemd, "sh"],
            directory: directory,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(systemBus)", "GSETTINGS_BACKEND": "memory",
                          "XDG_DATA_DIRS": "\(directory.appendingPathComponent("data").path):/usr/share"])
        defer { session.stop() }
        try #require(session.busAddress != nil, "dbus-run-session did not start: \(session.errors)")
        try #require(session.waitForBus(["get-property", "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "ShellVersion"]),
                     "GNOME Shell did not start: \(session.errors)")
        let extensionsInterface = ["org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions"]
        #expect(session.busctl(["call"] + extensionsInterface + ["EnableExtension", "s", GnomeShellFocusProtocol.extensionUUID]) == "b true\n")
        let getFocus = ["call", "org.tactile.Focus", "/org/tactile/Focus", "org.tactile.Focus", "GetFocus"]
        #expect(session.waitForBus(getFocus, seconds: 10), "the extension did not start: \(session.errors)")
        // The shell starts in the overview, where a new window is not focused.
        _ = session.busctl(["set-property", "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "OverviewActive", "b", "false"])
        try session.openWindow("firefox", awaitingActive: false)
        #expect(session.waitForBus(getFocus, containing: "\"firefox\"", seconds: 20), "\(session.errors)")

        let taps = try TapsUnderDesktop(directory: directory,
                                        environment: session.sessionEnvironment.merging(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) { $1 })
        #expect(taps.waitForFirstTap() == "firefox firefox", "\(taps.listen.errors)")
        try session.openWindow("other", awaitingActive: false)
        let (daemon, listen, logged) = taps.finish()
        #expect(daemon == 0, "\(taps.daemon.errors)")
        #expect(listen == 0, "\(taps.listen.errors)")
        try FocusTests.expectFocusMovedOnce(logged, to: "generic other", taps.listen.errors)
        #expect(taps.listen.errors.contains("following the focused application through GNOME Shell"), "\(taps.listen.errors)")
    }
}
