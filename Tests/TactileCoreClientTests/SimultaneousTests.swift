import Testing
import TactileCore

/// Magnify with rotate, as SwiftUI's `SimultaneousGesture`: both values while the fingers spread
/// and turn, one `onEnded` when they lift, the state reset then.
@Suite("Simultaneous, from the public API")
struct SimultaneousTests {
    /// Two fingers around (50, 50), `radius` mm from it, turned `degrees` clockwise.
    static func fingers(at milliseconds: Double, radius: Double, degrees: Double) -> Moment {
        let radians = Angle.degrees(degrees).radians
        let (dx, dy) = (radius * cosine(radians), radius * sine(radians))
        return touch(milliseconds, (50 + dx, 50 + dy), (50 - dx, 50 - dy))
    }

    @Test("spread and turn: magnification and rotation together, one onEnded, state reset at the lift")
    func magnifyWithRotate() {
        @GestureState var zoom = 1.0
        let ended = Callbacks<String>()
        let gesture = MagnifyGesture().simultaneously(with: RotateGesture())
            .updating($zoom) { value, state in state = value.first?.magnification ?? state }
            .onEnded { value in
                let magnification = ((value.first?.magnification ?? 0) * 100).rounded() / 100
                let degrees = (value.second?.rotation.degrees ?? 0).rounded()
                ended.record("×\(magnification) \(degrees)°")
            }
        var engine = Engine(gesture)
        var published: [String] = []
        for step in 0...10 {
            published += engine.play(Self.fingers(at: Double(step) * 20, radius: 10 + Double(step), degrees: 9 * Double(step)))
        }
        #expect(published.contains("magnify.began") && published.contains("rotate.began"))
        #expect(abs(zoom - 2.0) < 1e-9)
        #expect(ended.entries.isEmpty)
        #expect(engine.play(lift(220)) == ["magnify.ended", "rotate.ended"])
        #expect(ended.entries == ["×2.0 90.0°"])
        #expect(zoom == 1.0)
    }

    @Test("a pinch that never turns: only the magnification, still one onEnded")
    func magnifyAlone() {
        let ended = Callbacks<Bool>()
        var engine = Engine(MagnifyGesture().simultaneously(with: RotateGesture()).onEnded { value in
            ended.record(value.first != nil && value.second == nil)
        })
        for step in 0...10 { _ = engine.play(Self.fingers(at: Double(step) * 20, radius: 10 + Double(step), degrees: 0)) }
        #expect(engine.play(lift(220)) == ["magnify.ended"])
        #expect(ended.entries == [true])
    }
}

/// The sine and cosine the tests place fingers with (no Foundation in a client of the core).
func sine(_ x: Double) -> Double { cosine(x - .pi / 2) }

func cosine(_ x: Double) -> Double {
    // Taylor series after reducing to [-π, π]: ample for placing fingers.
    var x = x.truncatingRemainder(dividingBy: 2 * .pi)
    if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
    var term = 1.0, sum = 1.0
    for n in stride(from: 2, through: 30, by: 2) {
        term *= -x * x / Double((n - 1) * n)
        sum += term
    }
    return sum
}
