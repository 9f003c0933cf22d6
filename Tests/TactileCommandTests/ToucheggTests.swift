import Foundation
import Glibc
import Testing

/// `tactile run --touchegg`: Touchégg's peer-to-peer D-Bus protocol served to real clients (GDBus
/// and libdbus, through Python), from recordings replayed as live input.
@Suite("tactile run --touchegg", .serialized)
struct ToucheggTests {
    let directory = temporaryDirectory()
    /// An abstract address of this test process's own, as Touchégg's `unix:abstract=touchegg`.
    let address = "unix:abstract=tactile-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// Replays `recording` with `--touchegg` once `clients` clients connected; returns the daemon.
    func daemon(_ recording: [String], awaiting clients: Int, extra: [String] = []) throws -> BackgroundTactile {
        let daemon = try BackgroundTactile(["run", "--replay"] + recording + ["--speed", "1", "--touchegg", address,
                                                                             "--await-clients", "\(clients)"] + extra,
                                           directory: directory, name: "daemon")
        #expect(waitUntilServing(daemon), "\(daemon.errors)")
        return daemon
    }

    /// An abstract socket has no file to wait for: the daemon says when it listens.
    func waitUntilServing(_ daemon: BackgroundTactile, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !daemon.errors.contains("serving Touchégg's D-Bus protocol at \(address)") {
            guard Date() < deadline, daemon.process.isRunning else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Both kinds of client, subscribed.
    func bothClients() throws -> [ToucheggClient] {
        let clients = [try ToucheggClient(.gdbus, address: address, directory: directory, name: "gdbus"),
                       try ToucheggClient(.libdbus, address: address, directory: directory, name: "libdbus")]
        for client in clients { #expect(client.waitUntilSubscribed(), "\(client.process.errors)") }
        return clients
    }

    /// Waits for the daemon and the clients (which exit when it closes their connection), and
    /// returns each client's gestures after checking they are well formed and the same for all.
    func finish(_ daemon: BackgroundTactile, _ clients: [ToucheggClient]) -> [[ReceivedSignal]] {
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        for client in clients { #expect(client.process.wait(seconds: 10) == 0, "\(client.process.errors)") }
        let received = clients.map(\.signals)
        for signals in received { #expect(signals == received[0], "the two clients received different signals") }
        let (found, problems) = gestures(in: received[0])
        #expect(problems.isEmpty, "\(problems)")
        return found
    }

    @Test("a four-finger swipe down on a touchscreen: SWIPE DOWN 4 fingers, 0 % at Begin, rising to 100 %; beside the socket")
    func swipe() throws {
        let socket = directory.appendingPathComponent("tactile.sock").path
        let name = "evd-atmel-maxtouch.4-finger-drag-down.evemu"
        let daemon = try daemon(["Recordings/\(name)"], awaiting: 3, extra: ["--socket", socket])
        #expect(waitForSocket(socket))
        let listener = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "listen")
        let clients = try bothClients()
        let found = finish(daemon, clients)
        #expect(listener.wait(seconds: 10) == 0)
        #expect(listener.output == (try expectedOutput(name)), "socket clients still get the whole stream")

        try #require(found.count == 1, "\(found)")
        let swipe = found[0]
        #expect(swipe.allSatisfy { ($0.type, $0.direction, $0.fingers, $0.device) == (1, 2, 4, 2) }, "\(swipe)")
        #expect(swipe.first?.percentage == 0)
        #expect(swipe.last?.percentage == 100)
        // One Update per `changed` line of the drag.
        let changed = listener.output.split(separator: "\n").filter { $0.contains(#""phase":"changed""#) }.count
        #expect(swipe.count == changed + 2)
        let percentages = swipe.map(\.percentage)
        #expect(percentages == percentages.sorted(), "a straight swipe's percentage never falls")
        print("signals for \(name):\n" + swipe.map(\.description).joined(separator: "\n"))
    }

    @Test("a two-finger tap on a touchpad: TAP Begin then End, 100 %, no direction, 2 fingers, TOUCHPAD")
    func tap() throws {
        let daemon = try daemon(["Recordings/evd-alps-glidepoint.2-finger-tap.evemu"], awaiting: 2)
        let found = finish(daemon, try bothClients())
        #expect(daemon.output == (try expectedOutput("evd-alps-glidepoint.2-finger-tap.evemu")), "stdout keeps the stream")
        #expect(found.map { $0.map(\.description) } == [["OnGestureBegin 3 0 100.000 2 1 0", "OnGestureEnd 3 0 100.000 2 1 0"]])
    }

    @Test("a spread then a closing pinch: PINCH OUT, then PINCH IN, 2 fingers, past the clients' 20 % at End")
    func pinch() throws {
        let recording = directory.appendingPathComponent("pinch.evemu")
        try SyntheticPinch.text().write(to: recording, atomically: true, encoding: .utf8)
        let daemon = try daemon([recording.path], awaiting: 2)
        let found = finish(daemon, try bothClients())
        try #require(found.count == 2, "\(found)")
        #expect(found[0].allSatisfy { ($0.type, $0.direction, $0.fingers, $0.device) == (2, 6, 2, 2) }, "\(found[0])")
        #expect(found[1].allSatisfy { ($0.type, $0.direction, $0.fingers, $0.device) == (2, 5, 2, 2) }, "\(found[1])")
        for pinch in found {
            #expect(pinch.first?.percentage == 0, "a touchscreen pinch counts from its Begin")
            #expect((pinch.last?.percentage ?? 0) > 20, "\(pinch)")
        }
        print("signals for a synthetic pinch:\n" + found.joined().map(\.description).joined(separator: "\n"))
    }

    @Test("a peer that is not root, the daemon's user or in the socket's group is refused, and the log says so",
          .enabled(if: getuid() == 0, "needs root: setpriv runs the client as another user"))
    func refusedPeer() throws {
        let daemon = try daemon(["Recordings/evd-alps-glidepoint.2-finger-tap.evemu"], awaiting: 1)
        // nobody, in no group: refused before any D-Bus byte is read.
        let refused = try ToucheggClient(.gdbus, address: address, directory: directory, name: "nobody",
                                         asUser: (65534, 65534, []))
        #expect(refused.process.wait(seconds: 10) == 1)
        #expect(refused.process.errors.hasPrefix("refused: "), "\(refused.process.errors)")
        print("what the refused GDBus client saw: \(refused.process.errors)")
        let refusedLibdbus = try ToucheggClient(.libdbus, address: address, directory: directory, name: "nobody-libdbus",
                                                asUser: (65534, 65534, []))
        #expect(refusedLibdbus.process.wait(seconds: 10) == 1)
        #expect(refusedLibdbus.process.errors.hasPrefix("refused: "), "\(refusedLibdbus.process.errors)")
        print("what the refused libdbus client saw: \(refusedLibdbus.process.errors)")
        #expect(daemon.process.isRunning, "a refused peer does not count for --await-clients")
        let admitted = try ToucheggClient(.libdbus, address: address, directory: directory, name: "root")
        #expect(admitted.waitUntilSubscribed())
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(admitted.process.wait(seconds: 10) == 0)
        #expect(admitted.signals.count == 2)
        #expect(daemon.errors.contains("D-Bus client refused (pid "), "\(daemon.errors)")
        #expect(daemon.errors.contains(", uid 65534, gid 65534): only root or uid 0 may read gestures"), "\(daemon.errors)")
        print("the daemon's log:\n\(daemon.errors)")
    }

    @Test("a member of --socket-group is admitted through its supplementary groups",
          .enabled(if: getuid() == 0, "needs root: setpriv runs the client as another user"))
    func groupMember() throws {
        let group = try #require(getgrnam("users")).pointee.gr_gid
        let daemon = try daemon(["Recordings/evd-alps-glidepoint.2-finger-tap.evemu"], awaiting: 1,
                                extra: ["--socket-group", "users"])
        let member = try ToucheggClient(.gdbus, address: address, directory: directory, name: "member",
                                        asUser: (65534, 65534, [group]))
        #expect(member.waitUntilSubscribed(), "\(member.process.errors)")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(member.process.wait(seconds: 10) == 0)
        #expect(member.signals.map(\.description) == ["OnGestureBegin 3 0 100.000 2 1 0", "OnGestureEnd 3 0 100.000 2 1 0"])
    }

    @Test("a client that stops reading is dropped; recognition and the other client go on; exit 0")
    func stalledClient() throws {
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-wacom-dth2242-finger.evemu", "--speed", "0", "--touchegg", address,
             "--await-clients", "2", "--client-queue-limit", "4096"], directory: directory, name: "daemon")
        #expect(waitUntilServing(daemon), "\(daemon.errors)")
        let stalled = try ToucheggClient(.libdbus, address: address, directory: directory, name: "stalled")
        #expect(stalled.waitUntilSubscribed())
        stalled.process.signal(SIGSTOP)
        defer {
            stalled.process.signal(SIGKILL)
            stalled.process.signal(SIGCONT)
            _ = stalled.process.wait(seconds: 10)
        }
        let reader = try ToucheggClient(.gdbus, address: address, directory: directory, name: "reader")
        #expect(reader.waitUntilSubscribed())
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(reader.process.wait(seconds: 10) == 0)
        #expect(daemon.output == (try expectedOutput("evd-wacom-dth2242-finger.evemu")), "recognition went on")
        let (found, problems) = gestures(in: reader.signals)
        #expect(problems.isEmpty, "\(problems)")
        #expect(found.count == 4, "\(found)")
        #expect(daemon.errors.contains("stopped reading"), "\(daemon.errors)")
        print("the daemon's log:\n\(daemon.errors)")
    }

    @Test("an address that is not unix:abstract= or unix:path= is refused with a message")
    func badAddress() throws {
        let run = try TactileRun(["run", "--replay", "Recordings/evd-alps-glidepoint.2-finger-tap.evemu",
                                  "--touchegg", "tcp:host=localhost,port=1"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("tcp:host=localhost,port=1: expected a D-Bus address unix:abstract=NAME or unix:path=PATH"),
                "\(run.standardError)")
    }

    @Test("a unix:path= address holding a file that is not a socket is refused, and the file is left alone")
    func pathHoldingAFile() throws {
        let file = directory.appendingPathComponent("not-a-socket")
        try "keep me\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try TactileRun(["run", "--replay", "Recordings/evd-alps-glidepoint.2-finger-tap.evemu",
                                  "--touchegg", "unix:path=\(file.path)"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("not a socket: refusing to replace it"), "\(run.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
    }

    @Test("[daemon] touchegg = ADDRESS in the configuration serves it too")
    func configurationKey() throws {
        let configuration = directory.appendingPathComponent("config")
        try "[daemon]\ntouchegg = \(address)\n".write(to: configuration, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-alps-glidepoint.2-finger-tap.evemu", "--speed", "1",
             "--config", configuration.path, "--await-clients", "1"], directory: directory, name: "daemon")
        #expect(waitUntilServing(daemon), "\(daemon.errors)")
        let client = try ToucheggClient(.gdbus, address: address, directory: directory, name: "client")
        #expect(client.waitUntilSubscribed(), "\(client.process.errors) \(daemon.errors)")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(client.process.wait(seconds: 10) == 0)
        #expect(client.signals.count == 2)
    }
}

/// A pinch written as frames on a real device's description (the Atmel maXTouch touchscreen of
/// `Recordings/`): no bundled recording has one. Two fingers spread from 200 to 600 units apart,
/// lift, land again and close back.
enum SyntheticPinch {
    static func text() throws -> String {
        let original = try String(contentsOf: TactileRun.repository.appendingPathComponent(
            "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"), encoding: .utf8)
        var lines = original.split(separator: "\n").filter { !$0.hasPrefix("E:") }.map(String.init)
        func event(_ milliseconds: Int, _ type: Int, _ code: Int, _ value: Int) {
            let seconds = "\(milliseconds / 1000)." + String(String(milliseconds % 1000 * 1000 + 1_000_000).dropFirst())
            let hex = { (number: Int) in String(String(number + 0x10000, radix: 16).dropFirst()) }
            lines.append("E: \(seconds) \(hex(type)) \(hex(code)) \(value)")
        }
        func frame(_ milliseconds: Int, left: Int, right: Int, first: Bool) {
            for (slot, x) in [(0, left), (1, right)] {
                event(milliseconds, 3, 0x2f, slot)
                if first { event(milliseconds, 3, 0x39, 100 + slot) }
                event(milliseconds, 3, 0x35, x)
                event(milliseconds, 3, 0x36, 240)
            }
            if first { event(milliseconds, 1, 330, 1) }
            event(milliseconds, 0, 0, 0)
        }
        func lift(_ milliseconds: Int) {
            for slot in 0..<2 {
                event(milliseconds, 3, 0x2f, slot)
                event(milliseconds, 3, 0x39, -1)
            }
            event(milliseconds, 1, 330, 0)
            event(milliseconds, 0, 0, 0)
        }
        for step in 0...40 { frame(10 + step * 10, left: 300 - step * 5, right: 500 + step * 5, first: step == 0) }
        lift(430)
        for step in 0...40 { frame(1000 + step * 10, left: 100 + step * 5, right: 700 - step * 5, first: step == 0) }
        lift(1420)
        return lines.joined(separator: "\n") + "\n"
    }
}
