import Foundation
import Glibc
import TactileFocus
import TactileTestSupport
import Testing

/// `tactile listen --bindings` following the focused application through a compositor
/// stand-in (a real socket server speaking sway's, i3's, Hyprland's or niri's protocol), against
/// `tactile run --replay` with a real recording of five taps (at 0.32, 0.77, 1.21, 1.69 and
/// 2.23 s): a generic tap binding and one for firefox, each logging which ran and `TACTILE_APP`.
@Suite("Per-application bindings through the compositor")
struct FocusTests {
    static let recording = "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu"
    static let taps = 5
    /// The name listen says for each.
    static func name(_ compositor: CompositorStandIn.Compositor) -> String {
        compositor == .hyprland ? "Hyprland" : compositor.rawValue
    }

    let directory = temporaryDirectory()
    var log: String { directory.appendingPathComponent("bindings.log").path }

    /// Writes the configuration, starts the daemon on the recording at `speed` and listen with
    /// `environment`; `during` runs while they do. Returns listen's standard error.
    func run(speed: String, environment: [String: String], during: () throws -> Void = {}) throws -> String {
        let config = directory.appendingPathComponent("config")
        try """
            [bindings]
            tap fingers=1 => sh -c 'echo "$TACTILE_SEQ generic ${TACTILE_APP:-none}" >> \(log)'
            tap fingers=1 app=FireFox => sh -c 'echo "$TACTILE_SEQ firefox $TACTILE_APP" >> \(log)'
            """.write(to: config, atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("tactile.sock").path
        let daemon = try BackgroundTactile(
            ["run", "--replay", Self.recording, "--speed", speed, "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client", environment: environment,
                                           unsetting: FocusSourceDetection.variables)
        try during()
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        return client.errors
    }

    /// What ran for each tap, by its sequence number: "generic foot", "firefox firefox".
    var entries: [Int: String] { Self.entries(inLog: log) }

    /// The entries of a bindings log whose commands write "SEQUENCE WHAT" a line.
    static func entries(inLog log: String) -> [Int: String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        var entries: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1)
            if words.count == 2, let sequence = Int(words[0]) { entries[sequence] = String(words[1]) }
        }
        return entries
    }

