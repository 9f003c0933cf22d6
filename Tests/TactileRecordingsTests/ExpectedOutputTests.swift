import Foundation
import TactileRecordings
import Testing

/// Each bundled recording replays to the output a person looked at and accepted.
@Suite("Bundled recordings")
struct ExpectedOutputTests {
    @Test("the manifest lists the bundled recordings")
    func manifestIsRead() {
        #expect(BundledRecording.all.count >= 20)
    }

    @Test("replay gives exactly the expected JSON Lines", arguments: BundledRecording.all)
    func matchesExpected(_ recording: BundledRecording) throws {
        let expected = try Data(contentsOf: URL(fileURLWithPath: recording.expectedPath))
        let actual = try recording.replay()
        if actual != Array(expected) {
            let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n")
            let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n")
            let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            Issue.record("""
                \(recording.name): \(actualLines.count) lines, expected \(expectedLines.count); first difference at line \(firstDifference + 1):
                  got      \(firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>")
                  expected \(firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>")
                """)
        }
    }

    /// `evemu-record` writes a comment on every line (`E: … 0000<TAB># EV_ABS / ABS_MT_SLOT   0`)
    /// and a block of them in the header; the events are what count, however they are read.
    @Test("an evemu recording replays to the same bytes with its comments and without them",
          arguments: BundledRecording.all.filter { $0.name.hasSuffix(".evemu") })
    func commentsChangeNothing(_ recording: BundledRecording) throws {
        let text = try String(contentsOfFile: recording.path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("E: ") && $0.contains("\t# ") })
        let strippedText = lines.filter { !$0.hasPrefix("#") }.map { line in
            var kept = line.prefix { $0 != "#" }
            while let last = kept.last, last == " " || last == "\t" { kept = kept.dropLast() }
            return kept
        }.joined(separator: "\n")
        #expect(!strippedText.contains("#"))
        let withoutComments = try RecordingLoader.load(text: strippedText, file: recording.name)
        #expect(BundledRecording.replay(withoutComments) == (try recording.replay()))
    }

    @Test("the same recording gives byte-identical output on every run")
    func deterministic() throws {
        let recording = try #require(BundledRecording.all.first { $0.name.contains("dth2242") })
        let first = try recording.replay()
        #expect(first.count > 100_000)
        for _ in 0..<3 { #expect(try recording.replay() == first) }
    }

    @Test("what a person did is what comes out", arguments: [
        ("evd-atmel-maxtouch.4-finger-drag-down.evemu", #""gesture":"drag","phase":"ended","fingers":4"#, #""direction":"down""#),
        // A touch tablet, a touchpad: a swipe right along its top is a drag, though it lands in the corner.
        ("evd-wacom-bamboo16fg.single-top-swipe.events", #""gesture":"drag","phase":"ended","fingers":1"#, #""direction":"right""#),
        ("evd-wacom-bamboo16fg.double-top-swipe.events", #""gesture":"drag","phase":"ended","fingers":2"#, #""direction":"right""#),
        ("xit-synaptics-clickpad.two-finger-scroll-up.events", #""gesture":"drag","phase":"ended","fingers":2"#, #""direction":"up""#),
        ("evd-cypress.three-finger-tap.evemu", #""gesture":"tap","phase":"ended","fingers":3"#, #""count":1"#),
        ("evd-alps-glidepoint.double-tap.evemu", #""gesture":"tap","phase":"ended","fingers":1"#, #""count":2"#),
    ])
    func personLabel(name: String, gesture: String, detail: String) throws {
        let recording = try #require(BundledRecording.all.first { $0.name == name })
        let lines = String(decoding: try recording.replay(), as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0.contains(gesture) && $0.contains(detail) })
    }

    @Test("nine fast taps: every tap is counted, in pairs where they came within the double-tap window")
    func nineFastTaps() throws {
        let recording = try #require(BundledRecording.all.first { $0.name.contains("fast-taps") })
        let lines = String(decoding: try recording.replay(), as: UTF8.self).split(separator: "\n")
        let counts = lines.compactMap { line -> Int? in
            guard line.contains(#""gesture":"tap""#), let range = line.range(of: #""count":"#) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(counts.reduce(0, +) == 9)
        #expect(lines.count == counts.count)
    }
}
