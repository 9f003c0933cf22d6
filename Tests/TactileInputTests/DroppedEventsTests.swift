import Foundation
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// The kernel dropped events (the reader's buffer overflowed: SYN_DROPPED) while a finger
    /// moved. Tactile reads the node itself, so it must follow the kernel's protocol: leave out
    /// what follows up to the next SYN_REPORT, ask the device for its state, go on from there.
    @Suite(.serialized)
    struct DroppedEventsTests {
        @Test func eventsDroppedMidDragCancelItAndTheNextDragIsReadAsInReplay() throws {
            let recorded = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu"))
                .devices[0]
            let files = EmulatedDeviceFiles(number: 9, description: recorded.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            let tactile = try TactileProcess(["run", "--verbose"], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) }, "\(tactile.errors)")

            // 40 frames of the drag; then the drop: SYN_DROPPED, the rest of a frame the kernel
            // left incomplete, its SYN_REPORT. The emulated device's state has no finger down
            // (its ioctl answers). Then the whole drag again, from its first frame.
            let frames = EventStream.frames(recorded.events[...])
            let cut = frames[39].last!.time
            let dropAt = cut + Interval(microseconds: 12_000)
            var events = Array(frames[0...39].joined())
            events += [InputEvent(time: dropAt, type: EventType.syn, code: SynCode.dropped, value: 0),
                       InputEvent(time: dropAt, type: EventType.abs, code: AbsCode.mtPositionX, value: 1),
                       InputEvent(time: dropAt, type: EventType.syn, code: SynCode.report, value: 0)]
            let again = dropAt.microseconds + 300_000 - recorded.events[0].time.microseconds
            events += recorded.events.map { $0.shifted(by: again) }
            let shift = EventStream.play(events, to: node)

            let stream = RecordedDevice(description: recorded.description, events: events)
            let expected = replayedLines(stream, shiftedBy: shift)
            #expect(tactile.waitFor { $0.lines(of: recorded.description.name) == expected }, "\(tactile.errors)")
            #expect(tactile.terminate() == 0)

            let phases = tactile.gestures.map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
            let cancelled = try #require(phases.firstIndex(of: "drag cancelled"), "\(phases)")
            #expect(phases[..<cancelled].first == "drag began", "\(phases)")
            #expect(phases[(cancelled + 1)...].first == "drag began", "\(phases)")
            #expect(phases.last == "drag ended", "\(phases)")
            #expect(tactile.lines(of: recorded.description.name) == expected)
        }
    }
}
