import Foundation
import Glibc
import Testing

/// Per-application bindings under the real KWin (`kwin_wayland --virtual`, no lock screen), in
/// a D-Bus session of its own, with GTK windows whose app_id the test sets: `listen` loads its
/// script into KWin over KWin's scripting interface, and the focus it follows is what that
/// script reports from inside KWin.
@Suite("Per-application bindings under the real KWin")
struct RealKWinTests {
    static let kwin = "/usr/bin/kwin_wayland"

    @Test("the app= binding follows the window KWin activates, and listen unloads its script on exit",
          .enabled(if: FileManager.default.isExecutableFile(atPath: kwin) && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
                   "needs kwin_wayland and python3-gi's GTK (scripts/setup installs kwin-wayland, gir1.2-gtk-3.0)"))
    func followsKWin() throws {
        let directory = temporaryDirectory()
        let session = try DesktopSession(try Self.kwinCommand(in: directory), directory: directory, environment: [:])
        defer { session.stop() }
        try #require(session.busAddress != nil, "dbus-run-session did not start: \(session.errors)")
        #expect(session.waitForBus(["introspect", "org.kde.KWin", "/Scripting"], containing: "loadScript"),
                "KWin did not start: \(session.errors)")
        #expect(try session.openWindow("firefox"), "\(session.errors)")

        let taps = try TapsUnderDesktop(directory: directory,
                                        environment: session.sessionEnvironment.merging(["XDG_CURRENT_DESKTOP": "KDE"]) { $1 })
        #expect(taps.waitForFirstTap() == "firefox firefox", "\(taps.listen.errors)")
        // listen's connection names its script: loaded while it runs.
        let plugin = scriptName(of: taps.listen.process.processIdentifier, in: session)
        #expect(plugin.flatMap { session.busctl(isLoaded($0)) } == "b true\n", "\(String(describing: plugin))")
        // A new window takes the focus: KWin activates it, and the script says so.
        #expect(try session.openWindow("other"))
        let (daemon, listen, logged) = taps.finish()
        #expect(daemon == 0, "\(taps.daemon.errors)")
        #expect(listen == 0, "\(taps.listen.errors)")
        try FocusTests.expectFocusMovedOnce(logged, to: "generic other", taps.listen.errors)
        #expect(taps.listen.errors.contains("following the focused application through KWin"), "\(taps.listen.errors)")
        // Gone with listen: the script, and its file.
        #expect(plugin.flatMap { session.busctl(isLoaded($0)) } == "b false\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: session.runtime.path).filter { $0.hasPrefix("tactile-kwin") }
        #expect(left.isEmpty, "\(left)")
    }

    /// The installed kwin_wayland carries a file capability (cap_sys_resource), and exec of such
    /// a file is refused in a container without it; a copy has none. Under another name it
    /// would not find its own Qt platform plugin.
    static func kwinCommand(in directory: URL) throws -> [String] {
        let copy = directory.appendingPathComponent("bin/kwin_wayland")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: kwin, toPath: copy.path)
        return [copy.path, "--virtual", "--no-lockscreen", "--socket", "tactile-test"]
    }

    func isLoaded(_ plugin: String) -> [String] {
        ["call", "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "isScriptLoaded", "s", plugin]
    }

    /// The plugin name listen loaded its script under: from its connection's unique name,
    /// which `busctl list` shows beside its pid.
    func scriptName(of pid: Int32, in session: DesktopSession) -> String? {
        let listing = session.busctl(["list", "--no-pager", "--no-legend"]) ?? ""
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, fields[0].hasPrefix(":"), fields[1] == "\(pid)" {
                return "tactile-focus-" + fields[0].dropFirst().replacingOccurrences(of: ".", with: "-")
            }
        }
        return nil
    }
}
