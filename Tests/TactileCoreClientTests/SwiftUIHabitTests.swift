import Testing
import TactileCore

/// What a SwiftUI developer types first, as SwiftUI's gesture documentation writes it: each
/// compiles against `import TactileCore` and does what SwiftUI would.
@Suite("SwiftUI habits, from the public API")
struct SwiftUIHabitTests {
    /// One finger from (10, 10) to (40, 50) in ten frames of (3, 4) mm from `start`, 10 ms apart:
    /// a drag of 30 by 40 mm, still down.
    static func drag30by40(at start: Double) -> [Moment] {
        (0...10).map { step in touch(start + Double(step) * 10, (10 + 3 * Double(step), 10 + 4 * Double(step))) }
    }

    @Test("value.translation.width and .height, value.velocity.width: a drag's sizes, in millimetres")
    func translationAndVelocityAreSizes() {
        @GestureState var offset = Size.zero
        let ended = Callbacks<DragGesture.Value>()
        var engine = Engine(DragGesture()
            .updating($offset) { value, state in state = value.translation }
            .onEnded { value in ended.record(value) })
        for moment in Self.drag30by40(at: 0) { _ = engine.play(moment) }
        #expect(offset == Size(width: 30, height: 40))
        // 300 and 400 mm/s, smoothed over 30 ms: nearly there after ten frames.
        let velocity = engine.root.value?.velocity ?? .zero
        #expect(velocity.width > 250 && velocity.width < 300 && velocity.height > 350 && velocity.height < 400)
        _ = engine.play(lift(110))
        #expect(ended.entries.map(\.translation) == [Size(width: 30, height: 40)])
        #expect(offset == .zero)
    }

