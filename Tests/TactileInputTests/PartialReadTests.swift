import CLibevdev
import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileSystem
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// What an emulated device under load did to the live reader (issue 42): a read that ended
    /// inside an `input_event`, whose first bytes the reader dropped, so every later event was
    /// read misaligned, and a garbage timestamp that trapped converting it.
    @Suite(.serialized)
    struct PartialReadTests {
        static let drag = "evd-atmel-maxtouch.1-finger-drag-up-down.evemu"

        @Test("frames cut inside an event, at every offset of one, give the replay's lines")
        func framesCutInsideAnEvent() throws {
            let recorded = try LiveVersusReplayTests.touchDevice(Self.drag)
            let device = try RunningDevice(recorded)
            let (node, tactile) = (device.node, device.tactile)
            defer { tactile.terminate() }

            let size = MemoryLayout<input_event>.stride
            let shift = monotonicNow().microseconds + 100_000 - recorded.events[0].time.microseconds
            var timeline = Timeline()
            for (index, frame) in EventStream.frames(recorded.events[...]).enumerated() {
                let due = frame.last!.time.microseconds + shift - Timeline.frameLead
                // Cut after 1 to size-1 bytes of an event, a different one each frame.
                let split = (index % 3) * size + 1 + index % (size - 1)
                timeline.add(at: due) { node.write(frame, splitAfter: split) { $0.time.microseconds + shift } }
            }
            timeline.run()
            let expected = replayedLines(recorded, shiftedBy: shift)
            #expect(!expected.isEmpty)
            #expect(tactile.waitFor { $0.lines(of: recorded.description.name).count >= expected.count })
            #expect(tactile.terminate() == 0, "tactile: \(tactile.errors)")
            #expect(tactile.lines(of: recorded.description.name) == expected, "stderr: \(tactile.errors)")
        }

        @Test("an event stamped beyond what an Instant holds is taken, not trapped on, and reading goes on")
        func garbageTimestamp() throws {
            let recorded = try LiveVersusReplayTests.touchDevice(Self.drag)
            let device = try RunningDevice(recorded)
            let (node, tactile) = (device.node, device.tactile)
            defer { tactile.terminate() }

            // A frame with a finger down, stamped at the largest and at the smallest seconds a timeval holds.
            for seconds in [Int.max, Int.min] {
                var events = [input_event]()
                for (type, code, value) in [(EventType.abs, AbsCode.mtSlot, Int32(0)), (EventType.abs, AbsCode.mtTrackingID, 7),
                                            (EventType.abs, AbsCode.mtPositionX, 100), (EventType.abs, AbsCode.mtPositionY, 100),
                                            (EventType.syn, SynCode.report, 0)] {
                    var event = input_event()
                    event.time.tv_sec = seconds
                    event.time.tv_usec = 999_999_999
                    (event.type, event.code, event.value) = (type, code, value)
                    events.append(event)
                }
                node.write(raw: events)
                usleep(100_000)
                #expect(kill(tactile.pid, 0) == 0, "tactile died: \(tactile.errors)")
            }
            // It still reads: the recording after the garbage gives gestures.
            EventStream.play(recorded.events, to: node)
            #expect(tactile.waitFor { !$0.lines(of: recorded.description.name).isEmpty }, "stderr: \(tactile.errors)")
            #expect(tactile.terminate() == 0, "tactile: \(tactile.errors)")
        }
    }
}
