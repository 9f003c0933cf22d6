import Foundation
import Glibc
import TactileTestSupport
import Testing

/// Key and button bindings typing through the virtual keyboard, with /dev/uinput emulated
/// (Tests/UinputShim): `tactile run --replay … --speed 0 --bindings` on real recordings, and the
/// exact uinput requests and events it makes, in order with the gesture lines it prints.
@Suite("Key and button bindings through uinput", .serialized)
struct VirtualKeyboardTests {
    let directory = temporaryDirectory()
    static let drag = "evd-atmel-maxtouch.4-finger-drag-down.evemu"

    private func configuration(_ bindings: String, name: String = "config") throws -> URL {
        let file = directory.appendingPathComponent(name)
        try "[bindings]\n\(bindings)\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func field(_ name: String, _ line: Substring) -> String {
        String(line.split(separator: "\"\(name)\":")[1].prefix { $0 != "," && $0 != "}" }).replacingOccurrences(of: "\"", with: "")
    }

    /// The log with the gesture lines cut to their phase, and the drag's `changed` lines left out:
    /// what the keys did around the gesture's beginning and end.
    private func outline(_ uinput: EmulatedUinput) -> [String] {
        uinput.lines.compactMap { line in
            guard line.hasPrefix("stdout ") else { return line }
            let phase = field("phase", Substring(line))
            return phase == "changed" ? nil : phase
        }
    }

    /// The daemon's replay of `recording` with `bindings`, to the end; its exit status must be 0.
    private func replay(_ recording: String, _ bindings: String) throws -> EmulatedUinput {
        let uinput = EmulatedUinput(directory: directory)
        let daemon = try BackgroundTactile(
            ["run", "--replay", recording, "--speed", "0", "--bindings", "--config", try configuration(bindings).path],
            directory: directory, name: "daemon", environment: try uinput.environment())
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        return uinput
    }

