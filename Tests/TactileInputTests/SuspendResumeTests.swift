import Foundation
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileSystem
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// What suspend and resume do to a touch device (issue 42): it goes away under a finger and
    /// comes back under the same node, and the kernel drops events over and over while the
    /// system wakes. The gesture in flight is cancelled, the device is read again as in replay,
    /// and nothing of the old one is kept open.
    @Suite(.serialized)
    struct SuspendResumeTests {
        static func drag() throws -> RecordedDevice {
            try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu")).devices[0]
        }

        @Test("a device that goes mid-drag and comes back under the same node: cancelled, closed, then read as in replay")
        func removedAndAddedAgain() throws {
            let recorded = try Self.drag()
            // On the seat, so the device is found again when it comes back.
            let device = try RunningDevice(recorded) { _ in ["run", "--verbose"] }
            let (files, testbed, node, tactile) = (device.files, device.testbed, device.node, device.tactile)
            defer { tactile.terminate() }

            // Suspended with the finger down, 40 frames into the drag.
            let frames = EventStream.frames(recorded.events[...])
            let start = monotonicNow().microseconds + 100_000
            let shift = start - recorded.events[0].time.microseconds
            var timeline = Timeline()
            timeline.add(recorded.events[..<frames[39].endIndex], to: node, shiftedBy: shift)
            timeline.add(at: frames[39].last!.time.microseconds + shift + 100_000) { testbed.announce("remove", files) }
            timeline.run()
            #expect(tactile.waitFor { $0.output.contains(#""phase":"cancelled""#) }, "\(tactile.output)")
            #expect(tactile.waitFor { $0.descriptorsOpen(on: files) == 0 }, "the node stayed open: \(tactile.errors)")

            // Resumed: the same device under the same node, and the whole drag on it.
            #expect(testbed.announce("add", files) > 0)
            #expect(tactile.waitFor { $0.descriptorsOpen(on: files) == 1 }, "\(tactile.errors)")
            let secondShift = EventStream.play(recorded.events, to: node)
            let second = replayedLines(recorded, shiftedBy: secondShift)
            #expect(tactile.waitFor { Array($0.lines(of: recorded.description.name).suffix(second.count)) == second },
                    "\(tactile.errors)")
            #expect(tactile.descriptorsOpen(on: files) == 1, "the node is open more than once")
            #expect(tactile.terminate() == 0, "\(tactile.errors)")

            let phases = tactile.gestures.map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
            #expect(phases.filter { $0 == "drag cancelled" }.count == 1, "\(phases)")
            #expect(phases.first == "drag began" && phases.last == "drag ended", "\(phases)")
        }

        @Test("a storm of 200 SYN_DROPPED mid-drag cancels it once; the next drag is read as in replay")
        func droppedEventStorm() throws {
            let recorded = try Self.drag()
            let device = try RunningDevice(recorded)
            let (files, node, tactile) = (device.files, device.node, device.tactile)
            defer { tactile.terminate() }

            // 40 frames of the drag; then 200 drops 1 ms apart, each with the rest of a frame the
            // kernel left incomplete; then the whole drag again.
            let frames = EventStream.frames(recorded.events[...])
            var events = Array(frames[0...39].joined())
            var time = frames[39].last!.time
            for drop in 0..<200 {
                time += Interval(microseconds: 1_000)
                events += [InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0),
                           InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(drop)),
                           InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)]
            }
            let again = time.microseconds + 300_000 - recorded.events[0].time.microseconds
            events += recorded.events.map { $0.shifted(by: again) }
            let shift = EventStream.play(events, to: node)

            let expected = replayedLines(RecordedDevice(description: recorded.description, events: events), shiftedBy: shift)
            #expect(tactile.waitFor { $0.lines(of: recorded.description.name) == expected }, "\(tactile.errors)")
            #expect(tactile.descriptorsOpen(on: files) == 1)
            #expect(tactile.terminate() == 0, "\(tactile.errors)")
            let phases = tactile.gestures.map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
            #expect(phases.filter { $0 == "drag cancelled" }.count == 1, "\(phases)")
            #expect(phases.last == "drag ended", "\(phases)")
        }
    }
}
