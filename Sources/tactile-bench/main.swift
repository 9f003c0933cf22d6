import CAllocationCounter
import Glibc
import TactileCore
import TactileEvdev
import TactileProtocol
import TactileSystem

/// tactile-bench: feeds a synthetic stream through the default gesture set and prints how fast
/// the core is and how often it touches the heap. With `--pipeline` the same stream goes in as a
/// touchscreen's raw events through a `DevicePipeline` (decoder and engine), as live input and
/// replay feed it. `--replay FILE` times `tactile replay FILE` end to end instead, and `--start`
/// how long a short command takes from exec to exit.
///
///     tactile-bench [--frames N] [--pipeline] [--json]
///     tactile-bench --replay FILE [--runs N] [--json]
///     tactile-bench --start [--tactile PATH] [--runs N] [--json]

struct Options {
    var frames = 1_000_000
    var pipeline = false
    var json = false
    var replay: String?
    var start = false
    var tactile = StartupBenchmark.besideThisBenchmark
    var runs: Int?

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": json = true
            case "--pipeline": pipeline = true
            case "--start": start = true
            case "--tactile":
                guard let path = arguments.popFirst() else { fail("--tactile takes the tactile to start") }
                tactile = path
            case "--replay":
                guard let path = arguments.popFirst() else { fail("--replay takes a recording file") }
                replay = path
            case "--runs":
                guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
                    fail("--runs takes a positive whole number")
                }
                runs = value
            case "--frames":
                guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
                    fail("--frames takes a positive whole number")
                }
                frames = value
            default: fail("unknown option \(argument); usage: tactile-bench [--frames N] [--pipeline] [--json] | --replay FILE [--runs N] [--json] | --start [--tactile PATH] [--runs N] [--json]")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    print("tactile-bench: \(message)")
    exit(2)
}

/// One pass over the stream; returns how many events the engine wrote.
@inline(never)
func run(_ frames: [TouchFrame], _ engine: inout Engine<DefaultGestureSet>, _ events: inout GestureEventBuffer) -> Int {
    var total = 0
    // Read in place through a span: an array's subscript copied each 272-byte frame out first.
    let frames = frames.span
    for index in frames.indices {
        if !events.isEmpty { events.removeAll() }
        engine.process(frames[index], into: &events)
        total &+= events.count
    }
    return total
}

/// One pass over raw events through a device's pipeline; returns how many events it wrote.
@inline(never)
func run(_ raw: [InputEvent], _ pipeline: inout DevicePipeline<DefaultGestureSet>,
         _ events: inout GestureEventBuffer) -> Int {
    var total = 0
    for index in raw.indices {
        if !events.isEmpty { events.removeAll() }
        pipeline.feed(raw[index], into: &events)
        total &+= events.count
    }
    return total
}

/// Runs `pass` once, timed, counting the heap allocations it makes.
func measure(_ pass: () -> Int) -> (events: Int, seconds: Double, allocations: UInt64) {
    let before = tactile_allocation_count()
    let start = monotonicNow()
    let events = pass()
    let seconds = secondsElapsed(since: start)
    let allocations = tactile_allocation_count() - before
    return (events, seconds, allocations)
}

/// Seconds since `start` on the daemon's own clock (`monotonicNow()`, to the microsecond).
func secondsElapsed(since start: Instant) -> Double { (monotonicNow() - start).seconds }

let options = Options(CommandLine.arguments.dropFirst())
if options.start {
    StartupBenchmark(tactile: options.tactile, runs: options.runs ?? 200).report(json: options.json)
    exit(0)
}
if let path = options.replay {
    ReplayBenchmark(path: path, runs: options.runs ?? 5).report(json: options.json)
    exit(0)
}
let frames = SyntheticStream(frameCount: options.frames).frames
let allocationsBefore: UInt64
let (eventCount, seconds, allocations): (Int, Double, UInt64)
if options.pipeline {
    var events = GestureEventBuffer(capacity: 64)
    let raw = RawEventStream(frames).events
    let device = RawEventStream.device
    var pipeline = DevicePipeline(description: device, setup: .defaultGestures(for: device))
    // Warm-up: the first pass grows every buffer to its working size.
    _ = run(Array(raw.prefix(100_000)), &pipeline, &events)
    pipeline = DevicePipeline(description: device, setup: .defaultGestures(for: device))
    allocationsBefore = tactile_allocation_count()
    (eventCount, seconds, allocations) = measure { run(raw, &pipeline, &events) }
} else {
    var events = GestureEventBuffer(capacity: 64)
    var engine = Engine(DefaultGestures.make())
    _ = run(Array(frames.prefix(20_000)), &engine, &events)
    engine = Engine(DefaultGestures.make())
    allocationsBefore = tactile_allocation_count()
    (eventCount, seconds, allocations) = measure { run(frames, &engine, &events) }
}

let nanosecondsPerFrame = seconds * 1e9 / Double(frames.count)
let framesPerSecond = Double(frames.count) / seconds
let allocationsPerFrame = Double(allocations) / Double(frames.count)

print("frames:                \(frames.count)")
print("events:                \(eventCount)")
print("time:                  \(Decimal.string(seconds, digits: 3)) s")
print("ns per frame:          \(Decimal.string(nanosecondsPerFrame, digits: 1))")
print("frames per second:     \(Decimal.string(framesPerSecond, digits: 0))")
// Set-up allocates (the stream, the buffers): a non-zero count here shows the counter is live.
print("set-up allocations:    \(allocationsBefore)")
print("heap allocations:      \(allocations) (\(Decimal.string(allocationsPerFrame, digits: 6)) per frame)")
if options.json {
    print("{\"frames\":\(frames.count),\"events\":\(eventCount),"
        + "\"ns_per_frame\":\(Decimal.string(nanosecondsPerFrame, digits: 1)),"
        + "\"frames_per_second\":\(Decimal.string(framesPerSecond, digits: 0)),\"allocations\":\(allocations),"
        + "\"allocations_per_frame\":\(Decimal.string(allocationsPerFrame, digits: 6))}")
}