    @Test("TapGesture(count: 2).onEnded { print(\"double\") }: callbacks that take no value, for every gesture")
    func closuresWithoutValue() {
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }
        var engine = Engine(Arena(
            TapGesture(count: 2).onEnded { print("double") },
            LongPressGesture().onChanged { print("pressing") }.onEnded { print("pressed") },
            DragGesture().onChanged { print("dragging") }.onEnded { print("dragged") }))
        for moment in [touch(0, (30, 30)), lift(50), touch(150, (30, 30)), lift(200), wait(1000)] {
            _ = engine.play(moment)
        }
        #expect(printed == ["double"])
        for moment in [touch(2000, (30, 30)), wait(2600), lift(2650), wait(3000)] { _ = engine.play(moment) }
        #expect(printed == ["double", "pressing", "pressing", "pressed"])
        for moment in Self.drag30by40(at: 4000) + [lift(4110)] { _ = engine.play(moment) }
        #expect(printed.suffix(2) == ["dragging", "dragged"])
    }

    @Test("updating($state) { value, state, transaction in … }: SwiftUI's three-argument body")
    func updatingWithTransaction() {
        @GestureState var heldTicks = -1
        var engine = Engine(LongPressGesture(minimumDuration: 3)
            .updating($heldTicks) { currentState, gestureState, transaction in
                gestureState = currentState.tick
            })
        for moment in [touch(0, (30, 30)), wait(3000)] { _ = engine.play(moment) }
        #expect(heldTicks == 0)
        _ = engine.play(wait(3200))
        #expect(heldTicks == 2)
        _ = engine.play(lift(3250))
        #expect(heldTicks == -1)
    }

    @Test("DragGesture(minimumDistance: 10, coordinateSpace: .local): every space is the surface's")
    func dragInCoordinateSpace() {
        for space in [CoordinateSpace.local, .global, .named("canvas")] {
            let changes = Callbacks<DragGesture.Value>()
            var engine = Engine(DragGesture(minimumDistance: 10, coordinateSpace: space).onChanged { changes.record($0) })
            // 6 mm is short of 10: it begins at 12, in millimetres from the surface's corner.
            for moment in [touch(0, (20, 10)), touch(150, (20, 16)), touch(160, (20, 22))] { _ = engine.play(moment) }
            #expect(changes.entries.map(\.translation) == [Size(width: 0, height: 12)], "\(space)")
            #expect(changes.entries.map(\.location) == [Point(x: 20, y: 22)], "\(space)")
        }
    }

    /// What `gesture`'s `onEnded` saw through `moments`.
    static func ended<G: Gesture>(_ gesture: G, _ moments: [Moment]) -> [G.Value] {
        let ended = Callbacks<G.Value>()
        var engine = Engine(gesture.onEnded { ended.record($0) })
        for moment in moments { _ = engine.play(moment) }
        return ended.entries
    }

    @Test("SimultaneousGesture, ExclusiveGesture, SequenceGesture: SwiftUI's names, whose values compare")
    func compositionNames() {
        let taps: ExclusiveGesture<TapGesture, TapGesture> = TapGesture(count: 2).exclusively(before: TapGesture())
        let double = [touch(0, (30, 30)), lift(50), touch(150, (30, 30)), lift(200), wait(1000)]
        let doubleTapped = Self.ended(taps, double)
        #expect(doubleTapped.count == 1 && doubleTapped == Self.ended(taps, double))
        #expect(doubleTapped != Self.ended(taps, [touch(0, (30, 30)), lift(50), wait(1000)]))

        let pressThenDrag: SequenceGesture<LongPressGesture, DragGesture> =
            LongPressGesture().sequenced(before: DragGesture())
        func pressThenDragging(by millimetres: Double) -> [Moment] {
            [touch(0, (50, 50)), wait(500), touch(510, (50, 50)), touch(520, (50, 50 + millimetres)), lift(530)]
        }
        let dragged20 = Self.ended(pressThenDrag, pressThenDragging(by: 20))
        #expect(dragged20.count == 1 && dragged20 == Self.ended(pressThenDrag, pressThenDragging(by: 20)))
        #expect(dragged20 != Self.ended(pressThenDrag, pressThenDragging(by: 30)))

        let pinch: SimultaneousGesture<MagnifyGesture, RotateGesture> = MagnifyGesture().simultaneously(with: RotateGesture())
        func spread(to halfSpan: Double) -> [Moment] {
            [touch(0, (40, 50), (60, 50)), touch(150, (50 - halfSpan, 50), (50 + halfSpan, 50)), lift(160)]
        }
        let spread20 = Self.ended(pinch, spread(to: 20))
        #expect(spread20.count == 1 && spread20 == Self.ended(pinch, spread(to: 20)))
        #expect(spread20 != Self.ended(pinch, spread(to: 15)))
    }

    @Test("engine.process(frame) and engine.advance(to:) with no closure: the gestures' callbacks do the work")
    func engineWithoutClosures() {
        var ticks: [Int] = []
        var engine = Engine(LongPressGesture().onChanged { value in ticks.append(value.tick) })
        engine.process(TouchFrame(time: instant(0), contacts: [Contact(id: 0, x: 30, y: 30)]))
        #expect(ticks.isEmpty && engine.nextDeadline == instant(500))
        engine.advance(to: instant(650))
        #expect(ticks == [0, 1])
        engine.process(TouchFrame(time: instant(720), contacts: [Contact(id: 0, x: 30, y: 30)]))
        #expect(ticks == [0, 1, 2])
        engine.reset(at: instant(730))
        engine.advance(to: instant(2000))
        #expect(ticks == [0, 1, 2] && engine.nextDeadline == nil)
    }

    @Test("GestureState(wrappedValue:) and GestureState(initialValue:), as SwiftUI spells them")
    func gestureStateInitializers() {
        @GestureState(initialValue: 1.0) var zoom: Double
        var pinch = Engine(MagnifyGesture().updating($zoom) { value, state, _ in state = value.magnification })
        for moment in [touch(0, (40, 50), (60, 50)), touch(150, (30, 50), (70, 50))] { _ = pinch.play(moment) }
        #expect(zoom == 2)
        _ = pinch.play(lift(160))
        #expect(zoom == 1)

        let isDetectingLongPress = GestureState(wrappedValue: false)
        var press = Engine(LongPressGesture().updating(isDetectingLongPress) { _, state, _ in state = true })
        for moment in [touch(0, (30, 30)), wait(500)] { _ = press.play(moment) }
        #expect(isDetectingLongPress.wrappedValue)
        _ = press.play(lift(550))
        #expect(!isDetectingLongPress.wrappedValue && isDetectingLongPress.initialValue == false)
    }
}
