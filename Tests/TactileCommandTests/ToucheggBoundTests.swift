import Foundation
import Glibc
import Testing

/// D-Bus peers that make the daemon hold bytes (issue 42): one that calls Ping and never reads a
/// reply grew it from 11 to 329 MB; one that declares a 120 MiB message and sends half of it held
/// those 64 MB. Each is `Tests/ToucheggClients/flooding-client.py`, GLib building its messages,
/// on a raw socket that never reads.
@Suite("tactile run --touchegg: what a peer can make the daemon hold is bounded", .serialized)
struct ToucheggBoundTests {
    let directory = temporaryDirectory()
    let address = "unix:abstract=tactile-bound-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// How much the daemon's RSS may grow while a client floods it, in KiB: what it held unbounded
    /// was 329 MB. Under AddressSanitizer more, for its allocation stacks.
    static let residentSlack = dlsym(nil, "__asan_init") == nil ? 16 * 1024 : 48 * 1024

    /// A daemon serving the address that waits for more clients than come, so it stays up.
    func daemon() throws -> BackgroundTactile {
        // Under AddressSanitizer freed memory waits in a quarantine of 256 MB before it is reused,
        // so the daemon's RSS would grow by that much whatever it holds: a small quarantine keeps
        // the figure meaningful. Other builds ignore the variable.
        let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu", "--touchegg", address,
             "--await-clients", "1000"], directory: directory, name: "daemon",
            environment: ["ASAN_OPTIONS": sanitizer + "quarantine_size_mb=4"])
        #expect(waitUntil(seconds: 10) { daemon.errors.contains("serving Touchégg's D-Bus protocol at \(address)") },
                "\(daemon.errors)")
        return daemon
    }

    func flood(_ mode: String) throws -> BackgroundTactile {
        try BackgroundTactile([TactileRun.repository.appendingPathComponent("Tests/ToucheggClients/flooding-client.py").path,
                               address, mode], directory: directory, name: "flood-\(mode)", executable: "/usr/bin/python3")
    }

    @Test("a client that pings without reading, or half-sends a 120 MiB message, is dropped; the daemon's memory stays bounded",
          arguments: ["ping", "partial"])
    func floodIsDropped(mode: String) throws {
        let daemon = try daemon()
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.wait(seconds: 10)
        }
        let before = ProcessProbe.residentKilobytes(daemon.process.processIdentifier)
        let client = try flood(mode)
        var peak = before
        let deadline = Date().addingTimeInterval(90)
        while client.process.isRunning && Date() < deadline {
            peak = max(peak, ProcessProbe.residentKilobytes(daemon.process.processIdentifier))
            usleep(20_000)
        }
        let status = client.wait(seconds: 1)
        let after = ProcessProbe.residentKilobytes(daemon.process.processIdentifier)
        print("\(mode): daemon RSS \(before) KiB before, \(peak) KiB at most, \(after) KiB after; client: \(client.output)")
        #expect(status == 0, "the client was not dropped: \(client.output) \(client.errors)")
        #expect(daemon.errors.contains("D-Bus client dropped"), "\(daemon.errors)")
        #expect(peak - before < Self.residentSlack, "the daemon grew by \((peak - before) / 1024) MiB")
        #expect(daemon.process.isRunning, "\(daemon.errors)")
    }
}
