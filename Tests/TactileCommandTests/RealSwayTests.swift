import Foundation
import Glibc
import TactileFocus
import Testing

/// Per-application bindings against the real sway, headless (wlroots' headless backend, the
/// pixman renderer, no input devices), with foot windows whose app_id the test sets: the focus
/// `listen` follows is what sway itself reports, not what a stand-in says it would.
@Suite("Per-application bindings under the real sway")
struct RealSwayTests {
    let directory = temporaryDirectory()
    var runtime: URL { directory.appendingPathComponent("runtime") }

    /// sway refuses to run as root ("Unable to drop root"), so as root the compositor and its
    /// clients run as nobody; the runtime directory is theirs.
    static let runsAsNobody = getuid() == 0

    /// Starts `command` in the compositor's session (as nobody when the tests run as root).
    func sessionProcess(_ command: [String], name: String, environment: [String: String] = [:]) throws -> BackgroundTactile {
        let prefix = Self.runsAsNobody ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        return try BackgroundTactile(["/usr/bin/env"] + prefix + command, directory: directory, name: name,
                                     environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path].merging(environment) { $1 },
                                     unsetting: FocusSourceDetection.variables + ["WAYLAND_DISPLAY", "DISPLAY"],
                                     executable: "/usr/bin/env")
    }

    /// The first file in the runtime directory whose name starts with `prefix`, once there.
    func waitForRuntimeFile(_ prefix: String, seconds: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            if let name = names.first(where: { $0.hasPrefix(prefix) && !$0.hasSuffix(".lock") }) {
                return runtime.appendingPathComponent(name).path
            }
            usleep(20_000)
        }
        return nil
    }

    /// Waits until sway's tree says a window with `appID` has the focus.
    func waitForFocus(_ appID: String, swaySocket: String, seconds: Double = 20) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let swaymsg = Process()
            swaymsg.executableURL = URL(fileURLWithPath: "/usr/bin/swaymsg")
            swaymsg.arguments = ["-s", swaySocket, "-t", "get_tree", "-r"]
            let output = Pipe()
            swaymsg.standardOutput = output
            swaymsg.standardError = FileHandle.nullDevice
            try swaymsg.run()
            let tree = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            swaymsg.waitUntilExit()
            if let focused = try? Self.focusedAppID(tree), focused == appID { return true }
            usleep(50_000)
        }
        return false
    }

    static func focusedAppID(_ treeJSON: String) throws -> String? {
        func search(_ node: [String: Any]) -> String?? {
            if node["focused"] as? Bool == true { return .some(node["app_id"] as? String) }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { if let found = search(child) { return found } }
            }
            return nil
        }
        let root = try JSONSerialization.jsonObject(with: Data(treeJSON.utf8)) as? [String: Any] ?? [:]
        return search(root) ?? nil
    }

    @Test("the app= binding follows the window sway focuses, from before the first tap to a new window")
    func followsSway() throws {
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let swayConfig = directory.appendingPathComponent("sway.config")
        try "output HEADLESS-1 resolution 800x600\nxwayland disable\n".write(to: swayConfig, atomically: true, encoding: .utf8)
        chmod(directory.path, 0o755)
        chmod(swayConfig.path, 0o644)
        if Self.runsAsNobody { chown(runtime.path, 65534, 65534) }

        let sway = try sessionProcess(["sway", "-c", swayConfig.path], name: "sway",
                                      environment: ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
                                                    "WLR_LIBINPUT_NO_DEVICES": "1"])
        var clients: [BackgroundTactile] = []
        defer {
            for client in clients { client.signal(SIGTERM); _ = client.wait(seconds: 5) }
            sway.signal(SIGTERM)
            _ = sway.wait(seconds: 10)
        }
        let swaySocket = try #require(waitForRuntimeFile("sway-ipc."), "sway did not start: \(sway.errors)")
        let display = try #require(waitForRuntimeFile("wayland-"), "\(sway.errors)")
        func openWindow(_ appID: String) throws {
            clients.append(try sessionProcess(["foot", "--app-id", appID, "sleep", "60"], name: "foot-\(appID)",
                                              environment: ["WAYLAND_DISPLAY": URL(fileURLWithPath: display).lastPathComponent]))
            #expect(try waitForFocus(appID, swaySocket: swaySocket), "\(clients.last!.errors)")
        }
        try openWindow("firefox")

        let log = directory.appendingPathComponent("bindings.log").path
        let config = directory.appendingPathComponent("config")
        try """
            [bindings]
            tap fingers=1 => sh -c 'echo "$TACTILE_SEQ generic ${TACTILE_APP:-none}" >> \(log)'
            tap fingers=1 app=firefox => sh -c 'echo "$TACTILE_SEQ firefox $TACTILE_APP" >> \(log)'
            """.write(to: config, atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("tactile.sock").path
        let daemon = try BackgroundTactile(
            ["run", "--replay", FocusTests.recording, "--speed", "0.5", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let listen = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "listen", environment: ["SWAYSOCK": swaySocket],
                                           unsetting: FocusSourceDetection.variables)
        func entries() -> [Int: String] { FocusTests.entries(inLog: log) }
        let deadline = Date().addingTimeInterval(20)
        while entries()[1] == nil && Date() < deadline { usleep(5_000) }
        #expect(entries()[1] == "firefox firefox", "\(listen.errors)")
        // A new window takes the focus: sway sends the window event listen follows.
        try openWindow("foot")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(listen.wait(seconds: 10) == 0, "\(listen.errors)")
        let logged = (1...FocusTests.taps).map { entries()[$0] ?? "missing" }
        try FocusTests.expectFocusMovedOnce(logged, to: "generic foot", listen.errors)
        #expect(listen.errors.contains("following the focused application through sway at \(swaySocket)"))
    }
}
