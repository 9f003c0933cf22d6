import Glibc
import TactileCore
import TactileEvdev
import TactileProtocol
import TactileRecordings
import TactileSystem

/// `--replay FILE`: `tactile replay FILE` end to end in this process, as the command does it
/// (stream the file, decode, recognize with the default gestures, encode JSON Lines, write them
/// in 64 KiB writes), to /dev/null. Timed `runs` times; the median is what is reported. Several
/// files (an evemu file and a YAML one) are timed in turn, a run of each before the next run of
/// any, so a slow stretch of the shared machine falls on all of them and their figures can be
/// compared side by side.
struct ReplayBenchmark {
    let paths: [String]
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

    /// Each file's runs, in the order of `paths`.
    func measure() throws(RecordingError) -> [[Run]] {
        guard let devNull = try? FileDescriptor.open("/dev/null", [.writeOnly, .closeOnExec]) else {
            fail("cannot open /dev/null")
        }
        defer { try? devNull.close() }
        var results = Array(repeating: [Run](), count: paths.count)
        for _ in 0..<runs {
            for (index, path) in paths.enumerated() {
                results[index].append(try run(path, into: devNull))
            }
        }
        return results
    }

    /// One run of `tactile replay FILE`.
    private func run(_ path: String, into devNull: FileDescriptor) throws(RecordingError) -> Run {
        let start = monotonicNow()
        var replayer = try Replayer(stream: RecordingStream(path: path))
        var sink = Sink(encoders: replayer.devices.map {
                            JSONLinesEncoder(deviceName: $0.description.name, surface: SurfaceKind(direct: $0.description.isDirect))
                        }, sink: devNull)
        sink.bytes.reserveCapacity(Sink.writeSize + 4096)
        var events = 0
        while try replayer.step(into: &sink) {
            events += 1
            if sink.bytes.count >= Sink.writeSize { sink.write() }
        }
        replayer.finish(into: &sink)
        sink.write()
        return Run(seconds: secondsElapsed(since: start), events: events, outputBytes: sink.written)
    }

    /// Runs and prints each file's median run, a line a file: events/s, input bytes/s, and
    /// the spread of its runs.
    func report(json: Bool) {
        let runsByFile: [[Run]]
        do {
            runsByFile = try measure()
        } catch {
            fail("\(error)")
        }
        print("runs:                  \(runs) of each file, the files in turn; the median run's figures")
        print("events/s    input bytes/s  events     median s  runs s         file")
        var objects: [String] = []
        for (path, runs) in zip(paths, runsByFile) {
            let sorted = runs.sorted { $0.seconds < $1.seconds }
            let median = sorted[sorted.count / 2]
            var status = stat()
            let inputBytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
            let eventsPerSecond = Double(median.events) / median.seconds
            let bytesPerSecond = Double(inputBytes) / median.seconds
            let spread = "\(Decimal.string(sorted[0].seconds, digits: 3))–\(Decimal.string(sorted[sorted.count - 1].seconds, digits: 3))"
            print(Self.column(Decimal.string(eventsPerSecond, digits: 0), 12)
                + Self.column(Decimal.string(bytesPerSecond, digits: 0), 15)
                + Self.column(String(median.events), 11)
                + Self.column(Decimal.string(median.seconds, digits: 3), 10)
                + Self.column(spread, 15) + path)
            objects.append("{\"file\":\"\(path)\",\"events\":\(median.events),\"output_bytes\":\(median.outputBytes),"
                + "\"seconds\":\(Decimal.string(median.seconds, digits: 4)),"
                + "\"events_per_second\":\(Decimal.string(eventsPerSecond, digits: 0)),"
                + "\"bytes_per_second\":\(Decimal.string(bytesPerSecond, digits: 0))}")
        }
        if json { print("[" + objects.joined(separator: ",") + "]") }
    }

    /// `text` left-aligned in `width` characters, and at least one space after it.
    private static func column(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 1))
    }
}