    /// Expects the taps `logged` to have run the firefox binding until a new window took the
    /// focus, and `generic` (the generic binding with that window's application) from then on:
    /// the focus moved once, and every tap saw it where it was.
    static func expectFocusMovedOnce(_ logged: [String], to generic: String, _ errors: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(logged.first == "firefox firefox" && logged.last == generic, "\(logged) \(errors)", sourceLocation: sourceLocation)
        let changed = try #require(logged.firstIndex(of: generic), sourceLocation: sourceLocation)
        #expect(logged[..<changed].allSatisfy { $0 == "firefox firefox" } && logged[changed...].allSatisfy { $0 == generic },
                "\(logged)", sourceLocation: sourceLocation)
    }

    /// Waits until the command of tap `sequence` logged, and returns what it logged.
    func waitForEntry(_ sequence: Int, seconds: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let entry = entries[sequence] { return entry }
            usleep(5_000)
        }
        return nil
    }

    /// The taps' entries in order.
    var logged: [String] { (1...Self.taps).map { entries[$0] ?? "missing" } }

    @Test("the application's binding wins while it has the focus, the generic one otherwise",
          arguments: CompositorStandIn.Compositor.allCases)
    func bindingFollowsFocus(compositor: CompositorStandIn.Compositor) throws {
        let standIn = try CompositorStandIn(compositor, directory: directory, focus: "firefox")
        let errors = try run(speed: "0", environment: standIn.environment)
        #expect(logged == Array(repeating: "firefox firefox", count: Self.taps), "\(errors)")
        #expect(errors.contains("following the focused application through \(Self.name(compositor))"), "\(errors)")
        #expect(standIn.handshakes == 1)

        try FileManager.default.removeItem(atPath: log)
        standIn.focus("foot")
        let again = try run(speed: "0", environment: standIn.environment)
        #expect(logged == Array(repeating: "generic foot", count: Self.taps), "\(again)")
    }

    @Test("the focus changes between two gestures; a malformed message is ignored with a warning",
          arguments: CompositorStandIn.Compositor.allCases)
    func focusChangesBetweenGestures(compositor: CompositorStandIn.Compositor) throws {
        let standIn = try CompositorStandIn(compositor, directory: directory, focus: "firefox")
        let errors = try run(speed: "0.5", environment: standIn.environment) {
            #expect(waitForEntry(1) == "firefox firefox")
            standIn.sendMalformedMessage()
            standIn.focus("foot")
        }
        let logged = self.logged
        // Taps 2–5 are 0.9 s apart or more at half speed: the change arrives before the last.
        try Self.expectFocusMovedOnce(logged, to: "generic foot", errors)
        #expect(errors.contains("\(Self.name(compositor)): ignoring a message: "), "\(errors)")
        #expect(standIn.handshakes == 1, "the malformed message cost the connection: \(errors)")
    }

    @Test("a compositor that goes away leaves no application focused; listen connects again when it is back",
          arguments: CompositorStandIn.Compositor.allCases)
    func compositorRestarts(compositor: CompositorStandIn.Compositor) throws {
        let standIn = try CompositorStandIn(compositor, directory: directory, focus: "firefox")
        let errors = try run(speed: "0.5", environment: standIn.environment) {
            #expect(waitForEntry(1) == "firefox firefox")
            standIn.stop()
            // Tap 2 comes 0.9 s later, with no compositor: the generic binding runs, without an app.
            #expect(waitForEntry(2) == "generic none")
            standIn.focus("foot")
            try standIn.start()
            // Retries are at most 2 s apart; tap 5 is 2.9 s after tap 2.
            #expect(standIn.waitForHandshakes(2, seconds: 10))
        }
        #expect(logged.first == "firefox firefox" && logged.last == "generic foot", "\(logged)")
        #expect(logged[1] == "generic none", "\(logged)")
        #expect(errors.contains("no application has the focus until it is back"), "\(errors)")
        #expect(errors.contains("\(Self.name(compositor)): connected again"), "\(errors)")
    }

    @Test("without a compositor to ask, listen says so once, app= bindings never fire and generic ones do")
    func noFocusSource() throws {
        let errors = try run(speed: "0", environment: [:])
        #expect(logged == Array(repeating: "generic none", count: Self.taps))
        let mentions = errors.components(separatedBy: "no focus source").count - 1
        #expect(mentions == 1, "\(errors)")
    }

    @Test("app= bindings a reload adds, with no compositor to ask, are said never to fire")
    func reloadAddsApplicationBindings() throws {
        let config = directory.appendingPathComponent("config")
        try "[bindings]\ntap fingers=1 => true\n".write(to: config, atomically: true, encoding: .utf8)
        // No daemon: listen waits for its socket, and reloads meanwhile.
        let socket = directory.appendingPathComponent("tactile.sock").path
        let client = try BackgroundTactile(["listen", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client", unsetting: FocusSourceDetection.variables)
        try #require(waitUntil(seconds: 20) { client.errors.contains("trying again") }, "\(client.errors)")
        #expect(!client.errors.contains("no focus source"), "no binding needs the focus yet: \(client.errors)")
        try "[bindings]\ntap fingers=1 app=firefox => true\n".write(to: config, atomically: true, encoding: .utf8)
        client.signal(SIGHUP)
        #expect(waitUntil(seconds: 20) { client.errors.contains("configuration reloaded") }, "\(client.errors)")
        client.signal(SIGTERM)
        #expect(client.wait(seconds: 20) == 0, "\(client.errors)")
        let reloaded = try #require(client.errors.range(of: "configuration reloaded"))
        #expect(client.errors[reloaded.upperBound...].contains("no focus source"), "\(client.errors)")
    }
}
