import Foundation
import Glibc
import Testing
import TactileTestSupport

/// The Touchégg server out of file descriptors: a client waiting for one is accepted as soon as
/// another is dropped, not at the listener's next retry, before which stream clients waiting
/// too could take the descriptors it freed.
@Suite("tactile run --touchegg: accepting resumes when a client is dropped")
struct ToucheggResumeTests {
    let directory = temporaryDirectory()
    let address = "tactile-resume-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// Connects a stream client to the socket at `path` without waiting to be accepted.
    func connectStreamClient(_ path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var name = sockaddr_un()
        name.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &name.sun_path) { target in
            for (index, byte) in path.utf8.enumerated() { target[index] = byte }
        }
        _ = withUnsafePointer(to: &name) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return descriptor
    }

    @Test("out of descriptors, a waiting D-Bus client is connected as another is dropped, before the next signal is handled")
    func waitingClientAcceptedOnDrop() throws {
        let config = directory.appendingPathComponent("tactile.conf")
        try "[tuning]\n".write(to: config, atomically: true, encoding: .utf8)
        let socketPath = directory.appendingPathComponent("tactile.sock").path
        let limit = 48
        let daemon = try BackgroundTactile(
            ["-c", "ulimit -n \(limit) && exec \"$@\"", "sh", TactileRun.executable, "run",
             "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu", "--touchegg", "unix:abstract=\(address)",
             "--socket", socketPath, "--await-clients", "1000", "--config", config.path],
            directory: directory, name: "daemon", executable: "/bin/sh")
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.wait(seconds: 20)
        }
        try #require(waitUntil(seconds: 20) { daemon.errors.contains("serving Touchégg's D-Bus protocol") }, "\(daemon.errors)")
        try #require(waitForSocket(socketPath))
        let first = RawDBusClient(abstractName: address)
        first.authenticateAtOnce()
        try #require(waitUntil(seconds: 20) { daemon.errors.contains("D-Bus client connected") }, "\(daemon.errors)")
        // Stream clients take every descriptor left; more wait in the socket's backlog.
        let streamClients = (0..<limit).map { _ in connectStreamClient(socketPath) }
        defer { streamClients.forEach { _ = close($0) } }
        try #require(waitUntil(seconds: 20) { daemon.errors.contains("cannot accept a client") }, "\(daemon.errors)")
        let waiting = RawDBusClient(abstractName: address)
        waiting.authenticateAtOnce()
        defer { waiting.close() }
        try #require(waitUntil(seconds: 20) { daemon.errors.contains("D-Bus clients wait") }, "\(daemon.errors)")

        first.close()
        try #require(waitUntil(seconds: 20) { daemon.errors.contains("D-Bus client dropped") }, "\(daemon.errors)")
        daemon.signal(SIGHUP)
        let reloadMarkers = ["configuration reloaded", "keeping the configuration in use"]
        try #require(waitUntil(seconds: 20) { reloadMarkers.contains { daemon.errors.contains($0) } }, "\(daemon.errors)")
        let errors = daemon.errors
        let reloadStarts = reloadMarkers.compactMap { errors.range(of: $0)?.lowerBound }
        let reload = try #require(reloadStarts.min())
        let connected = errors.ranges(of: "D-Bus client connected").map(\.lowerBound)
        #expect(connected.count == 2 && connected[1] < reload,
                "the waiting client was not connected before the reload that followed the drop: \(errors)")
    }
}
