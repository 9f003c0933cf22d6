import Testing
import TactileCore

/// Long-press, then drag, as SwiftUI's `SequenceGesture`: `.first` while the long-press runs,
/// `.second` after it, one `onEnded` when the drag ends, and a `GestureState` reset only then.
@Suite("Sequenced, from the public API")
struct SequencedTests {
    /// What the app draws: the `GestureState` of the sequence.
    enum Stage: Equatable, Sendable {
        case idle
        /// The long-press runs: its tick.
        case pressing(tick: Int)
        /// The long-press ended; the drag's vertical translation once it has one.
        case dragging(dy: Double?)
    }

    /// One row: a moment, what it publishes, the state after it, and the `onEnded` calls so far.
    struct Row: Sendable {
        var moment: Moment
        var published: [String]
        var stage: Stage
        var ended: [Stage]
    }

    static func stage(of value: Sequenced<LongPressGesture, DragGesture>.Value) -> Stage {
        switch value {
        case .first(let press): .pressing(tick: press.tick)
        case .second(_, let drag): .dragging(dy: drag.map { ($0.translation.height * 10).rounded() / 10 })
        }
    }

    static let scripts: [(name: String, rows: [Row])] = [
        ("press, then drag: the state follows, one onEnded at the lift, reset only then", [
            Row(moment: touch(0, (50, 50)), published: [], stage: .idle, ended: []),
            Row(moment: wait(500), published: ["long-press.began"], stage: .pressing(tick: 0), ended: []),
            Row(moment: wait(600), published: ["long-press.changed"], stage: .pressing(tick: 1), ended: []),
            // The drag measures from where the fingers were when the long-press was recognized.
            Row(moment: touch(650, (50, 52)), published: [], stage: .pressing(tick: 1), ended: []),
            // 8 mm along: the drag takes over; the long-press ends, the sequence goes on.
            Row(moment: touch(660, (50, 58)), published: ["drag.began", "long-press.ended"],
                stage: .dragging(dy: 8), ended: []),
            Row(moment: touch(670, (50, 72)), published: ["drag.changed"], stage: .dragging(dy: 22), ended: []),
            Row(moment: lift(680), published: ["drag.ended"], stage: .idle, ended: [.dragging(dy: 22)]),
            Row(moment: wait(2000), published: [], stage: .idle, ended: [.dragging(dy: 22)]),
        ]),
        ("a flick right after the long-press: the drag takes over on it, and the long-press ended, not cancelled", [
            Row(moment: touch(0, (50, 50)), published: [], stage: .idle, ended: []),
            Row(moment: wait(500), published: ["long-press.began"], stage: .pressing(tick: 0), ended: []),
            // 12 mm in the first frame after it, as a touchscreen reports a finger that was still:
            // all of it the drag's, measured from where the long-press was recognized.
            Row(moment: touch(510, (50, 62)), published: ["drag.began", "long-press.ended"],
                stage: .dragging(dy: 12), ended: []),
            Row(moment: touch(520, (50, 75)), published: ["drag.changed"], stage: .dragging(dy: 25), ended: []),
            Row(moment: lift(530), published: ["drag.ended"], stage: .idle, ended: [.dragging(dy: 25)]),
        ]),
        ("a long-press lifted without a drag: the sequence ends with .second(press, nil)", [
            Row(moment: touch(0, (50, 50)), published: [], stage: .idle, ended: []),
            Row(moment: wait(500), published: ["long-press.began"], stage: .pressing(tick: 0), ended: []),
            Row(moment: lift(550), published: ["long-press.ended"], stage: .idle, ended: [.dragging(dy: nil)]),
        ]),
        ("a drag whose fingers are still landing: the long-press ends when the drag wins, before it begins", [
            Row(moment: touch(0, (50, 50)), published: [], stage: .idle, ended: []),
            Row(moment: wait(500), published: ["long-press.began"], stage: .pressing(tick: 0), ended: []),
            Row(moment: touch(550, (50, 50)), published: [], stage: .pressing(tick: 0), ended: []),
            Row(moment: touch(560, (50, 50), (70, 50)), published: [], stage: .pressing(tick: 0), ended: []),
            // One finger moves 12 mm, the other stays: not moving together, so the drag has won,
            // but its began waits 100 ms after the last finger landed; its value is there already.
            Row(moment: touch(570, (50, 62), (70, 50)), published: ["long-press.ended"],
                stage: .dragging(dy: 6), ended: []),
            Row(moment: wait(660), published: ["drag.began"], stage: .dragging(dy: 6), ended: []),
            Row(moment: lift(670), published: ["drag.ended"], stage: .idle, ended: [.dragging(dy: 6)]),
        ]),
        ("moved before the long-press was recognized: nothing, no callback", [
            Row(moment: touch(0, (50, 50)), published: [], stage: .idle, ended: []),
            Row(moment: touch(100, (50, 70)), published: [], stage: .idle, ended: []),
            Row(moment: wait(600), published: [], stage: .idle, ended: []),
            Row(moment: lift(700), published: [], stage: .idle, ended: []),
        ]),
    ]

