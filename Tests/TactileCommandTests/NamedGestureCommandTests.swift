import Foundation
import Testing

/// Declared gestures end to end: their events named on the stream, their bindings firing by
/// name in the daemon, the default set's events unchanged.
@Suite("Declared gestures by name", .serialized)
struct NamedGestureCommandTests {
    let directory = temporaryDirectory()
    static let recording = "Recordings/evd-wacom-dth2242-finger.evemu"

    func configuration(_ bindings: String = "") throws -> String {
        let file = directory.appendingPathComponent("config")
        try """
            [gestures]
            hold-then-swipe = long-press(fingers: 1) then drag(fingers: 1)
            [bindings]
            \(bindings)
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("a declared gesture's lines carry its name last, and are otherwise the default set's")
    func replayNamesTheDeclaredGesture() throws {
        let named = try TactileRun(["replay", Self.recording, "--config", try configuration()])
        #expect(named.status == 0)
        let lines = named.standardOutput.split(separator: "\n")
        let withName = lines.filter { $0.hasSuffix(#","name":"hold-then-swipe"}"#) }
        #expect(withName.count >= 10, "\(withName.count) named lines")
        #expect(withName.allSatisfy { $0.contains(#""fingers":1"#) })
        let plain = try TactileRun(["replay", Self.recording])
        #expect(!plain.standardOutput.contains(#""name""#))
    }

    @Test("the daemon runs a binding by name, with TACTILE_NAME, and not the kind's binding for those events")
    func bindingByName() throws {
        let log = directory.appendingPathComponent("log").path
        let config = try configuration("""
            hold-then-swipe long-press phase=began => sh -c 'echo "named $TACTILE_NAME" >> \(log)'
            long-press fingers=1 phase=began => sh -c 'echo "kind $TACTILE_SEQ" >> \(log)'
            """)
        let run = try TactileRun(["run", "--replay", Self.recording, "--speed", "0", "--bindings", "--config", config])
        #expect(run.status == 0, "\(run.standardError)")
        let began = run.standardOutput.split(separator: "\n")
            .filter { $0.contains(#""gesture":"long-press","phase":"began""#) && $0.contains(#""fingers":1,"#) }
        let named = began.filter { $0.contains(#""name":"hold-then-swipe""#) }.count
        let logged = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(named > 0)
        #expect(logged.filter { $0 == "named hold-then-swipe" }.count == named, "\(logged)")
        #expect(logged.filter { $0.hasPrefix("kind ") }.count == began.count - named, "\(logged)")
    }
}
