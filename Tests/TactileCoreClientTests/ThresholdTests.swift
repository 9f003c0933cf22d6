import Testing
import TactileCore

/// What the documentation says about when drags, magnifications and rotations begin, and what
/// they report then, where SwiftUI's differ.
@Suite("Thresholds and the settle wait, from the public API")
struct ThresholdTests {
    @Test("a drag past its 5 mm at 20 ms has won, but publishes began only 100 ms after the finger landed")
    func settleWait() {
        var engine = Engine(DragGesture())
        #expect(engine.play(touch(0, (10, 10))).isEmpty)
        #expect(engine.play(touch(20, (10, 16))).isEmpty)
        #expect(engine.root.value?.translation == Size(width: 0, height: 6))
        #expect(engine.nextDeadline == instant(100))
        #expect(engine.play(wait(100)) == ["drag.began"])
    }

    @Test("magnify is measured from touch-down: its first value is already past its 15 % threshold")
    func magnifyFromTouchDown() {
        let changes = Callbacks<Double>()
        var engine = Engine(MagnifyGesture().onChanged { changes.record($0.magnification) })
        // The span grows 2 % a frame, from 10 mm a side, for 200 ms.
        for step in 0...20 {
            let halfSpan = 10 * (1 + 0.02 * Double(step))
            _ = engine.play(touch(Double(step) * 10, (50 - halfSpan, 50), (50 + halfSpan, 50)))
        }
        let first = changes.entries.first ?? 0
        #expect(first >= 1.15 && first < 1.2)
    }

    @Test("rotate is measured from touch-down: its first value is already past its 15° threshold")
    func rotateFromTouchDown() {
        let changes = Callbacks<Double>()
        var engine = Engine(RotateGesture().onChanged { changes.record($0.rotation.degrees) })
        // Two fingers 20 mm apart turn 2° a frame around their centre for 200 ms.
        for step in 0...20 {
            let radians = Double(step) * 2 * .pi / 180
            let dx = 10 * cosine(radians), dy = 10 * sine(radians)
            _ = engine.play(touch(Double(step) * 10, (50 - dx, 50 - dy), (50 + dx, 50 + dy)))
        }
        let first = changes.entries.first ?? 0
        #expect(first >= 15 && first < 18)
    }
}
