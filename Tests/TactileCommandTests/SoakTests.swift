import Foundation
import Glibc
import TactileSystem
import Testing

/// The daemon for a while under a scripted mix of what happens to it in a session: a paced
/// recording, clients coming and going (some never reading), SIGHUPs swapping configurations,
/// bindings running (some leaving background processes behind). At the end its descriptors,
/// memory and children must be where they were, and the clients that stayed must have every line.
///
/// 60 s by default; TACTILE_SOAK_SECONDS=600 runs it for ten minutes.
@Suite("soak: the daemon for minutes under a scripted mix", .serialized)
struct SoakTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    static let seconds = Double(ProcessInfo.processInfo.environment["TACTILE_SOAK_SECONDS"] ?? "") ?? 60
    /// How much the daemon's RSS may grow, in KiB: 4 MiB; under AddressSanitizer (this test runner
    /// is built with it too) 16 MiB, for its allocator's quarantine and the allocation stacks it
    /// keeps, which fill up over the first minutes whatever the program does.
    static let residentSlack = dlsym(nil, "__asan_init") == nil ? 4096 : 16384

    @Test("descriptors, memory and children stay flat; every remaining client gets every line")
    func soak() throws {
        // A 2.2 s drag of 148 lines, every 2.7 s: about 55 lines a second.
        let recording = directory.appendingPathComponent("soak.evemu").path
        let repetitions = Int((Self.seconds / 2.7).rounded(.up)) + 1
        try writeRepeatedRecording("evd-atmel-maxtouch.1-finger-drag-up-down.evemu", times: repetitions, to: recording)
        let ended = directory.appendingPathComponent("ended.log").path
        // Two configurations with the same bindings and different tuning, swapped on SIGHUP.
        let bindings = """
            [bindings]
            drag => sh -c 'echo "$TACTILE_SEQ" >> \(ended)'
            drag phase=changed every=40mm timeout=300ms => sh -c 'sleep 30 & exit 0'
            drag phase=began => true
            """
        let config = directory.appendingPathComponent("config").path
        let variants = ["[tuning]\ndrag.minimum-distance = 6mm\n" + bindings, "[tuning]\ndrag.minimum-distance = 5mm\n" + bindings]
        try variants[0].write(toFile: config, atomically: true, encoding: .utf8)

        // Under AddressSanitizer freed memory waits in a quarantine of 256 MB before it is reused
        // (to catch use after free), so the daemon's RSS would grow by that much whatever it does:
        // a small quarantine keeps the figure meaningful. Other builds ignore the variable.
        let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        let daemon = try BackgroundTactile(["run", "--replay", recording, "--speed", "1", "--socket", socket,
                                            "--await-clients", "2", "--bindings", "--config", config],
                                           directory: directory, name: "daemon",
                                           environment: ["ASAN_OPTIONS": sanitizer + "quarantine_size_mb=4"])
        #expect(waitForSocket(socket))
        let pid = daemon.process.processIdentifier
        // The clients that stay from the first line to the last.
        let stayers = try (0..<2).map {
            try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "stayer\($0)")
        }
        let started = Date()
        #expect(waitUntil { !stayers[0].output.isEmpty }, "the replay did not start: \(daemon.errors)")
        // What the daemon holds with two clients and nothing else going on.
        let start = (descriptors: ProcessProbe.openDescriptors(pid), resident: ProcessProbe.residentKilobytes(pid))

        var served = 0
        var visitors: [(client: RawClient, leaves: Date, reads: Bool)] = []
        var listeners: [(process: BackgroundTactile, stops: Date)] = []
        var tick = 0
        var hangUps = 0
        var halfway: Int?
        let activeUntil = started.addingTimeInterval(Self.seconds - 4)
        while Date() < activeUntil, daemon.process.isRunning {
            tick += 1
            // A visitor every 100 ms; half of them read, the others never do; each stays 0.1–2 s.
            visitors.append((RawClient(path: socket), Date().addingTimeInterval(0.1 * Double(tick % 20 + 1)), tick % 2 == 0))
            served += 1
            for visitor in visitors where visitor.reads { visitor.client.drainAvailable() }
            visitors.removeAll { visitor in
                guard visitor.leaves < Date() else { return false }
                visitor.client.close()
                return true
            }
            // A `listen` process every 5 s, stopped with SIGTERM 1 s later.
            if tick % 50 == 0 {
                let listener = try BackgroundTactile(["listen", "--socket", socket], directory: directory,
                                                     name: "visitor\(tick)")
                served += 1
                listeners.append((listener, Date().addingTimeInterval(1)))
            }
            listeners.removeAll { listener in
                guard listener.stops < Date() else { return false }
                listener.process.signal(SIGTERM)
                #expect(listener.process.wait(seconds: 5) == 0, "\(listener.process.errors)")
                return true
            }
            // A configuration swapped and reloaded every 2 s.
            if tick % 20 == 0 {
                try variants[hangUps % 2 == 0 ? 1 : 0].write(toFile: config, atomically: true, encoding: .utf8)
                daemon.signal(SIGHUP)
                hangUps += 1
            }
            if halfway == nil, Date() > started.addingTimeInterval(Self.seconds / 2) {
                halfway = ProcessProbe.residentKilobytes(pid)
            }
            usleep(100_000)
        }
        for visitor in visitors { visitor.client.close() }
        for listener in listeners {
            listener.process.signal(SIGTERM)
            #expect(listener.process.wait(seconds: 5) == 0)
        }
        // Quiet again: the visitors are gone, the timed-out bindings' groups killed (300 ms).
        let settled = waitUntil(seconds: 3) {
            ProcessProbe.openDescriptors(pid) <= start.descriptors && ProcessProbe.children(pid).isEmpty
        }
        let end = (descriptors: ProcessProbe.openDescriptors(pid), resident: ProcessProbe.residentKilobytes(pid),
                   children: ProcessProbe.children(pid).count)
        let duration = Date().timeIntervalSince(started)
        print("""
            soak: \(String(format: "%.1f", duration)) s, \(served) clients served, \(hangUps) SIGHUPs; \
            descriptors \(start.descriptors) → \(end.descriptors), RSS \(start.resident) → \(halfway ?? 0) (halfway) \
            → \(end.resident) KiB, \
            children at the end \(end.children)
            """)
        #expect(settled, "descriptors \(start.descriptors) → \(end.descriptors), children \(end.children)")
        #expect(end.resident <= start.resident + Self.residentSlack, "RSS grew from \(start.resident) to \(end.resident) KiB")

        #expect(daemon.wait(seconds: Self.seconds + 30) == 0, "\(daemon.errors)")
        for stayer in stayers { #expect(stayer.wait(seconds: 10) == 0, "\(stayer.errors)") }
        #expect(daemon.errors.contains("configuration reloaded"))
        #expect(!daemon.errors.contains("ran past its timeout"), "a binding itself hung: \(daemon.errors)")

        // Both stayers got the same lines, complete: the whole recording's drags, each ended or
        // cancelled (by a reload), and a binding ran for every drag that ended.
        let lines = stayers[0].output.split(separator: "\n")
        #expect(stayers[1].output == stayers[0].output)
        // (A drag cancelled by a reload may be followed by a tap: the fingers still down start afresh.)
        func drags(_ phase: String) -> Int { lines.filter { $0.contains(#""gesture":"drag","phase":"\#(phase)""#) }.count }
        #expect(drags("began") == drags("ended") + drags("cancelled"),
                "\(drags("began")) drags began, \(drags("ended")) ended, \(drags("cancelled")) were cancelled")
        #expect(drags("ended") >= repetitions - 1 - hangUps)
        let endedLines = drags("ended")
        let ranFor = ((try? String(contentsOfFile: ended, encoding: .utf8)) ?? "").split(separator: "\n").count
        #expect(ranFor == endedLines, "the binding ran \(ranFor) times for \(endedLines) ended drags")
    }
}

extension RawClient {
    /// Reads whatever has arrived, without waiting: a client that keeps up.
    func drainAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
    }
}