    @Test("key super+Left: pressed left to right, released right to left, each with SYN_REPORT, right after the drag ended")
    func chord() throws {
        let uinput = try replay("Recordings/\(Self.drag)", "drag fingers=4 direction=down => key super+Left")
        var expected = EmulatedUinput.creation(["left", "leftmeta"])
        for line in try expectedOutput(Self.drag).split(separator: "\n") {
            expected.append("stdout \(line)")
            if field("phase", line) == "ended" {
                expected += press("leftmeta") + press("left") + release("left") + release("leftmeta")
            }
        }
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    @Test("Alt-Tab: key-down alt as the drag begins, tab every 10 mm while held, key-up alt as it ends; a key-up without its key-down does nothing")
    func holdAcrossPhases() throws {
        let uinput = try replay("Recordings/\(Self.drag)", """
            drag fingers=3-4 phase=began => key-down alt
            drag fingers=3-4 phase=began => key-up shift
            drag fingers=3-4 phase=changed every=10mm => key tab
            drag fingers=3-4 phase=ended => key-up alt
            """)
        var expected = EmulatedUinput.creation(["tab", "leftshift", "leftalt"])
        var baseline = 0.0
        var tabs = 0
        for line in try expectedOutput(Self.drag).split(separator: "\n") {
            expected.append("stdout \(line)")
            let distance = (pow(Double(field("dx", line))!, 2) + pow(Double(field("dy", line))!, 2)).squareRoot()
            switch field("phase", line) {
            case "began":
                baseline = distance
                expected += press("leftalt")
            case "changed" where distance - baseline >= 10:
                baseline = distance
                expected += press("tab") + release("tab")
                tabs += 1
            case "ended": expected += release("leftalt")
            default: break
            }
        }
        #expect(tabs >= 3)
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    @Test("the README's Alt-Tab: Alt as four fingers begin a drag, Tab every 30 mm under it, Alt up as the drag ends")
    func readmeAltTab() throws {
        let bindings = """
            drag fingers=4 phase=began => key-down alt
            drag fingers=4 phase=changed every=30mm => key tab
            """
        let readme = try String(contentsOf: TactileRun.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for line in bindings.split(separator: "\n") { #expect(readme.contains(line + " ")) }
        let uinput = try replay("Recordings/\(Self.drag)", bindings)
        var expected = EmulatedUinput.creation(["tab", "leftalt"])
        var (baseline, tabs) = (0.0, 0)
        for line in try expectedOutput(Self.drag).split(separator: "\n") {
            expected.append("stdout \(line)")
            #expect(field("fingers", line) == "4")
            let distance = (pow(Double(field("dx", line))!, 2) + pow(Double(field("dy", line))!, 2)).squareRoot()
            switch field("phase", line) {
            case "began":
                baseline = distance
                expected += press("leftalt")
            case "changed" where distance - baseline >= 30:
                baseline = distance
                expected += press("tab") + release("tab")
                tabs += 1
            case "ended": expected += release("leftalt")
            default: break
            }
        }
        #expect(tabs == 1)
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    @Test("button left: a click of the virtual pointer after each tap, on a device that is a mouse to udev")
    func button() throws {
        let name = "evd-atmel-maxtouch.1-finger-fast-taps.evemu"
        let uinput = try replay("Recordings/\(name)", "tap => button left")
        var expected = EmulatedUinput.creation(["btn_left"], pointer: true)
        for line in try expectedOutput(name).split(separator: "\n") {
            expected.append("stdout \(line)")
            expected += press("btn_left") + release("btn_left")
        }
        #expect(expected.filter { $0 == "EV_KEY btn_left 1" }.count == 5)
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    @Test("button right alone: the device still declares BTN_LEFT and REL_X/REL_Y, or udev would not call it a mouse")
    func rightButtonOnly() throws {
        let name = "evd-atmel-maxtouch.1-finger-fast-taps.evemu"
        let uinput = try replay("Recordings/\(name)", "tap count=2 => button right")
        var expected = EmulatedUinput.creation(["btn_left", "btn_right"], pointer: true)
        for line in try expectedOutput(name).split(separator: "\n") {
            expected.append("stdout \(line)")
            if field("count", line) == "2" { expected += press("btn_right") + release("btn_right") }
        }
        #expect(expected.filter { $0 == "EV_KEY btn_right 1" }.count == 4)
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    @Test("SYN_DROPPED mid-gesture cancels it, and the keys it held go up at once")
    func droppedEvents() throws {
        // The real recording with a SYN_DROPPED inserted after the frame at 0.304749 s, in mid-drag.
        let original = try String(contentsOf: TactileRun.repository.appendingPathComponent("Recordings/\(Self.drag)"),
                                  encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let frame = try #require(lines.firstIndex { $0.hasPrefix("E: 0.304749 0000 0000 0000") })
        lines.insert("E: 0.307749 0000 0003 0000", at: frame + 1)
        let recording = directory.appendingPathComponent("dropped.evemu")
        try lines.joined(separator: "\n").write(to: recording, atomically: true, encoding: .utf8)
        let printed = try TactileRun(["replay", recording.path]).standardOutput
        let uinput = try replay(recording.path, "drag phase=began => key-down ctrl+alt")
        var expected = EmulatedUinput.creation(["leftctrl", "leftalt"])
        var phases: [String] = []
        for line in printed.split(separator: "\n") {
            expected.append("stdout \(line)")
            phases.append(field("phase", line))
            switch field("phase", line) {
            case "began": expected += press("leftctrl") + press("leftalt")
            case "ended", "cancelled": expected += release("leftalt") + release("leftctrl")
            default: break
            }
        }
        #expect(phases.filter { $0 != "changed" } == ["began", "cancelled", "began", "ended"])
        #expect(uinput.lines == expected + EmulatedUinput.removal)
    }

    /// A daemon replaying the drag at a fifth of its speed, signalled while the drag is under way
    /// (it begins 0.21 s into the recording, 1.06 s at this speed, and ends at 2.83 s).
    private func signalMidDrag(_ signal: Int32, bindings: String, uinput: EmulatedUinput? = nil,
                               then change: (() throws -> Void)? = nil) throws -> (EmulatedUinput, BackgroundTactile)
    {
        let uinput = uinput ?? EmulatedUinput(directory: directory)
        let config = try configuration(bindings)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(Self.drag)", "--speed", "0.2", "--bindings", "--config", config.path],
            directory: directory, name: "daemon", environment: try uinput.environment())
        // The drag began (its line is out): a fixed sleep missed it on a loaded machine.
        #expect(waitUntil(seconds: 20) { daemon.output.contains(#""phase":"began""#) }, "\(daemon.errors)")
        try change?()
        daemon.signal(signal)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        return (uinput, daemon)
    }

    @Test("SIGTERM and SIGINT mid-gesture: cancelled, the held key released, the device removed, exit 0",
          arguments: [SIGTERM, SIGINT])
    func stopMidGesture(signal: Int32) throws {
        let (uinput, _) = try signalMidDrag(signal, bindings: "drag phase=began => key-down alt")
        #expect(outline(uinput) == EmulatedUinput.creation(["leftalt"]) + ["began"] + press("leftalt") + ["cancelled"]
            + release("leftalt") + EmulatedUinput.removal)
    }

    @Test("SIGHUP mid-gesture with the same keys: cancelled, released, the device kept; the fingers still down hold it again")
    func reloadSameKeys() throws {
        let (uinput, daemon) = try signalMidDrag(SIGHUP, bindings: "drag phase=began => key-down alt")
        #expect(daemon.errors.contains("configuration reloaded"))
        #expect(outline(uinput) == EmulatedUinput.creation(["leftalt"]) + ["began"] + press("leftalt") + ["cancelled"]
            + release("leftalt") + ["began"] + press("leftalt") + ["ended"] + release("leftalt") + EmulatedUinput.removal)
    }

    @Test("SIGHUP with other keys: every key released, the device made anew with exactly the new keys")
    func reloadOtherKeys() throws {
        let config = directory.appendingPathComponent("config")
        let (uinput, _) = try signalMidDrag(SIGHUP, bindings: "drag phase=began => key-down alt") {
            try "[bindings]\ndrag phase=began => key-down ctrl\n".write(to: config, atomically: true, encoding: .utf8)
        }
        // The new device exists before the old goes, whose Alt is released on it; then the
        // daemon cancels the drag, and the fingers still down begin a new one that holds Ctrl.
        #expect(outline(uinput) == EmulatedUinput.creation(["leftalt"]) + ["began"] + press("leftalt")
            + EmulatedUinput.creation(["leftctrl"]) + release("leftalt") + EmulatedUinput.removal
            + ["cancelled", "began"] + press("leftctrl") + ["ended"] + release("leftctrl") + EmulatedUinput.removal)
        #expect(!uinput.lines.contains { $0.hasSuffix("undeclared") })
    }

    @Test("SIGHUP needing a new device that cannot be made: logged, the old bindings and device kept, nothing cancelled")
    func reloadWithoutUinput() throws {
        let config = directory.appendingPathComponent("config")
        let locked = directory.appendingPathComponent("locked")
        let uinput = EmulatedUinput(directory: directory, failure: "EACCES", whileExists: locked)
        let (_, daemon) = try signalMidDrag(SIGHUP, bindings: "drag phase=began => key-down alt", uinput: uinput) {
            try "[bindings]\ndrag phase=began => key-down ctrl\n".write(to: config, atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: locked.path, contents: nil)
        }
        #expect(daemon.errors.contains("cannot open /dev/uinput: EACCES (Permission denied)"), "\(daemon.errors)")
        #expect(daemon.errors.contains("keeping the configuration in use"))
        #expect(outline(uinput) == EmulatedUinput.creation(["leftalt"]) + ["began"] + press("leftalt")
            + ["open /dev/uinput failed: Permission denied", "ended"] + release("leftalt") + EmulatedUinput.removal)
    }

    @Test("tactile listen --bindings types the user's keys from the daemon's stream, and releases them when it ends")
    func listen() throws {
        let socket = directory.appendingPathComponent("tactile.sock").path
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(Self.drag)", "--speed", "0", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let uinput = EmulatedUinput(directory: directory)
        let config = try configuration("""
            drag fingers=4 direction=down => key super+Left
            drag fingers=4 phase=began => key-down shift
            """)
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client", environment: try uinput.environment())
        #expect(daemon.wait(seconds: 20) == 0)
        #expect(client.wait(seconds: 20) == 0, "\(client.errors)")
        // listen --bindings prints nothing: only the keys are in the log. The drag holds Shift from
        // its beginning; its end types super+Left with Shift still down, and only then lets Shift go.
        #expect(uinput.lines == EmulatedUinput.creation(["left", "leftshift", "leftmeta"]) + press("leftshift")
            + press("leftmeta") + press("left") + release("left") + release("leftmeta") + release("leftshift")
            + EmulatedUinput.removal)
    }

    @Test("tactile listen --bindings whose daemon dies mid-gesture releases what the gesture held, and exits 0")
    func listenStreamEnds() throws {
        let socket = directory.appendingPathComponent("tactile.sock").path
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(Self.drag)", "--speed", "0.2", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let uinput = EmulatedUinput(directory: directory)
        let config = try configuration("drag phase=began => key-down alt")
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client", environment: try uinput.environment())
        // Mid-gesture: once listen has pressed the drag's key, not after a fixed time.
        #expect(waitUntil(seconds: 20) { uinput.lines.contains("EV_KEY leftalt 1") }, "\(client.errors)")
        daemon.signal(SIGKILL)
        _ = daemon.wait(seconds: 10)
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        #expect(uinput.lines == EmulatedUinput.creation(["leftalt"]) + press("leftalt") + release("leftalt")
            + EmulatedUinput.removal)
    }

    @Test("/dev/uinput that cannot be opened: a clear error, exit 1, before any gesture", arguments: [
        ("EACCES", "cannot open /dev/uinput: EACCES (Permission denied); install the udev rule 70-tactile-uinput.rules"),
        ("ENOENT", "cannot open /dev/uinput: ENOENT (No such file or directory); the kernel's uinput module is not loaded"),
    ])
    func unavailable(failure: String, message: String) throws {
        let uinput = EmulatedUinput(directory: directory, failure: failure)
        let config = try configuration("tap => key super")
        let run = try TactileRun(["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--desc",
                                  "Recordings/evd-egalax-pcap.desc", "--bindings", "--config", config.path],
                                 environment: try uinput.environment())
        #expect(run.status == 1)
        #expect(run.standardError.contains("tactile: \(message)"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        let listen = try TactileRun(["listen", "--once", "--socket", directory.appendingPathComponent("none.sock").path,
                                     "--bindings", "--config", config.path], environment: try uinput.environment())
        #expect(listen.status == 1)
        #expect(listen.standardError.contains("tactile: \(message)"), "\(listen.standardError)")
    }

    @Test("the udev rule the error names exists, tags /dev/uinput for the seat's user, and runs before logind applies the tag")
    func udevRule() throws {
        let name = "70-tactile-uinput.rules"
        let rule = try String(contentsOf: TactileRun.repository.appendingPathComponent("udev/\(name)"), encoding: .utf8)
        let lines = rule.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == [#"KERNEL=="uinput", SUBSYSTEM=="misc", TAG+="uaccess", OPTIONS+="static_node=uinput""#])
        // udev runs rules files in lexical order; 73-seat-late.rules turns the tag into an ACL.
        #expect(name < "73-seat-late.rules")
    }

    @Test("bindings without keys never open /dev/uinput")
    func commandsOnly() throws {
        let uinput = try replay("Recordings/\(Self.drag)", "drag => true")
        #expect(uinput.lines.isEmpty)
    }
}
