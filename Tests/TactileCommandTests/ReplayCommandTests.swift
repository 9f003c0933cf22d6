import Foundation
import TactileTestSupport
import Testing

/// `tactile replay` as a user runs it: output, exit status and error messages.
@Suite("tactile replay")
struct ReplayCommandTests {
    @Test("a bundled recording prints its expected JSON Lines and exits 0")
    func printsExpected() throws {
        let run = try TactileRun(["replay", "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"])
        #expect(run.status == 0)
        #expect(run.standardOutput == (try expectedOutput("evd-atmel-maxtouch.4-finger-drag-down.evemu")))
        #expect(run.standardError.contains("reports no resolution"))
    }

    @Test("--frames prints one line per decoded frame")
    func frames() throws {
        let run = try TactileRun(["replay", "Recordings/evd-egalax-pcap.tap.events",
                                  "--desc", "Recordings/evd-egalax-pcap.desc", "--frames"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)  // down, moved, lifted
        #expect(lines.last?.contains(#""fingers":0,"contacts":[]"#) == true)
        #expect(lines.first?.contains(#""fingers":1,"contacts":[{"id":0"#) == true)
    }

    @Test("bad input: FILE:LINE: what was expected, a non-zero exit, no crash", arguments: [
        ("E: 0.000 0003 0035 12x\n", "expected"),
        ("\u{0}\u{1}\u{2}binary", "binary data"),
        ("", "empty file"),
        ("version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event1\n  evdev:\n    name: x\n  events: 7\n", "events"),
    ])
    func malformed(contents: String, fragment: String) throws {
        let file = temporaryDirectory().appendingPathComponent("bad.rec")
        try Data(contents.utf8).write(to: file)
        let run = try TactileRun(["replay", file.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("tactile: \(file.path):"))
        #expect(run.standardError.contains(fragment), "stderr: \(run.standardError)")
    }

    @Test("a missing file, a directory, an events-only file without its description")
    func unusableFiles() throws {
        let missing = try TactileRun(["replay", "/nonexistent/recording.evemu"])
        #expect(missing.status == 1 && missing.standardError.hasPrefix("tactile: /nonexistent/recording.evemu"))
        let directory = try TactileRun(["replay", "Recordings"])
        #expect(directory.status == 1 && directory.standardError.hasPrefix("tactile: Recordings"))
        let eventsOnly = try TactileRun(["replay", "Recordings/evd-ntrig.1-finger-drag-NW-SE.events"])
        #expect(eventsOnly.status == 1 && eventsOnly.standardError.contains("--desc"))
    }

    @Test("--config recognizes with the file's tuning; a broken one is FILE:LINE:COLUMN and exit 1")
    func configuration() throws {
        let recording = "Recordings/evd-wacom-dth2242-finger.evemu"
        func ticks(_ output: String) -> Int {
            output.split(separator: "\n").filter { $0.contains(#""gesture":"long-press","phase":"changed""#) }.count
        }
        let embedded = try TactileRun(["replay", recording])
        let directory = temporaryDirectory()
        let slower = directory.appendingPathComponent("slower-ticks")
        try Data("[tuning]\nlong-press.interval = 400ms\n".utf8).write(to: slower)
        let configured = try TactileRun(["replay", recording, "--config", slower.path])
        #expect(configured.status == 0)
        #expect(ticks(embedded.standardOutput) > 0)
        #expect(ticks(configured.standardOutput) < ticks(embedded.standardOutput))

        let defaults = directory.appendingPathComponent("defaults")
        try Data(try TactileRun(["config", "--default"]).standardOutput.utf8).write(to: defaults)
        #expect(try TactileRun(["replay", recording, "--config", defaults.path]).standardOutput == embedded.standardOutput)

        let broken = directory.appendingPathComponent("broken")
        try Data("[tuning]\nlong-press.interval = 1ms\n".utf8).write(to: broken)
        let refused = try TactileRun(["replay", recording, "--config", broken.path])
        #expect(refused.status == 1 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("tactile: \(broken.path):2:23: expected a duration of at least 10ms"))
        let missing = try TactileRun(["replay", recording, "--config", "/nonexistent/config"])
        #expect(missing.status == 1 && missing.standardError.contains("tactile: /nonexistent/config: no such file"))
    }

    @Test("a configured calibration turns a touchscreen's drag down into a drag left (a quarter turn clockwise)")
    func calibration() throws {
        let recording = "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"
        func directions(_ output: String) -> [String] {
            output.split(separator: "\n")
                .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
                .filter { $0["phase"] as? String == "ended" }.compactMap { $0["direction"] as? String }
        }
        let turned = temporaryDirectory().appendingPathComponent("turned")
        try Data("[tuning \"Atmel*\"]\ncalibration = 0 -1 1 1 0 0\n".utf8).write(to: turned)
        let upright = try TactileRun(["replay", recording])
        let configured = try TactileRun(["replay", recording, "--config", turned.path])
        #expect(configured.status == 0, "\(configured.standardError)")
        #expect(directions(upright.standardOutput) == ["down"])
        #expect(directions(configured.standardOutput) == ["left"])
    }

    @Test("wrong usage exits 2 with the usage text", arguments: [["replay"], ["replay", "--speed"], ["frobnicate"], []])
    func usage(arguments: [String]) throws {
        let run = try TactileRun(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("usage: tactile"))
    }

    @Test("every corpus recording replays without error", arguments: Corpus.recordingNames)
    func corpus(name: String) throws {
        var arguments = ["replay", Corpus.path(name)]
        if let description = Corpus.descriptionPath(for: name) { arguments += ["--desc", description] }
        let run = try TactileRun(arguments)
        if name.contains("hid-recorder") {
            // HID reports are not evdev events: a clear refusal, not a crash.
            #expect(run.status == 1 && run.standardError.contains("hid-recorder"))
        } else {
            #expect(run.status == 0, "\(run.standardError)")
        }
    }
}
