import Testing
import TactileCore

/// What a SwiftUI developer types first, as SwiftUI's gesture documentation writes it: each
/// compiles against `import TactileCore` and does what SwiftUI would.
@Suite("SwiftUI habits, from the public API")
struct SwiftUIHabitTests {
    /// One finger from (10, 10) to (40, 50) in ten frames of (3, 4) mm: a drag of 30 by 40 mm.
    static let drag30by40: [Moment] = (0...10).map { step in
        touch(Double(step) * 10, (10 + 3 * Double(step), 10 + 4 * Double(step)))
    }

    @Test("value.translation.width and .height, value.velocity.width: a drag's sizes, in millimetres")
    func translationAndVelocityAreSizes() {
        @GestureState var offset = Size.zero
        let ended = Callbacks<DragGesture.Value>()
        var engine = Engine(DragGesture()
            .updating($offset) { value, state in state = value.translation }
            .onEnded { value in ended.record(value) })
        for moment in Self.drag30by40 { _ = engine.play(moment) }
        #expect(offset == Size(width: 30, height: 40))
        // 300 and 400 mm/s, smoothed over 30 ms: nearly there after ten frames.
        let velocity = engine.root.value?.velocity ?? .zero
        #expect(velocity.width > 250 && velocity.width < 300 && velocity.height > 350 && velocity.height < 400)
        _ = engine.play(lift(110))
        #expect(ended.entries.map(\.translation) == [Size(width: 30, height: 40)])
        #expect(offset == .zero)
    }
}
