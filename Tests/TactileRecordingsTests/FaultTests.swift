import Testing
import TactileRecordings

/// Input faults a daemon meets over months of running, staged as recordings and replayed as a
/// live device would be: each must end what was in flight, keep output in order, and leave the
/// next gesture recognized.
@Suite("Faults in the event stream")
struct FaultTests {
    /// One finger drags `dy` mm down from (50, 20) in 10 ms frames from `start`, without lifting.
    private func drag(_ script: inout EvemuText, from start: Int, slot: Int = 0, frames: Int = 10) {
        script.down(start, slot: slot, 50, 20)
        script.report(start)
        for frame in 1...frames {
            script.move(start + 10 * frame, slot: slot, 50, 20 + 3 * frame)
            script.report(start + 10 * frame)
        }
    }

    @Test("SYN_DROPPED mid-drag: the drag ends cancelled, the sequence moves on, the next drag is recognized")
    func synDroppedMidGesture() throws {
        var script = EvemuText(slots: 10)
        drag(&script, from: 0)
        script.dropped(105)
        script.move(106, slot: 0, 50, 80)  // discarded up to the next SYN_REPORT
        script.report(107)
        script.up(110, slot: 0)
        script.report(110)
        drag(&script, from: 500)
        script.up(610, slot: 0)
        script.report(610)
        let (events, _, _) = try script.replay()
        #expect(events == [
            // Each drag begins once its landing settled, 100 ms after the finger landed.
            "drag.began #1 f1 @100", "drag.cancelled #1 f1 @105",
            "drag.began #2 f1 @600", "drag.ended #2 f1 @610",
        ])
    }

    @Test("11 fingers on a 10-slot device: the 11th slot is ignored with a warning, the 10-finger drag is recognized")
    func elevenFingersOnTenSlots() throws {
        var script = EvemuText(slots: 10)
        for slot in 0..<11 { script.down(0, slot: slot, 5 + 8 * slot, 20) }
        script.report(0)
        for frame in 1...10 {
            for slot in 0..<11 { script.move(10 * frame, slot: slot, 5 + 8 * slot, 20 + 3 * frame) }
            script.report(10 * frame)
        }
        for slot in 0..<11 { script.up(110, slot: slot) }
        script.report(110)
        let (events, _, warnings) = try script.replay()
        #expect(events == ["drag.began #1 f10 @20", "drag.ended #1 f10 @110"])
        #expect(warnings > 0)
    }

    @Test("time going backwards mid-drag: clamped with a warning, output stays in time order")
    func timeGoingBackwards() throws {
        var script = EvemuText(slots: 10)
        drag(&script, from: 1_000, frames: 5)
        script.move(1_020, slot: 0, 50, 45)  // 30 ms before the previous frame
        script.report(1_020)
        script.move(1_070, slot: 0, 50, 50)
        script.report(1_070)
        script.up(1_080, slot: 0)
        script.report(1_080)
        let (events, times, warnings) = try script.replay()
        // Lifted before the landing settled (at 1100): the drag begins and ends at the lift.
        #expect(events == ["drag.began #1 f1 @1080", "drag.ended #1 f1 @1080"])
        #expect(times == times.sorted())
        #expect(warnings > 0)
    }

    @Test("a recording truncated mid-frame, a drag in flight: the drag ends cancelled at the last frame")
    func truncatedMidFrame() throws {
        var script = EvemuText(slots: 10)
        drag(&script, from: 0)
        script.move(110, slot: 0, 50, 60)  // no SYN_REPORT follows
        let (events, _, _) = try script.replay()
        #expect(events == ["drag.began #1 f1 @100", "drag.cancelled #1 f1 @110"])
    }
}
