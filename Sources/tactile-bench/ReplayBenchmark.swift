import Glibc
import TactileCore
import TactileEvdev
import TactileProtocol
import TactileRecordings
import TactileSystem

/// `--replay FILE`: `tactile replay FILE` end to end in this process, as the command does it
/// (stream the file, decode, recognize with the default gestures, encode JSON Lines, write them
/// in 64 KiB writes), to /dev/null. Timed `runs` times; the median is what is reported.
struct ReplayBenchmark {
    let path: String
    let runs: Int

    struct Run {
        var seconds: Double
        var events: Int
        var outputBytes: Int
    }

    /// Encodes like `tactile replay`'s output and writes to /dev/null.
    private struct Sink: ReplaySink {
        static let writeSize = 1 << 16
        let encoders: [JSONLinesEncoder]
        let sink: FileDescriptor
        var bytes: [UInt8] = []
        var written = 0

        mutating func frame(_ frame: borrowing TouchFrame, device: Int) {}

        mutating func gesture(_ event: GestureEvent, device: Int) {
            encoders[device].encode(event, into: &bytes)
        }

        mutating func write() {
            try? sink.writeAll(bytes[...])
            written += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }
    }

    func measure() throws(RecordingError) -> [Run] {
        guard let devNull = try? FileDescriptor.open("/dev/null", [.writeOnly, .closeOnExec]) else {
            fail("cannot open /dev/null")
        }
        defer { try? devNull.close() }
        var results: [Run] = []
        for _ in 0..<runs {
            let start = monotonicNow()
            var replayer = try Replayer(stream: RecordingStream(path: path))
            var sink = Sink(encoders: replayer.devices.map { JSONLinesEncoder(deviceName: $0.description.name, surface: SurfaceKind(direct: $0.description.isDirect)) },
                            sink: devNull)
            sink.bytes.reserveCapacity(Sink.writeSize + 4096)
            var events = 0
            while try replayer.step(into: &sink) {
                events += 1
                if sink.bytes.count >= Sink.writeSize { sink.write() }
            }
            replayer.finish(into: &sink)
            sink.write()
            results.append(Run(seconds: secondsElapsed(since: start),
                               events: events, outputBytes: sink.written))
        }
        return results
    }

    /// Runs and prints the median run: events/s, input bytes/s, and the spread.
    func report(json: Bool) {
        let runs: [Run]
        do {
            runs = try measure()
        } catch {
            fail("\(error)")
        }
        let sorted = runs.sorted { $0.seconds < $1.seconds }
        let median = sorted[sorted.count / 2]
        var status = stat()
        let inputBytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
        let eventsPerSecond = Double(median.events) / median.seconds
        let bytesPerSecond = Double(inputBytes) / median.seconds
        print("file:                  \(path) (\(inputBytes) bytes)")
        print("events:                \(median.events)")
        print("output:                \(median.outputBytes) bytes")
        print("runs:                  \(runs.count), \(Decimal.string(sorted[0].seconds, digits: 3))–"
            + "\(Decimal.string(sorted[sorted.count - 1].seconds, digits: 3)) s")
        print("median time:           \(Decimal.string(median.seconds, digits: 3)) s")
        print("events per second:     \(Decimal.string(eventsPerSecond, digits: 0))")
        print("input bytes per second: \(Decimal.string(bytesPerSecond, digits: 0))")
        if json {
            print("{\"events\":\(median.events),\"seconds\":\(Decimal.string(median.seconds, digits: 4)),"
                + "\"events_per_second\":\(Decimal.string(eventsPerSecond, digits: 0)),"
                + "\"bytes_per_second\":\(Decimal.string(bytesPerSecond, digits: 0))}")
        }
    }
}
