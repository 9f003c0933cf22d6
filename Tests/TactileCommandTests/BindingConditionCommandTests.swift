import Foundation
import TactileTestSupport
import Testing

/// The conditions bindings gained for other tools' configurations, in `tactile listen --bindings`
/// against a daemon replaying a four-finger drag down a touchscreen: what the stream carries is
/// enough for each of them.
@Suite("binding conditions in listen --bindings", .serialized)
struct BindingConditionCommandTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    static let drag = "evd-atmel-maxtouch.4-finger-drag-down.evemu"

    /// What `listen --bindings` with `bindings` ran for the daemon's replay of `recording`: each
    /// binding echoes its word and the variables it names into one log.
    func listen(_ bindings: [(condition: String, word: String)], recording: String = drag) throws -> [String] {
        let log = directory.appendingPathComponent("log").path
        let config = directory.appendingPathComponent("config")
        try ("[bindings]\n" + bindings.map { "\($0.condition) => sh -c 'echo \"\($0.word)\" >> \(log)'" }.joined(separator: "\n"))
            .write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(recording)", "--speed", "0", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client")
        #expect(daemon.wait(seconds: 10) == 0)
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        return ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).sorted()
    }

    @Test("source=, device=, a direction on began and a signed repeat, from the stream alone")
    func conditions() throws {
        let fired = try listen([
            ("drag fingers=4 source=touchscreen direction=down", "touchscreen $TACTILE_SURFACE"),
            ("drag source=touchpad", "touchpad"),
            (#"drag device="Atmel maXTouch*" phase=began direction=down"#, "atmel began down"),
            ("drag device=*Touchpad*", "another device"),
            ("drag phase=changed direction=down every=+25mm", "step"),
            ("drag phase=changed direction=down every=-5mm", "back"),
            ("drag phase=changed direction=up every=5mm", "up"),
        ])
        // The drag travels 62.65 mm from touch-down, 21.7 of them before it began: 25 mm steps
        // at 46.7 and 71.7 mm would be two; it ends before the second.
        #expect(fired == ["atmel began down", "step", "touchscreen touchscreen"])
    }

    @Test("button-down left as a drag begins is held to its end, then released: never left down")
    func heldButton() throws {
        let uinput = EmulatedUinput(directory: directory)
        let config = directory.appendingPathComponent("buttons")
        try "[bindings]\ndrag fingers=4 direction=down phase=began => button-down left\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(Self.drag)", "--speed", "0", "--bindings", "--config", config.path],
                                           directory: directory, name: "daemon", environment: try uinput.environment())
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        var expected = EmulatedUinput.creation(["btn_left"], pointer: true)
        for line in try expectedOutput(Self.drag).split(separator: "\n") {
            expected.append("stdout \(line)")
            if line.contains(#""phase":"began""#) { expected += press("btn_left") }
            if line.contains(#""phase":"ended""#) { expected += release("btn_left") }
        }
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }
}