    @Test("long-press sequenced before drag, updating a @GestureState, onEnded", arguments: scripts.indices)
    func pressThenDrag(_ index: Int) {
        @GestureState var stage = Stage.idle
        let ended = Callbacks<Stage>()
        let gesture = LongPressGesture().sequenced(before: DragGesture())
            .updating($stage) { value, state in state = Self.stage(of: value) }
            .onEnded { ended.record(Self.stage(of: $0)) }
        var engine = Engine(gesture)
        for (number, row) in Self.scripts[index].rows.enumerated() {
            let context = "\(Self.scripts[index].name), row \(number)"
            #expect(engine.play(row.moment) == row.published, "\(context)")
            #expect(stage == row.stage, "\(context)")
            #expect(ended.entries == row.ended, "\(context)")
        }
    }

    @Test("on a touchscreen, a 40 mm drag after a long-press reports 40 mm: it measures from where the press was recognized")
    func dragMeasuresFromRecognition() {
        let ended = Callbacks<Double?>()
        var engine = Engine(LongPressGesture().sequenced(before: DragGesture()).onEnded { value in
            guard case .second(_, let drag?) = value else { return ended.record(nil) }
            ended.record(drag.translation.height)
        })
        // A still finger sends nothing: the first frame after the press has already moved 1 mm.
        for moment in [touch(0, (50, 50)), wait(500), touch(510, (50, 51)), touch(520, (50, 61)), touch(530, (50, 71)),
                       touch(540, (50, 81)), touch(550, (50, 90)), lift(560)] {
            _ = engine.play(moment)
        }
        #expect(ended.entries == [40])
    }

    @Test("a drag that begins beyond the long-press's distance: the press ends as the fingers move on, before the drag begins")
    func pressHandedOverBeforeDragBegins() {
        var engine = Engine(LongPressGesture().sequenced(before: DragGesture(minimumDistance: 10)))
        #expect([touch(0, (50, 50)), wait(500)].flatMap { engine.play($0) } == ["long-press.began"])
        // 9 mm: past the long-press's 8 mm, short of the drag's 10. The user moved on: a hand-over.
        #expect(engine.play(touch(510, (50, 59))) == ["long-press.ended"])
        guard case .second(_, nil)? = engine.root.value else {
            Issue.record("expected .second(press, nil), got \(String(describing: engine.root.value))")
            return
        }
        #expect(engine.play(touch(520, (50, 62))) == ["drag.began"])
        guard case .second(_, let drag?)? = engine.root.value else {
            Issue.record("expected .second(press, drag), got \(String(describing: engine.root.value))")
            return
        }
        #expect(drag.translation == Size(width: 0, height: 12))
    }

    @Test("the value is .first while the long-press runs and .second(press, drag) after")
    func values() {
        var engine = Engine(LongPressGesture().sequenced(before: DragGesture()))
        for moment in [touch(0, (50, 50)), wait(700)] { _ = engine.play(moment) }
        guard case .first(let press)? = engine.root.value else {
            Issue.record("expected .first, got \(String(describing: engine.root.value))")
            return
        }
        #expect(press.tick == 2)
        _ = engine.play(touch(705, (50, 50)))
        _ = engine.play(touch(710, (60, 50)))
        guard case .second(let final, let drag?)? = engine.root.value else {
            Issue.record("expected .second(press, drag), got \(String(describing: engine.root.value))")
            return
        }
        #expect(final.tick == 2)
        #expect(drag.translation == Size(width: 10, height: 0))
        #expect(drag.startLocation == Point(x: 50, y: 50))
        #expect(drag.location == Point(x: 60, y: 50))
        #expect(drag.time == instant(710))
        #expect(drag.predictedEndTranslation.width > drag.translation.width)
    }

    @Test("a callback on the long-press inside the sequence runs when the long-press ends, once")
    func memberCallback() {
        let pressEnded = Callbacks<Int>()
        let sequenceEnded = Callbacks<Int>()
        var engine = Engine(LongPressGesture().onEnded { pressEnded.record($0.tick) }
            .sequenced(before: DragGesture())
            .onEnded { _ in sequenceEnded.record(0) })
        for moment in [touch(0, (50, 50)), wait(500), touch(505, (50, 50)), touch(510, (50, 60))] {
            _ = engine.play(moment)
        }
        #expect(pressEnded.entries == [0] && sequenceEnded.entries.isEmpty)
        _ = engine.play(lift(520))
        #expect(pressEnded.entries == [0] && sequenceEnded.entries == [0])
    }

    @Test("in the default gesture set too, a flick right after a long-press ends it: it is not cancelled")
    func defaultSetFlick() {
        var engine = Engine(DefaultGestures.make())
        var published: [String] = []
        for moment in [touch(0, (50, 50)), wait(500), touch(510, (50, 62)), touch(520, (50, 75)), lift(530)] {
            published += engine.play(moment)
        }
        #expect(published == ["long-press.began", "drag.began", "long-press.ended", "drag.changed", "drag.ended"])
    }
}
