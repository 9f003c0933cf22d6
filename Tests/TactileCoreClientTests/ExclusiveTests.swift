import Testing
import TactileCore

/// Double tap, else single tap, with a callback on each (SwiftUI's `ExclusiveGesture`): the single
/// tap's callback never runs when the double tap wins, and runs once, when the double tap's window
/// has closed, when it does not.
@Suite("Exclusive, from the public API")
struct ExclusiveTests {
    /// One row: a moment, what it publishes, and every callback that has run by then.
    struct Row: Sendable {
        var moment: Moment
        var published: [String]
        var callbacks: [String]
    }

    static let scripts: [(name: String, rows: [Row])] = [
        ("a double tap: only the double's callback, once", [
            Row(moment: touch(0, (30, 30)), published: [], callbacks: []),
            Row(moment: lift(60), published: [], callbacks: []),  // the single tap is recognized, and held
            Row(moment: touch(200, (31, 30)), published: [], callbacks: []),
            Row(moment: lift(260), published: ["tap.ended"], callbacks: ["double"]),
            Row(moment: wait(1000), published: [], callbacks: ["double"]),
        ]),
        ("a single tap: its callback once, when the double tap's window closes (300 ms after the lift)", [
            Row(moment: touch(0, (30, 30)), published: [], callbacks: []),
            Row(moment: lift(60), published: [], callbacks: []),
            Row(moment: wait(359), published: [], callbacks: []),
            Row(moment: wait(360), published: ["tap.ended"], callbacks: ["single"]),
            Row(moment: wait(2000), published: [], callbacks: ["single"]),
        ]),
        ("a second tap too far away: the first is a single tap, and so is the second", [
            Row(moment: touch(0, (30, 30)), published: [], callbacks: []),
            Row(moment: lift(60), published: [], callbacks: []),
            Row(moment: touch(200, (80, 30)), published: ["tap.ended"], callbacks: ["single"]),
            Row(moment: lift(260), published: [], callbacks: ["single"]),
            Row(moment: wait(560), published: ["tap.ended"], callbacks: ["single", "single"]),
        ]),
    ]

    @Test("double tap exclusively before single tap, onEnded on each", arguments: scripts.indices)
    func doubleElseSingle(_ index: Int) {
        let callbacks = Callbacks<String>()
        let gesture = TapGesture(count: 2).onEnded { _ in callbacks.record("double") }
            .exclusively(before: TapGesture().onEnded { _ in callbacks.record("single") })
        var engine = Engine(gesture)
        for (number, row) in Self.scripts[index].rows.enumerated() {
            let context = "\(Self.scripts[index].name), row \(number)"
            #expect(engine.play(row.moment) == row.published, "\(context)")
            #expect(callbacks.entries == row.callbacks, "\(context)")
        }
    }

    @Test("the value says which member won")
    func valueNamesTheWinner() {
        let winners = Callbacks<String>()
        var engine = Engine(TapGesture(count: 2).exclusively(before: TapGesture()).onEnded { value in
            switch value {
            case .first(let tap): winners.record("first x\(tap.count)")
            case .second(let tap): winners.record("second x\(tap.count)")
            }
        })
        for moment in [touch(0, (30, 30)), lift(60), wait(400)] { _ = engine.play(moment) }
        for moment in [touch(1000, (30, 30)), lift(1050), touch(1150, (30, 30)), lift(1200)] { _ = engine.play(moment) }
        #expect(winners.entries == ["second x1", "first x2"])
    }

    @Test("a member held back never updates its GestureState, and the state is initial once it ends")
    func heldMemberState() {
        @GestureState var offset = 0.0
        let changes = Callbacks<Double>()
        // The first needs two fingers; with one it stays undecided until the lift.
        let gesture = DragGesture(fingers: 2...2).exclusively(before: DragGesture()
            .updating($offset) { value, state in state = value.translation.height }
            .onChanged { changes.record($0.translation.height) })
        var engine = Engine(gesture)
        for step in 0...10 {
            _ = engine.play(touch(Double(step) * 10, (20, 10 + 2 * Double(step))))
            #expect(offset == 0 && changes.entries.isEmpty, "frame \(step)")
        }
        #expect(engine.play(lift(110)) == ["drag.began", "drag.changed", "drag.ended"])
        #expect(changes.entries == [20])  // once, for the published began and changed together
        #expect(offset == 0)
    }
}
