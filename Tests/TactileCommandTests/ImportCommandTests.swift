import Foundation
import TactileTestSupport
import Testing

/// `tactile import` as a user runs it: the files libinput-gestures, fusuma and Touchégg ship,
/// converted, checked by `tactile check`, and replayed through `tactile run --bindings` so that a
/// binding of each fires: a command on a stand-in `wmctrl`, keys and a button on the emulated
/// /dev/uinput.
@Suite("tactile import", .serialized)
struct ImportCommandTests {
    let directory = temporaryDirectory()
    static let drag = "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"
    static let twoFingerTap = "Recordings/evd-cypress.two-finger-tap.evemu"

    /// `tactile import FILE`, its output written to a file `tactile check` then passes.
    func convert(_ file: URL, arguments: [String] = []) throws -> (run: TactileRun, converted: URL) {
        let run = try TactileRun(["import", file.path] + arguments)
        let converted = directory.appendingPathComponent(file.lastPathComponent + ".tactile")
        try run.standardOutput.write(to: converted, atomically: true, encoding: .utf8)
        let check = try TactileRun(["check", converted.path])
        #expect(check.status == 0, "\(check.standardError)\n\(run.standardOutput)")
        // Each report names the file and a line, and the last line counts them.
        let reports = run.standardError.split(separator: "\n").dropLast()
        for report in reports { #expect(report.hasPrefix("\(file.path):"), "\(report)") }
        if run.status == 1 {
            #expect(run.standardError.hasSuffix("tactile: \(reports.count) \(reports.count == 1 ? "line" : "lines") of \(file.path) could not be converted\n"))
        } else {
            #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
        }
        return (run, converted)
    }

    /// Programs that write their arguments to `calls` instead of acting: a `wmctrl` whose desktop
    /// has two workspaces, the second current, and any other name given.
    func standIns(_ names: [String]) throws -> (path: String, calls: URL) {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let calls = directory.appendingPathComponent("calls")
        for name in ["wmctrl"] + names {
            let listing = name == "wmctrl" ? "[ \"$1\" = -d ] && printf '0  - DG: N/A  Desk 1\\n1  * DG: N/A  Desk 2\\n' && exit 0\n" : ""
            let script = "#!/bin/sh\n\(listing)echo \"\(name) $*\" >> '\(calls.path)'\n"
            let file = bin.appendingPathComponent(name)
            try script.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return ("\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", calls)
    }

    /// `tactile run --replay RECORDING --speed 0 --bindings --config CONFIG` to its end, with the
    /// stand-ins first on PATH and /dev/uinput emulated.
    func replay(_ recording: String, _ config: URL, path: String) throws -> EmulatedUinput {
        let uinput = EmulatedUinput(directory: directory)
        var environment = try uinput.environment()
        environment["PATH"] = path
        let daemon = try BackgroundTactile(["run", "--replay", recording, "--speed", "0", "--bindings", "--config", config.path],
                                           directory: directory, name: "daemon", environment: environment)
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        return uinput
    }

    /// What the stand-ins were called with, once their children had time to run.
    func calls(_ file: URL) -> [String] {
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: file.path) { usleep(100_000) }
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("libinput-gestures.conf as shipped, every line converted: its swipe down, _internal ws_down, calls wmctrl -s 0 on a four-finger drag down",
          .needsPeerConfigurations)
    func libinputGesturesShipped() throws {
        let (run, converted) = try convert(PeerConfigurations.libinputGestures)
        #expect(run.status == 0)
        let (path, callsFile) = try standIns([])
        _ = try replay(Self.drag, converted, path: path)
        #expect(calls(callsFile) == ["wmctrl -s 0"])
    }

    @Test("libinput-gestures, its every form: swipe down 4 runs amixer on a four-finger drag down")
    func libinputGesturesForms() throws {
        let (run, converted) = try convert(PeerConfigurations.fixtures.appendingPathComponent("libinput-gestures/every-form.conf"))
        #expect(run.status == 1)
        let (path, callsFile) = try standIns(["amixer"])
        _ = try replay(Self.drag, converted, path: path)
        #expect(calls(callsFile) == ["amixer set Master 8%-"])
    }

    @Test("fusuma's shipped config.yml: swipe 4 down, xdotool key super+s, types Super+S on a four-finger drag down")
    func fusumaShipped() throws {
        let (run, converted) = try convert(PeerConfigurations.fixtures.appendingPathComponent("fusuma/config.yml"))
        #expect(run.status == 1)
        let uinput = try replay(Self.drag, converted, path: try standIns([]).path)
        let keys = uinput.lines.filter { $0.hasPrefix("EV_KEY") }
        #expect(keys == ["EV_KEY leftmeta 1", "EV_KEY s 1", "EV_KEY s 0", "EV_KEY leftmeta 0"])
    }

    @Test("touchegg.conf as shipped: TAP fingers 2, MOUSE_CLICK 3, clicks the right button on a two-finger tap",
          .needsPeerConfigurations)
    func toucheggShipped() throws {
        let (run, converted) = try convert(PeerConfigurations.touchegg)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("tactile run --touchegg"))
        let uinput = try replay(Self.twoFingerTap, converted, path: try standIns([]).path)
        #expect(uinput.lines.filter { $0.hasPrefix("EV_KEY") } == ["EV_KEY btn_right 1", "EV_KEY btn_right 0"])
    }

    @Test("Touchégg, its every form: the same two-finger tap, clicking right")
    func toucheggForms() throws {
        let (run, converted) = try convert(PeerConfigurations.fixtures.appendingPathComponent("touchegg/every-form.conf"))
        #expect(run.status == 1)
        let uinput = try replay(Self.twoFingerTap, converted, path: try standIns([]).path)
        #expect(uinput.lines.filter { $0.hasPrefix("EV_KEY") } == ["EV_KEY btn_right 1", "EV_KEY btn_right 0"])
    }

    @Test("every line converted: exit status 0 and nothing on stderr")
    func complete() throws {
        let (run, _) = try convert(PeerConfigurations.fixtures.appendingPathComponent("fusuma/sendkey-readme-1.yml"))
        #expect(run.status == 0)
    }

    @Test("--from names the format; a file whose format cannot be told says so; a wrong --from is a usage error")
    func formats() throws {
        let file = directory.appendingPathComponent("gestures")
        try "# nothing yet\n".write(to: file, atomically: true, encoding: .utf8)
        let untold = try TactileRun(["import", file.path])
        #expect(untold.status == 1)
        #expect(untold.standardError == "tactile: \(file.path): not a configuration of libinput-gestures, fusuma or Touchégg that tactile can tell; name its format with --from\n")
        let named = try TactileRun(["import", file.path, "--from", "libinput-gestures"])
        #expect(named.status == 0 && named.standardOutput.contains("[bindings]"))
        let wrong = try TactileRun(["import", file.path, "--from", "lisgd"])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.hasPrefix("tactile: --from takes libinput-gestures, fusuma, touchegg, got 'lisgd'\n"))
        let missing = try TactileRun(["import", directory.appendingPathComponent("none").path])
        #expect(missing.status == 1 && missing.standardError.contains("cannot be read"))
    }
}
