import Foundation
import Glibc
import Testing

/// A reload reaches a device's settings as well as its gestures: the daemon's paced replay
/// builds its pipelines from the same configuration function as live input.
@Suite("settings reloaded with SIGHUP")
struct ReloadedSettingsTests {
    @Test("a calibration a reload adds turns the drags recognized after it")
    func reloadedCalibration() throws {
        let directory = temporaryDirectory()
        let config = directory.appendingPathComponent("config")
        let socket = directory.appendingPathComponent("tactile.sock").path
        try "[tuning]\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu", "--speed", "0",
             "--socket", socket, "--await-clients", "1", "--config", config.path], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        // Nothing is replayed before a client connects, so every gesture comes after the reload.
        try "[tuning \"Atmel*\"]\ncalibration = 0 -1 1 1 0 0\n".write(to: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while !daemon.errors.contains("configuration reloaded") && Date() < deadline { usleep(10_000) }
        #expect(daemon.errors.contains("configuration reloaded"), "\(daemon.errors)")
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(client.wait(seconds: 10) == 0)
        let directions = client.output.split(separator: "\n")
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["phase"] as? String == "ended" }.compactMap { $0["direction"] as? String }
        // Upright this recording's drag goes down (its expected output); a quarter turn makes it left.
        #expect(directions == ["left"], "\(client.output)")
    }
}
