import Foundation
import Glibc
import Testing
import TactileCore
import TactileSystem
@testable import TactileFocus

/// Any program of the user's can call `listen`'s session-bus connection: one that floods it is
/// read a bounded number of messages at a time, said once in the log, and loses nothing.
@Suite("A flooded session bus")
struct SessionBusFloodTests {
    static let floodSize = 1_000

    /// Sends `count` calls to `target` without waiting for replies, then a call to the bus
    /// itself, whose reply means the bus has passed on every one before it.
    static let flooder = """
        import sys
        import gi
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib
        address, target, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
        for _ in range(count):
            message = Gio.DBusMessage.new_method_call(target, "/org/tactile/Focus", "org.tactile.Focus", "Focused")
            message.set_body(GLib.Variant("(ss)", ("flood", "")))
            message.set_flags(Gio.DBusMessageFlags.NO_REPLY_EXPECTED)
            bus.send_message(message, Gio.DBusSendMessageFlags.NONE)
        bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
                      None, None, Gio.DBusCallFlags.NONE, -1, None)
        """

    @Test("a flood is read at most arrivalsPerPass messages a pass, said once, and every message is read",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "needs dbus-daemon"))
    func floodIsReadInBoundedPasses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-flood-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let address = "unix:path=\(directory.appendingPathComponent("bus").path)"
        let daemon = try Self.start("/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=\(address)"])
        defer {
            // dbus-daemon does not always hear SIGTERM (DesktopSession.stop says why).
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        let bus = try Self.connect(to: address)
        let stream = SessionBusFocusStream(bus: bus, initialFocus: nil, desktopName: "org.kde.KWin",
                                           decode: { _ in .focused("flood") })

        let flood = try Self.start("/usr/bin/python3", ["-c", Self.flooder, address, bus.uniqueName, "\(Self.floodSize)"])
        flood.waitUntilExit()
        try #require(flood.terminationStatus == 0, "the flooder failed")

        var read = 0
        var largestPass = 0
        var notices: [String] = []
        while read < Self.floodSize {
            try #require(try bus.wait(until: monotonicNow() + .seconds(10)), "\(read) of \(Self.floodSize) read")
            var pass = 0
            for update in try stream.readUpdates() {
                switch update {
                case .focused: pass += 1
                case .ignored(let reason): Issue.record("ignored: \(reason)")
                case .notice(let text): notices.append(text)
                }
            }
            read += pass
            largestPass = max(largestPass, pass)
        }
        #expect(read == Self.floodSize)
        #expect(largestPass == SessionBus.arrivalsPerPass)
        #expect(notices == ["more than \(SessionBus.arrivalsPerPass) messages arrived at once; the rest are read as the loop comes back"])
    }

    static func start(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        return process
    }

    /// Connects once the daemon listens, 10 s at most.
    static func connect(to address: String) throws -> SessionBus {
        let deadline = monotonicNow() + .seconds(10)
        while true {
            do throws(FocusError) {
                return try SessionBus(address: address)
            } catch {
                if monotonicNow() >= deadline { throw error }
                usleep(20_000)
            }
        }
    }
}
