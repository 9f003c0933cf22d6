import Foundation
import Glibc
import TactileFocus

/// A real desktop compositor started headless in a D-Bus session of its own
/// (`dbus-run-session`), with GTK windows whose Wayland app_id the test chooses, and a run of
/// `listen --bindings` against the daemon replaying five taps: what each tap ran is logged.
final class DesktopSession {
    let directory: URL
    let runtime: URL
    let waylandDisplay = "tactile-test"
    private let compositor: BackgroundTactile
    private var windows: [BackgroundTactile] = []
    /// Where the session's start writes its bus address and the compositor's pid.
    private let addressFile: URL
    private let pidFile: URL

    /// A window's program: GTK 3 (python3-gi), whose Wayland app_id is the program name it sets;
    /// it prints `active` when the compositor makes it the active window.
    static let windowProgram = """
        import sys, gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import GLib, Gtk
        GLib.set_prgname(sys.argv[1])
        window = Gtk.Window(title=sys.argv[1])
        window.set_default_size(200, 100)
        window.connect("destroy", Gtk.main_quit)
        window.connect("notify::is-active", lambda w, _: w.is_active() and print("active", flush=True))
        window.show_all()
        Gtk.main()
        """

    /// Starts `command` (its arguments after `prefix`, e.g. `unshare`) as the child of
    /// `dbus-run-session`, which writes its bus address and its pid first.
    init(_ command: [String], prefix: [String] = [], directory: URL, environment: [String: String]) throws {
        self.directory = directory
        runtime = directory.appendingPathComponent("runtime")
        addressFile = directory.appendingPathComponent("bus-address")
        pidFile = directory.appendingPathComponent("compositor.pid")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let start = "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(addressFile.path); echo $$ > \(pidFile.path); exec \"$@\""
        compositor = try BackgroundTactile(prefix + ["dbus-run-session", "--", "/bin/sh", "-c", start, "sh"] + command,
                                           directory: directory, name: "compositor",
                                           environment: ["XDG_RUNTIME_DIR": runtime.path, "NO_AT_BRIDGE": "1"]
                                               .merging(environment) { $1 },
                                           unsetting: FocusSourceDetection.variables
                                               + ["WAYLAND_DISPLAY", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS"],
                                           executable: "/usr/bin/env")
    }

    /// What the compositor said, for failure messages.
    var errors: String { compositor.errors }

    /// The session bus's address, once `dbus-run-session` started it.
    lazy var busAddress: String? = {
        guard waitUntil(seconds: 20, { !((try? String(contentsOf: addressFile, encoding: .utf8)) ?? "").isEmpty }) else {
            return nil
        }
        return (try? String(contentsOf: addressFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// The environment of a process in the session.
    var sessionEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": busAddress ?? "", "WAYLAND_DISPLAY": waylandDisplay,
         "NO_AT_BRIDGE": "1", "GDK_BACKEND": "wayland"]
    }

    /// Runs `busctl --user` in the session; its output, or nil when it failed.
    func busctl(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = ["--user"] + arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": busAddress ?? ""]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? text : nil
    }

    /// Waits until `busctl` succeeds, with output containing `expected` if given.
    func waitForBus(_ arguments: [String], containing expected: String? = nil, seconds: Double = 60) -> Bool {
        waitUntil(seconds: seconds) {
            guard let output = busctl(arguments) else { return false }
            return expected.map { output.contains($0) } ?? true
        }
    }

    /// Opens a window whose app_id is `appID`. With `awaitingActive`, whether the compositor made
    /// it the active one within 20 s, as GTK learns it (KWin says so; headless GNOME Shell leaves
    /// GTK's `is-active` unset, and its test asks the extension instead).
    @discardableResult
    func openWindow(_ appID: String, awaitingActive: Bool = true) throws -> Bool {
        let program = directory.appendingPathComponent("window.py")
        if !FileManager.default.fileExists(atPath: program.path) {
            try Self.windowProgram.write(to: program, atomically: true, encoding: .utf8)
        }
        windows.append(try BackgroundTactile(["/usr/bin/python3", program.path, appID], directory: directory,
                                             name: "window-\(appID)", environment: sessionEnvironment,
                                             unsetting: FocusSourceDetection.variables + ["DISPLAY"],
                                             executable: "/usr/bin/env"))
        let window = windows.last!
        guard awaitingActive else { return true }
        return waitUntil(seconds: 20) { window.output.contains("active") }
    }

    /// The session bus daemon's pid, asked of the bus itself.
    lazy var busDaemonPID: Int32? = {
        let reply = busctl(["call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                            "GetConnectionUnixProcessID", "s", "org.freedesktop.DBus"])
        return reply.flatMap { Int32($0.dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines)) }
    }()

    /// Closes the windows, then stops the compositor and the session's bus. They are killed:
    /// a process the tests start inherits the test runner's blocked signals, SIGTERM among them,
    /// and KWin and dbus-daemon leave it blocked (dbus-run-session's SIGTERM to its bus is lost).
    func stop() {
        let busDaemon = busDaemonPID
        for window in windows { window.signal(SIGKILL); _ = window.wait(seconds: 5) }
        if let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
        if let busDaemon { kill(busDaemon, SIGKILL) }
        _ = compositor.wait(seconds: 15)
    }
}

/// `tactile listen --bindings` in a desktop session, against the daemon replaying five taps
/// (FocusTests' recording, at a quarter of its speed: 1.3 s to 8.9 s after listen connects): a
/// generic tap binding and one for the app `firefox`, each logging which ran and `TACTILE_APP`.
struct TapsUnderDesktop {
    let directory: URL
    var log: String { directory.appendingPathComponent("bindings.log").path }
    let daemon: BackgroundTactile
    let listen: BackgroundTactile

    init(directory: URL, environment: [String: String]) throws {
        self.directory = directory
        let config = directory.appendingPathComponent("config")
        let log = directory.appendingPathComponent("bindings.log").path
        try """
            [bindings]
            tap fingers=1 => sh -c 'echo "$TACTILE_SEQ generic ${TACTILE_APP:-none}" >> \(log)'
            tap fingers=1 app=firefox => sh -c 'echo "$TACTILE_SEQ firefox $TACTILE_APP" >> \(log)'
            """.write(to: config, atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("tactile.sock").path
        daemon = try BackgroundTactile(
            ["run", "--replay", FocusTests.recording, "--speed", "0.25", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        _ = waitForSocket(socket)
        listen = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                       directory: directory, name: "listen", environment: environment,
                                       unsetting: FocusSourceDetection.variables)
    }

    /// What ran for each tap, by its sequence number: "generic other", "firefox firefox".
    var entries: [Int: String] { FocusTests.entries(inLog: log) }

    /// Waits for the first tap's command.
    func waitForFirstTap() -> String? {
        _ = waitUntil(seconds: 20) { entries[1] != nil }
        return entries[1]
    }

    /// Waits for both to finish; every tap's entry in order.
    func finish() -> (daemon: Int32?, listen: Int32?, logged: [String]) {
        let daemonStatus = daemon.wait(seconds: 30)
        let listenStatus = listen.wait(seconds: 15)
        return (daemonStatus, listenStatus, (1...FocusTests.taps).map { entries[$0] ?? "missing" })
    }
}
