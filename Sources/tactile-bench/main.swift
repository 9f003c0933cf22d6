import CAllocationCounter
import Glibc
import TactileCore
import TactileEvdev
import TactileProtocol
import TactileSystem

/// tactile-bench: feeds a synthetic stream through the default gesture set and prints how fast
/// the core is and how often it touches the heap. With `--pipeline` the same stream goes in as a
/// touchscreen's raw events through a `DevicePipeline` (decoder and engine), as live input and
/// replay feed it. `--replay FILE` times `tactile replay FILE` end to end instead (each of
/// several files, side by side), and `--start` how long a short command takes from exec to exit.
/// `--write-libinput-record FILE` writes a recording as `tactile record` would have (the YAML
/// replay benchmark's input).
///
///     tactile-bench [--frames N] [--runs N] [--pipeline] [--json]
///     tactile-bench --replay FILE [--replay FILE]... [--runs N] [--json]
///     tactile-bench --start [--tactile PATH] [--runs N] [--json]
///     tactile-bench --write-libinput-record FILE

struct Options {
    var frames = 1_000_000
    var pipeline = false
    var json = false
    var replay: [String] = []
    var libinputRecordSource: String?
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
                replay.append(path)
            case "--write-libinput-record":
                guard let path = arguments.popFirst() else { fail("--write-libinput-record takes a recording file") }
                libinputRecordSource = path
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
            default: fail("unknown option \(argument); usage: tactile-bench [--frames N] [--runs N] [--pipeline] [--json] | --replay FILE [--replay FILE]... [--runs N] [--json] | --start [--tactile PATH] [--runs N] [--json] | --write-libinput-record FILE")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    print("tactile-bench: \(message)")
    exit(2)
}

/// `laps` laps of the stream; returns how many events the engine wrote.
@inline(never)
func run(_ lap: inout Lap<TouchFrame>, laps: Int, _ engine: inout Engine<DefaultGestureSet>,
         _ events: inout GestureEventBuffer) -> Int {
    var total = 0
    for _ in 0..<laps {
        do {
            // Read in place through a span: an array's subscript copied each 272-byte frame out first.
            let frames = lap.elements.span
            for index in frames.indices {
                if !events.isEmpty { events.removeAll() }
                engine.process(frames[index], into: &events)
                total &+= events.count
            }
        }
        lap.moveOn()
    }
    return total
}

