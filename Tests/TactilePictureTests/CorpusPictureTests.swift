import Foundation
import Testing

/// End to end: the built `tactile` draws real recordings the repository bundles. The binary
/// (`scripts/test` builds it before testing) and rsvg-convert (`scripts/setup`) must be there: a
/// missing one fails the test rather than skipping it.
@Suite struct CorpusPictureTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../Recordings")
        .standardizedFileURL

    /// `swift test` builds every product into the directory the test bundle runs from.
    static let tactile = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("tactile")

    struct Replay {
        var svg: [UInt8]
        var json: [String]
    }

    /// Runs `tactile replay NAME [--desc DESC] --svg …` and returns the picture and the JSON lines.
    static func replay(_ name: String, description: String? = nil) throws -> Replay {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("replay.svg")
        let stdout = directory.appendingPathComponent("replay.jsonl")
        try #require(FileManager.default.createFile(atPath: stdout.path, contents: nil))

        let process = Process()
        process.executableURL = tactile
        var arguments = ["replay", corpus.appendingPathComponent(name).path, "--svg", picture.path]
        if let description { arguments += ["--desc", corpus.appendingPathComponent(description).path] }
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let json = String(decoding: try Data(contentsOf: stdout), as: UTF8.self).split(separator: "\n").map(String.init)
        return Replay(svg: [UInt8](try Data(contentsOf: picture)), json: json)
    }

    @Test(arguments: [
              ("evd-wacom-dth2242-finger.evemu", nil),
              ("evd-atmel-maxtouch.4-finger-drag-down.evemu", nil),
              ("evd-atmel-maxtouch.1-finger-fast-taps.evemu", nil),
              ("xit-synaptics-clickpad.two-finger-scroll-down.events", "xit-synaptics-clickpad.desc"),
          ] as [(String, String?)])
    func drawsEveryGestureOfARecording(name: String, description: String?) throws {
        let replay = try Self.replay(name, description: description)
        // 30 s and 16 k events of a 10-finger screen is the largest recording we have.
        #expect(replay.svg.count < 200_000, "\(name): \(replay.svg.count) bytes")
        let svg = try SVGDocument(replay.svg)
        let recognized = replay.json.filter { $0.contains("\"gesture\":\"tap\"") || $0.contains("\"phase\":\"began\"") }
        #expect(!recognized.isEmpty, "stdout still carries the JSON when --svg is given")
        #expect(svg.elements.filter { $0.name == "g" && $0.classes.first == "gesture" }.count == recognized.count)
        #expect(svg.count("path", class: "contact") > 0)
    }

    @Test
    func rendersTheLargestRecording() throws {
        let replay = try Self.replay("evd-wacom-dth2242-finger.evemu")
        let size = try PNGRendering.render(replay.svg)
        #expect(size.width == 900)
        #expect(size.height > 600 && size.height < 1500)
    }
}
