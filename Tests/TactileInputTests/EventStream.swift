import Glibc
import TactileCore
import TactileEvdev
import TactileSystem

/// Writes a recording's events to an emulated node the way the device would: each frame (the
/// events up to its SYN_REPORT) in one write, at its own time on CLOCK_MONOTONIC shifted so
/// the recording starts just after now.
enum EventStream {
    /// Returns the shift, in µs, from the recording's clock to the live one.
    @discardableResult
    static func play(_ events: [InputEvent], to node: FileDescriptorHandle, startingIn lead: Int64 = 100_000) -> Int64 {
        guard let first = events.first else { return 0 }
        let shift = monotonicNow().microseconds + lead - first.time.microseconds
        var timeline = Timeline()
        timeline.add(events[...], to: node, shiftedBy: shift)
        timeline.run()
        return shift
    }

    /// The events split into frames, each ending with its SYN_REPORT (a trailing partial frame
    /// is kept as it is).
    static func frames(_ events: ArraySlice<InputEvent>) -> [ArraySlice<InputEvent>] {
        var frames: [ArraySlice<InputEvent>] = []
        var start = events.startIndex
        for index in events.indices where events[index].type == EventType.syn && events[index].code == SynCode.report {
            frames.append(events[start...index])
            start = index + 1
        }
        if start < events.endIndex { frames.append(events[start...]) }
        return frames
    }
}

/// Frames for several emulated devices, and testbed actions such as unplugging, each due at
/// its own CLOCK_MONOTONIC time; `run` performs them in time order, sleeping in between.
///
/// Frames are written `frameLead` before their timestamp: a writer that wakes a few ms late on a
/// loaded machine would otherwise let the daemon's timer fire an engine deadline (a landing
/// settling) before a frame stamped earlier arrived, an order no real device produces (the
/// kernel stamps an event when it happens). Early, every frame is read before its time comes.
struct Timeline {
    static let frameLead: Int64 = 20_000

    private var entries: [(due: Int64, order: Int, perform: () -> Void)] = []

    /// Each frame of `events` is written in one write at its time plus `shift` (µs).
    mutating func add(_ events: ArraySlice<InputEvent>, to node: FileDescriptorHandle, shiftedBy shift: Int64) {
        for frame in EventStream.frames(events) {
            let due = frame.last!.time.microseconds + shift - Timeline.frameLead
            add(at: due) { node.write(frame) { $0.time.microseconds + shift } }
        }
    }

    /// Entries due at the same time run in the order they were added.
    mutating func add(at due: Int64, _ perform: @escaping () -> Void) {
        entries.append((due, entries.count, perform))
    }

    func run() {
        for entry in entries.sorted(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            let wait = entry.due - monotonicNow().microseconds
            if wait > 0 { usleep(UInt32(wait)) }
            entry.perform()
        }
    }
}
