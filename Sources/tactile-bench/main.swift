import CAllocationCounter
import Glibc
import TactileCore
import TactileProtocol

/// tactile-bench: feeds a synthetic stream through the default gesture set and prints how fast
/// the core is and how often it touches the heap.
///
///     tactile-bench [--frames N] [--json]

struct Options {
    var frames = 1_000_000
    var json = false

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": json = true
            case "--frames":
                guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
                    fail("--frames takes a positive whole number")
                }
                frames = value
            default: fail("unknown option \(argument); usage: tactile-bench [--frames N] [--json]")
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
    for index in frames.indices {
        if !events.isEmpty { events.removeAll() }
        engine.process(frames[index], into: &events)
        total &+= events.count
    }
    return total
}

let options = Options(CommandLine.arguments.dropFirst())
let frames = SyntheticStream(frameCount: options.frames).frames
var engine = Engine(DefaultGestures.make())
var events = GestureEventBuffer(capacity: 64)

// Warm-up: the first pass grows every buffer to its working size.
_ = run(Array(frames.prefix(20_000)), &engine, &events)
engine = Engine(DefaultGestures.make())

let allocationsBefore = tactile_allocation_count()
let clock = ContinuousClock()
let start = clock.now
let eventCount = run(frames, &engine, &events)
let elapsed = clock.now - start
let allocations = tactile_allocation_count() - allocationsBefore

let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
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
