import Foundation
import TactileFocus
import TactileTestSupport
import Testing

/// `tactile listen --bindings --explain` against a daemon replaying a bundled recording: which
/// binding fired, by its line and text, and which condition the nearest others failed, with the
/// values on both sides (`docs/explain.md`, "Bindings").
@Suite("listen --bindings --explain", .serialized)
struct ExplainBindingsTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    var log: String { directory.appendingPathComponent("log").path }
    /// A four-finger drag down a touchscreen, 62.65 mm from touch-down, with 17 `changed` events.
    static let drag = "evd-atmel-maxtouch.4-finger-drag-down.evemu"
    /// Five one-finger taps on the same touchscreen.
    static let taps = "evd-atmel-maxtouch.1-finger-fast-taps.evemu"

    /// Several bindings of the drag: one that fires (line 2), near misses by fingers (3), by
    /// direction (4), one repeating every 25 mm on `changed` (5), one of another gesture (6).
    var dragBindings: String {
        """
        [bindings]
        drag fingers=4 direction=down => sh -c 'echo down >> \(log)'   # the one meant
        drag fingers=3 direction=down => sh -c 'echo three >> \(log)'
        drag fingers=4 direction=up => sh -c 'echo up >> \(log)'
        drag fingers=4 phase=changed every=25mm => sh -c 'echo step >> \(log)'
        tap => sh -c 'echo tap >> \(log)'
        """
    }

    /// listen's standard output and standard error for the daemon's replay of `recording`, with
    /// `options` after `--bindings`; `environment` and `unsetting` go to listen.
    func listen(_ configuration: String, recording: String = drag, options: [String],
                environment: [String: String] = [:]) throws -> (output: String, errors: String) {
        let config = directory.appendingPathComponent("config")
        try configuration.write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(recording)", "--speed", "0", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings"] + options + ["--config", config.path],
                                           directory: directory, name: "client", environment: environment,
                                           unsetting: FocusSourceDetection.variables)
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        return (client.output, client.errors)
    }

    /// The explanation of each event: its header line and the lines under it.
    static func explanations(_ errors: String) -> [[String]] {
        var explanations: [[String]] = []
        for line in errors.split(separator: "\n").map(String.init) {
            if line.hasPrefix("bindings: ") {
                explanations.append([line])
            } else if line.hasPrefix("  "), !explanations.isEmpty {
                explanations[explanations.count - 1].append(line)
            }
        }
        return explanations
    }

    var logged: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).sorted()
    }

    @Test("the binding that fired is named by line and text; the near misses say fingers 3 ≠ 4 and direction up ≠ down")
    func humanLines() throws {
        let (output, errors) = try listen(dragBindings, options: ["--explain"])
        #expect(output == "")
        let explanations = Self.explanations(errors)
        let ended = try #require(explanations.last { $0[0].contains(" drag ended") }, "\(errors)")
        #expect(ended[0] == "bindings: 0.566590 s, seq 1, drag ended, 4 fingers")
        #expect(ended[1...] == [
            "  fired line 2: drag fingers=4 direction=down => sh -c 'echo down >> \(log)'",
            "  missed line 3: drag fingers=3 direction=down => sh -c 'echo three >> \(log)' — fingers 3 ≠ 4",
            "  missed line 4: drag fingers=4 direction=up => sh -c 'echo up >> \(log)' — direction up ≠ down",
            "  missed line 5: drag fingers=4 phase=changed every=25mm => sh -c 'echo step >> \(log)' — phase changed ≠ ended",
        ])
        // The repeat: pending, then fired once (at 46.7 mm from touch-down), then pending again.
        let changed = explanations.filter { $0[0].contains(" drag changed") }
        let repeats = changed.compactMap { $0.first { $0.contains("line 5:") } }
        #expect(repeats.count == 3, "\(changed)")
        #expect(repeats[0].hasSuffix("— every= 25 mm not yet travelled (2.18 of 25)"), "\(repeats)")
        #expect(repeats[1].hasPrefix("  fired line 5: "), "\(repeats)")
        #expect(repeats[2].contains("— every= 25 mm not yet travelled ("), "\(repeats)")
        // 17 changed events, explained only as their outcome changes.
        #expect(changed.count == 3)
        #expect(logged == ["down", "step"])
    }

    @Test("--explain=json: one JSON object per explained event, the failed conditions with wanted and actual values")
    func jsonLines() throws {
        let (output, errors) = try listen(dragBindings, options: ["--explain=json"])
        #expect(output == "")
        let objects = try errors.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 5, "began, three changed, ended: \(errors)")
        #expect(objects.allSatisfy { $0["explain"] as? String == "bindings" })
        let ended = try #require(objects.last)
        #expect(ended["phase"] as? String == "ended" && ended["seq"] as? Int == 1 && ended["fingers"] as? Int == 4)
        #expect(ended["device"] as? String == "Atmel maXTouch Touchscreen")
        #expect(ended["app"] is NSNull)
        let fired = try #require(ended["fired"] as? [[String: Any]])
        #expect(fired.map { $0["line"] as? Int } == [2])
        #expect(fired.first?["binding"] as? String == "drag fingers=4 direction=down => sh -c 'echo down >> \(log)'")
        let missed = try #require(ended["missed"] as? [[String: Any]])
        #expect(missed.map { $0["line"] as? Int } == [3, 4, 5])
        let fingers = try #require((missed[0]["failed"] as? [[String: Any]])?.first)
        #expect(fingers["condition"] as? String == "fingers" && fingers["wanted"] as? String == "3" && fingers["actual"] as? String == "4")
        let direction = try #require((missed[1]["failed"] as? [[String: Any]])?.first)
        #expect(direction["condition"] as? String == "direction" && direction["wanted"] as? String == "up"
            && direction["actual"] as? String == "down")
        let pending = try #require((objects[1]["missed"] as? [[String: Any]])?.first?["failed"] as? [[String: Any]])
        #expect(pending.count == 1)
        #expect(pending.first?["condition"] as? String == "every" && pending.first?["step"] as? Double == 25
            && pending.first?["travelled"] as? Double == 2.18 && pending.first?["unit"] as? String == "mm"
            && pending.first?["way"] as? String == "either")
    }

    @Test("without --explain nothing is explained, and with it the same bindings run and stdout stays empty")
    func offByDefault() throws {
        let plain = try listen(dragBindings, options: [])
        #expect(plain.output == "")
        #expect(!plain.errors.contains("bindings: ") && !plain.errors.contains("{"), "\(plain.errors)")
        let plainLog = logged
        try FileManager.default.removeItem(atPath: log)
        let explained = try listen(dragBindings, options: ["--explain"])
        #expect(explained.output == "")
        #expect(logged == plainLog)
        #expect(plainLog == ["down", "step"])
    }

    @Test("the same recording explains the same, byte for byte")
    func deterministic() throws {
        let first = Self.explanations(try listen(dragBindings, options: ["--explain"]).errors)
        let second = Self.explanations(try listen(dragBindings, options: ["--explain"]).errors)
        #expect(!first.isEmpty && first == second)
    }

    @Test("app=: the focused application named, a mismatch as app \"firefox\" ≠ \"foot\", a generic binding replaced")
    func focusedApplication() throws {
        let standIn = try CompositorStandIn(.sway, directory: directory, focus: "foot")
        let bindings = """
            [bindings]
            tap fingers=1 app=firefox => sh -c 'echo firefox >> \(log)'
            tap fingers=1 => sh -c 'echo generic >> \(log)'
            tap fingers=2 => sh -c 'echo two >> \(log)'
            """
        let foot = Self.explanations(try listen(bindings, recording: Self.taps, options: ["--explain"],
                                                environment: standIn.environment).errors)
        #expect(foot.count == 5, "\(foot)")
        let first = try #require(foot.first)
        #expect(first[0] == "bindings: 0.316645 s, seq 1, tap ended, 1 finger, app \"foot\"")
        #expect(first[1...] == [
            "  fired line 3: tap fingers=1 => sh -c 'echo generic >> \(log)'",
            "  missed line 2: tap fingers=1 app=firefox => sh -c 'echo firefox >> \(log)' — app \"firefox\" ≠ \"foot\"",
            "  missed line 4: tap fingers=2 => sh -c 'echo two >> \(log)' — fingers 2 ≠ 1",
        ])

        standIn.focus("firefox")
        let firefox = Self.explanations(try listen(bindings, recording: Self.taps, options: ["--explain"],
                                                   environment: standIn.environment).errors)
        let again = try #require(firefox.first)
        #expect(again[0].hasSuffix(", app \"firefox\""))
        #expect(again[1...] == [
            "  fired line 2: tap fingers=1 app=firefox => sh -c 'echo firefox >> \(log)'",
            "  missed line 3: tap fingers=1 => sh -c 'echo generic >> \(log)' — replaced by line 2 (app \"firefox\")",
            "  missed line 4: tap fingers=2 => sh -c 'echo two >> \(log)' — fingers 2 ≠ 1",
        ])

        // With no app= binding, the application is still said: it is what $TACTILE_APP tells.
        let generic = Self.explanations(try listen("[bindings]\ntap => true\n", recording: Self.taps, options: ["--explain"],
                                                   environment: standIn.environment).errors)
        #expect(generic.first?[0] == "bindings: 0.316645 s, seq 1, tap ended, 1 finger, app \"firefox\"", "\(generic)")
    }

    @Test("run --bindings --explain: listen's explanation, with the stream on stdout unchanged")
    func runExplains() throws {
        let config = directory.appendingPathComponent("run-config")
        try dragBindings.write(to: config, atomically: true, encoding: .utf8)
        let run = try TactileRun(["run", "--replay", "Recordings/\(Self.drag)", "--speed", "0", "--bindings", "--explain",
                                  "--config", config.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == (try expectedOutput(Self.drag)))
        // The daemon measures a repeat's progress unrounded, listen from the stream's two decimals.
        func withoutProgress(_ explanations: [[String]]) -> [[String]] {
            explanations.map { $0.map { $0.replacing(/\(\d+\.?\d* of 25\)/, with: "(… of 25)") } }
        }
        let listened = withoutProgress(Self.explanations(try listen(dragBindings, options: ["--explain"]).errors))
        #expect(!listened.isEmpty && withoutProgress(Self.explanations(run.standardError)) == listened)
    }

    @Test("listen --explain without --bindings, or with another format, is a usage error")
    func usage() throws {
        // `run --explain` alone explains recognition (ExplainCommandTests); `listen` has only bindings to explain.
        let alone = try TactileRun(["listen", "--explain"])
        #expect(alone.status == 2 && alone.standardError.contains("--explain goes with --bindings"))
        let xml = try TactileRun(["listen", "--bindings", "--explain=xml"])
        #expect(xml.status == 2 && xml.standardError.contains("--explain= expects human or json, got 'xml'"))
    }
}
