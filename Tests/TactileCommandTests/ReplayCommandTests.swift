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

    /// One process replays every corpus recording that shares a description (most need none):
    /// a process per file cost a process start and a `tactile` image load per recording. Each
    /// file is still judged on its own, by the lines its errors begin with.
    @Test("every corpus recording replays without error", .needsCorpus, arguments: corpusGroups)
    func corpus(description: String?, names: [String]) throws {
        var arguments = ["replay"] + names.map(Corpus.path)
        if let description { arguments += ["--desc", description] }
        let run = try MultiFileRun(arguments)
        for name in names {
            let errors = run.errorLines(of: Corpus.path(name))
            if name.contains("hid-recorder") {
                // HID reports are not evdev events: a clear refusal, not a crash.
                #expect(errors.count == 1 && errors[0].contains("hid-recorder"), "\(name): \(errors)")
            } else {
                #expect(errors.isEmpty, "\(name): \(errors)")
            }
        }
        let refused = names.filter { $0.contains("hid-recorder") }.count
        #expect(run.status == (refused > 0 ? 1 : 0), "\(run.standardError)")
        if names.count > 1 {
            // Every line says which file it came from, and the files come in order.
            let files = run.standardOutput.split(separator: "\n").map { line in
                line.hasPrefix(#"{"file":""#) ? String(line.dropFirst(9).prefix { $0 != "\"" }) : "(no file)"
            }
            var order: [String] = []
            for file in files where order.last != file { order.append(file) }
            #expect(order == names.map(Corpus.path).filter(order.contains), "\(order)")
        }
    }

    /// The corpus recordings grouped by the description they need (nil: self-contained).
    static let corpusGroups: [(String?, [String])] = {
        var groups: [String?: [String]] = [:]
        for name in Corpus.recordingNames { groups[Corpus.descriptionPath(for: name), default: []].append(name) }
        return groups.sorted { ($0.key ?? "") < ($1.key ?? "") }.map { ($0.key, $0.value) }
    }()

    @Test("several files: each line starts with its file; one file prints exactly what it prints alone")
    func severalFiles() throws {
        let first = "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"
        let second = "Recordings/evd-wacom-dth2242-finger.evemu"
        let both = try TactileRun(["replay", first, second])
        #expect(both.status == 0)
        var expected = ""
        for file in [first, second] {
            for line in try TactileRun(["replay", file]).standardOutput.split(separator: "\n") {
                expected += #"{"file":"\#(file)","# + line.dropFirst() + "\n"
            }
        }
        #expect(both.standardOutput == expected)
        let frames = try TactileRun(["replay", first, second, "--frames"])
        #expect(frames.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"file":""#) })
    }

    @Test("several files: a bad one is reported and the rest replayed, exit 1; --svg takes one file")
    func severalFilesWithABadOne() throws {
        let good = "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"
        let run = try TactileRun(["replay", "/nonexistent/recording.evemu", good])
        #expect(run.status == 1)
        #expect(run.standardError.contains("tactile: /nonexistent/recording.evemu: no such file"))
        #expect(run.standardError.contains("tactile: 1 of 2 recordings could not be replayed"))
        #expect(run.standardOutput.hasPrefix(#"{"file":"\#(good)","#))
        let picture = try TactileRun(["replay", good, good, "--svg", "/tmp/never-written.svg"])
        #expect(picture.status == 2 && picture.standardError.contains("--svg draws one recording"))
    }

    @Test("a malformed line at the end of a long file: the lines before it are written, then FILE:LINE and exit 1")
    func malformedLineLate() throws {
        let path = temporaryDirectory().appendingPathComponent("long.evemu").path
        try writeRepeatedRecording("evd-wacom-dth2242-finger.evemu", times: 20, to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
        try Data("E: 1.0 0003 0035 twelve\n".utf8).append(to: path)
        let run = try TactileRun(["replay", path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("tactile: \(path):\(lines): bad event value \"twelve\": expected a decimal integer"),
                "\(run.standardError)")
        let whole = try TactileRun(["replay", "Recordings/evd-wacom-dth2242-finger.evemu"])
        #expect(run.standardOutput.split(separator: "\n").count > whole.standardOutput.split(separator: "\n").count * 19)
    }

    @Test("run --replay streams the recording as replay does: replay's lines before a late malformed line, then FILE:LINE and exit 1")
    func pacedReplayStreams() throws {
        let path = temporaryDirectory().appendingPathComponent("long-paced.evemu").path
        try writeRepeatedRecording("evd-wacom-dth2242-finger.evemu", times: 5, to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
        try Data("E: 1.0 0003 0035 twelve\n".utf8).append(to: path)
        let replay = try TactileRun(["replay", path])
        let run = try TactileRun(["run", "--replay", path, "--speed", "0"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("tactile: \(path):\(lines): bad event value \"twelve\": expected a decimal integer"),
                "\(run.standardError)")
        // Loaded whole first, the file's error came before any line. Streamed, the lines before
        // it are replay's; then, as at any end of the daemon's input, what is in flight ends.
        #expect(!replay.standardOutput.isEmpty && run.standardOutput.hasPrefix(replay.standardOutput))
    }
}

/// `tactile` with its standard error in a file: replaying many recordings can say more on it
/// than a pipe holds while standard output is read to its end.
private struct MultiFileRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    init(_ arguments: [String]) throws {
        let errorFile = temporaryDirectory().appendingPathComponent("stderr")
        try #require(FileManager.default.createFile(atPath: errorFile.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TactileRun.executable)
        process.arguments = arguments
        process.currentDirectoryURL = TactileRun.repository
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = try String(contentsOf: errorFile, encoding: .utf8)
    }

    /// What standard error says of `path` other than size estimates and decoder warnings.
    func errorLines(of path: String) -> [String] {
        standardError.split(separator: "\n").map(String.init).filter { line in
            line.hasPrefix("tactile: \(path):") && !line.contains("reports no resolution")
                && !line.contains(": warning: ") && !line.hasSuffix(" more warnings")
        }
    }
}

extension Data {
    fileprivate func append(to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: self)
    }
}
