import Testing
import TactileCore

/// The README's Swift example, as written there, compiles and behaves.
@Suite("The README's example")
struct ReadmeExampleTests {
    @Test("press, drag and pinch through the README's gesture")
    func readmeExample() {
        let frame = TouchFrame(time: instant(0), contacts: [Contact(id: 0, x: 50, y: 50)])
        let now = instant(600)
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        // From README.md, "Using the core from Swift":
        @GestureState var zoom = 1.0
        let gesture = LongPressGesture()
            .sequenced(before: DragGesture())
            .onEnded { value in
                guard case .second(let press, let drag?) = value else { return }
                print("held \(press.tick) ticks, then moved \(drag.translation) mm")
            }
            .simultaneously(with: MagnifyGesture().updating($zoom) { value, state in state = value.magnification })
        var engine = Engine(gesture)
        engine.process(frame) { event in print(event) }       // a TouchFrame: contacts in mm + time
        if let deadline = engine.nextDeadline { /* arm a timer */ _ = deadline }
        engine.advance(to: now) { event in print(event) }     // when it fires
        engine.reset(at: now) { event in print(event) }       // device removed: in-flight gestures → cancelled

        #expect(printed.count == 3)  // the long-press's began and tick, then its cancel
        #expect(zoom == 1.0)
    }
}
