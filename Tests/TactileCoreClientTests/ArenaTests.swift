import Testing
import TactileCore

/// Rivals in an `Arena`: only the winner's callbacks run, and a tie's loser never hears of the
/// events it wrote in the step it lost.
@Suite("Arena, from the public API")
struct ArenaTests {
    @Test("two drags tie on the same frame: the first declared wins, the other's callbacks never run")
    func tie() {
        let calls = Callbacks<String>()
        var engine = Engine(Arena(
            DragGesture().onChanged { _ in calls.record("first changed") }.onEnded { _ in calls.record("first ended") },
            DragGesture().onChanged { _ in calls.record("second changed") }.onEnded { _ in calls.record("second ended") }))
        var published: [String] = []
        for step in 0...20 { published += engine.play(touch(Double(step) * 10, (20, 10 + Double(step)))) }
        published += engine.play(lift(210))
        // Once for each began or changed published, then once at the end: all the first's.
        let changes = published.filter { $0 == "drag.began" || $0 == "drag.changed" }.count
        #expect(published.first == "drag.began" && published.last == "drag.ended" && changes > 2)
        #expect(calls.entries == Array(repeating: "first changed", count: changes) + ["first ended"])
    }
}
