import Testing
import TactileCore

/// `labeled(_:)`: a configuration's declared gesture is one member of an arena, and its events
/// must still say whose they are.
@Suite("Labeled gestures")
struct LabeledTests {
    /// One finger down at (50, 50) mm, moved 30 mm right over 300 ms, then lifted.
    static func swipeRight() -> [TouchFrame] {
        var frames = (0...30).map { step in
            TouchFrame(time: Instant(microseconds: Int64(step) * 10_000),
                       contacts: [Contact(id: 1, x: 50 + Double(step), y: 50)])
        }
        frames.append(TouchFrame(time: Instant(microseconds: 310_000), contacts: []))
        return frames
    }

    static func labels<G: Gesture>(of gesture: G) -> [(GestureKind, GesturePhase, UInt16)] {
        var engine = Engine(gesture)
        var seen: [(GestureKind, GesturePhase, UInt16)] = []
        for frame in swipeRight() {
            engine.process(frame) { seen.append(($0.kind, $0.phase, $0.label)) }
        }
        engine.advance(to: Instant(microseconds: 2_000_000)) { seen.append(($0.kind, $0.phase, $0.label)) }
        return seen
    }

    @Test("the winner's events carry its label, from began to ended; unlabelled events carry 0")
    func winnerCarriesItsLabel() {
        let labelled = Self.labels(of: Arena(TapGesture().labeled(1), DragGesture().labeled(2)))
        #expect(labelled.first?.0 == .drag && labelled.first?.1 == .began)
        #expect(labelled.last?.1 == .ended)
        #expect(!labelled.isEmpty && labelled.allSatisfy { $0.2 == 2 })
        #expect(Self.labels(of: DragGesture()).allSatisfy { $0.2 == 0 })
    }

    @Test("a sequence labelled as a whole labels both its members' events; the outer label wins")
    func outerLabelWins() {
        let sequence = TapGesture().labeled(7).simultaneously(with: DragGesture().labeled(8)).labeled(3)
        let labels = Self.labels(of: sequence)
        #expect(!labels.isEmpty && labels.allSatisfy { $0.2 == 3 })
    }
}
