import Foundation
import Glibc
import TactileSystem

/// A bundled evemu recording played `times` times in a row, `gap` seconds apart, written to
/// `path`: a long input for the daemon, made of gestures whose output is known.
func writeRepeatedRecording(_ name: String, times: Int, gap: Double = 0.5, to path: String) throws {
    let text = try String(contentsOf: TactileRun.repository.appendingPathComponent("Recordings/\(name)"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.filter { !$0.hasPrefix("E: ") }.filter { !$0.isEmpty }
    // E: SECONDS TYPE CODE VALUE [# comment]
    let events = lines.filter { $0.hasPrefix("E: ") }.map { $0.split(separator: " ", maxSplits: 5) }
    let first = Double(events.first![1])!, last = Double(events.last![1])!
    let period = last - first + gap
    var output = header.joined(separator: "\n") + "\n"
    output.reserveCapacity(events.count * times * 32)
    for repetition in 0..<times {
        let shift = Double(repetition) * period
        for event in events {
            let time = Double(event[1])! + shift
            output += "E: \(String(format: "%.6f", time)) \(event[2]) \(event[3]) \(event[4].prefix { !$0.isWhitespace })\n"
        }
    }
    try output.write(toFile: path, atomically: true, encoding: .utf8)
}

/// A stand-in for the daemon, for testing clients: a listening socket whose one connection
/// gets exactly the bytes the test sends, then is closed.
final class ScriptedDaemon {
    let path: String
    private let listener: Int32

    init(path: String) {
        self.path = path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixSocketAddress(path)?.withSockaddr { bind(listener, $0, $1) }
        listen(listener, 4)
    }

    /// Accepts the next client (waiting at most `seconds`), sends it `bytes`, and hangs up.
    /// Returns whether a client came.
    func serveOnce(_ bytes: String, seconds: Int32 = 10) -> Bool {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, seconds * 1_000) == 1 else { return false }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return false }
        defer { Glibc.close(client) }
        var data = Array(bytes.utf8)
        return send(client, &data, data.count, Int32(MSG_NOSIGNAL)) == data.count
    }

    func close() {
        Glibc.close(listener)
        unlink(path)
    }
}
