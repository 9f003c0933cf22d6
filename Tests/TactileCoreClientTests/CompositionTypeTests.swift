import Testing
import TactileCore

/// An app's own value, mapped from a composed gesture.
struct Pan: Equatable, Sendable {
    var pressedTicks: Int
    var offset: Size
}

/// A gesture type built from others, as SwiftUI's `Gesture.body`.
struct PressThenPan: ComposedGesture {
    var body: some Gesture<Pan?> = LongPressGesture().sequenced(before: DragGesture()).map { value -> Pan? in
        guard case .second(let press, let drag?) = value else { return nil }
        return Pan(pressedTicks: press.tick, offset: drag.translation)
    }
}

/// `some Gesture<Value>`, `map`, `AnyGesture<Value>` and `ComposedGesture`: values survive
/// composition and erasure.
@Suite("Composition types, from the public API")
struct CompositionTypeTests {
    /// Press, hold 700 ms (two ticks), then drag 10 mm right and lift.
    static let pressThenPan: [Moment] = [
        touch(0, (50, 50)), wait(700), touch(705, (50, 50)), touch(710, (60, 50)), lift(720),
    ]

    /// A function returning an opaque gesture with a value of the app's type.
    static func zoom() -> some Gesture<Double> {
        MagnifyGesture().map { $0.magnification * 100 }
    }

    @Test("a composed gesture mapped to an own type reports it at the end")
    func mappedComposite() {
        let ended = Callbacks<Pan?>()
        var engine = Engine(PressThenPan().onEnded { ended.record($0) })
        for moment in Self.pressThenPan { _ = engine.play(moment) }
        #expect(ended.entries == [Pan(pressedTicks: 2, offset: Size(width: 10, height: 0))])
    }

    @Test("AnyGesture keeps the value of the gesture it erases")
    func erasedKeepsValue() {
        let ended = Callbacks<Pan?>()
        let erased: AnyGesture<Pan?> = AnyGesture(PressThenPan())
        var engine = Engine(erased.onEnded { ended.record($0) })
        for moment in Self.pressThenPan.dropLast() { _ = engine.play(moment) }
        #expect(engine.root.value == .some(Pan(pressedTicks: 2, offset: Size(width: 10, height: 0))))
        _ = engine.play(Self.pressThenPan.last!)
        #expect(ended.entries == [Pan(pressedTicks: 2, offset: Size(width: 10, height: 0))])
    }

    @Test("an opaque some Gesture<Double> composes like any other")
    func opaqueGesture() {
        let changes = Callbacks<Double>()
        var engine = Engine(AnyGesture(Self.zoom()).onChanged { changes.record(($0).rounded()) })
        for step in 0...10 {
            let spread = 10 + Double(step)
            _ = engine.play(touch(Double(step) * 20, (50 - spread, 50), (50 + spread, 50)))
        }
        #expect(changes.entries.last == 200)
    }
}
