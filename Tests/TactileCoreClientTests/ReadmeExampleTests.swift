import Testing
import TactileCore

/// The README's Swift example, as written there, compiles and behaves.
@Suite("The README's example")
struct ReadmeExampleTests {
    @Test("a press then a drag through the README's gesture prints once, when the drag ends")
    func readmeExample() {
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        // From README.md, "Using the recognizer from Swift":
        let gesture = LongPressGesture()
            .sequenced(before: DragGesture())
            .onEnded { value in print("held, then dragged: \(value)") }
        var engine = Engine(gesture)
        engine.process(TouchFrame(time: .init(microseconds: 0), contacts: []))

        // A finger held for 0.6 s, then moved 30 mm to the right and lifted.
        engine.process(TouchFrame(time: instant(10), contacts: [Contact(id: 0, x: 50, y: 50)]))
        engine.advance(to: instant(600))
        for step in 1...10 {
            engine.process(TouchFrame(time: instant(600 + 10 * Double(step)),
                                      contacts: [Contact(id: 0, x: 50 + 3 * Double(step), y: 50)]))
        }
        #expect(printed.isEmpty)
        engine.process(TouchFrame(time: instant(720), contacts: []))
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("held, then dragged: ") == true)
    }
}