/// `laps` laps of raw events through a device's pipeline; returns how many events it wrote.
@inline(never)
func run(_ lap: inout Lap<InputEvent>, laps: Int, _ pipeline: inout DevicePipeline<DefaultGestureSet>,
         _ events: inout GestureEventBuffer) -> Int {
    var total = 0
    for _ in 0..<laps {
        for index in lap.elements.indices {
            if !events.isEmpty { events.removeAll() }
            pipeline.feed(lap.elements[index], into: &events)
            total &+= events.count
        }
        lap.moveOn()
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
if !options.replay.isEmpty {
    ReplayBenchmark(paths: options.replay, runs: options.runs ?? 5).report(json: options.json)
    exit(0)
}
if let path = options.libinputRecordSource {
    LibinputRecordConversion.write(path)
    exit(0)
}
/// The core's runs: how many frames each, the events each wrote, each run's seconds, the heap
/// allocations all runs made, and the allocations before them (set-up). Each run starts a fresh
/// engine (or pipeline) on the next laps of the stream.
func benchmarkCore(frames: Int, runs: Int, pipeline: Bool)
    -> (frames: Int, events: Int, seconds: [Double], allocations: UInt64, setUpAllocations: UInt64) {
    // Five rounds of the 25 gestures: 4,000 frames, 1.1 MB, about a core's L2 (2 MB on some of
    // these machines, 1 MB on others, where one round, 218 KB, ran no faster).
    // The lap is the frames' only owner: moving it on never copies it.
    var lap = SyntheticStream(rounds: 5).lap
    let laps = lap.laps(covering: frames)
    let frameCount = laps * lap.elements.count
    var events = GestureEventBuffer(capacity: 64)
    let results: (events: Int, seconds: [Double], allocations: UInt64, setUp: UInt64)
    if pipeline {
        var rawLap = Lap(RawEventStream(lap.elements).events, duration: lap.duration)
        let device = RawEventStream.device
        var pipeline = DevicePipeline(description: device, setup: .defaultGestures(for: device))
        // Warm-up: the first lap grows every buffer to its working size.
        _ = run(&rawLap, laps: 1, &pipeline, &events)
        results = timedRuns(runs) {
            pipeline = DevicePipeline(description: device, setup: .defaultGestures(for: device))
        } pass: {
            run(&rawLap, laps: laps, &pipeline, &events)
        }
    } else {
        var engine = Engine(DefaultGestures.make())
        _ = run(&lap, laps: 1, &engine, &events)
        results = timedRuns(runs) { engine = Engine(DefaultGestures.make()) } pass: { run(&lap, laps: laps, &engine, &events) }
    }
    return (frameCount, results.events, results.seconds, results.allocations, results.setUp)
}

/// `runs` timed passes, each after `fresh` has made a new engine or pipeline, untimed: the
/// events one pass wrote, each pass's seconds, the heap allocations of all passes, and the
/// allocations before the first (set-up).
func timedRuns(_ runs: Int, fresh: () -> Void, pass: () -> Int)
    -> (events: Int, seconds: [Double], allocations: UInt64, setUp: UInt64) {
    var seconds: [Double] = []
    seconds.reserveCapacity(runs)
    var events = 0
    var allocations: UInt64 = 0
    var setUp: UInt64 = 0
    for index in 0..<runs {
        fresh()
        if index == 0 { setUp = tactile_allocation_count() }
        let result = measure(pass)
        events = result.events
        allocations += result.allocations
        seconds.append(result.seconds)
    }
    return (events, seconds, allocations, setUp)
}

// 21 runs of a million frames, about 2.5 s: on these shared machines a slow stretch (185–210 ns a
// frame where most runs take 115–125) can last a second and more, and it covered most of five runs
// in one process out of three or four; it seldom covers most of 21.
let runs = options.runs ?? 21
let (frameCount, eventCount, runSeconds, allocations, allocationsBefore) =
    benchmarkCore(frames: options.frames, runs: runs, pipeline: options.pipeline)

// The machine is shared: the median run is the figure; the fastest and slowest, and the middle
// half of the runs, its spread.
let sorted = runSeconds.sorted()
/// The ns a frame of the run `fraction` of the way from the fastest (0) to the slowest (1).
func runNanosecondsPerFrame(at fraction: Double) -> Double {
    sorted[Int(Double(sorted.count - 1) * fraction + 0.5)] * 1e9 / Double(frameCount)
}
let nanosecondsPerFrame = runNanosecondsPerFrame(at: 0.5)
let fastest = runNanosecondsPerFrame(at: 0), slowest = runNanosecondsPerFrame(at: 1)
let lowerQuartile = runNanosecondsPerFrame(at: 0.25), upperQuartile = runNanosecondsPerFrame(at: 0.75)
let seconds = nanosecondsPerFrame * Double(frameCount) / 1e9
let framesPerSecond = Double(frameCount) / seconds
let allocationsPerFrame = Double(allocations) / Double(frameCount * runs)

print("frames:                \(frameCount) a run, \(runs) runs")
print("events:                \(eventCount) a run")
print("time:                  \(Decimal.string(seconds, digits: 3)) s (median run)")
print("ns per frame:          \(Decimal.string(nanosecondsPerFrame, digits: 1)) "
    + "(runs \(Decimal.string(fastest, digits: 1))–\(Decimal.string(slowest, digits: 1)), "
    + "middle half \(Decimal.string(lowerQuartile, digits: 1))–\(Decimal.string(upperQuartile, digits: 1)))")
print("frames per second:     \(Decimal.string(framesPerSecond, digits: 0))")
// Set-up allocates (the stream, the buffers): a non-zero count here shows the counter is live.
print("set-up allocations:    \(allocationsBefore)")
print("heap allocations:      \(allocations) in all runs (\(Decimal.string(allocationsPerFrame, digits: 6)) per frame)")
if options.json {
    print("{\"frames\":\(frameCount),\"events\":\(eventCount),"
        + "\"ns_per_frame\":\(Decimal.string(nanosecondsPerFrame, digits: 1)),"
        + "\"frames_per_second\":\(Decimal.string(framesPerSecond, digits: 0)),\"allocations\":\(allocations),"
        + "\"allocations_per_frame\":\(Decimal.string(allocationsPerFrame, digits: 6)),\"runs\":\(runs),"
        + "\"ns_per_frame_fastest\":\(Decimal.string(fastest, digits: 1)),"
        + "\"ns_per_frame_slowest\":\(Decimal.string(slowest, digits: 1)),"
        + "\"ns_per_frame_lower_quartile\":\(Decimal.string(lowerQuartile, digits: 1)),"
        + "\"ns_per_frame_upper_quartile\":\(Decimal.string(upperQuartile, digits: 1))}")
}
