import TactileConfiguration
import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// `direction=` as the dispatcher judges it: on `ended` how the gesture ended, on its other
/// phases how it began.
@Suite("Binding directions")
struct BindingDirectionTests {
    /// The names of the bindings (their commands) each event fires, one gesture after another.
    static func fired(_ bindings: String, _ events: [GestureRecord]) throws -> [[String]] {
        var dispatcher = BindingDispatcher(bindings: try Configuration.parse("[bindings]\n" + bindings, file: "c").bindings)
        return events.map { record in
            dispatcher.bindingsTriggered(by: record).map { binding in
                guard case .command(let arguments) = binding.action else { return "?" }
                return arguments[0]
            }
        }
    }

    static func event(_ gesture: GestureName, _ phase: GesturePhase, sequence: UInt64 = 1, fingers: Int = 2, dx: Double = 0,
                      dy: Double = 0, scale: Double = 1, angle: Double = 0, direction: SwipeDirection? = nil) -> GestureRecord {
        var record = GestureRecord(gesture: gesture, phase: phase)
        (record.sequence, record.fingers, record.dx, record.dy) = (sequence, fingers, dx, dy)
        (record.scale, record.angle, record.direction) = (scale, angle, direction)
        return record
    }

    @Test("a magnify that ends closed is in, spread out; a rotate's angle is clockwise above 0")
    func ended() throws {
        let bindings = """
            magnify direction=in => closed
            magnify direction=out => spread
            rotate direction=clockwise => clockwise
            rotate direction=counterclockwise => counterclockwise
            """
        #expect(try Self.fired(bindings, [Self.event(.recognized(.magnify), .ended, scale: 0.7), Self.event(.recognized(.magnify), .ended, scale: 1.4),
                                          Self.event(.recognized(.magnify), .ended, scale: 1), Self.event(.recognized(.rotate), .ended, angle: 30),
                                          Self.event(.recognized(.rotate), .ended, angle: -18)])
            == [["closed"], ["spread"], [], ["clockwise"], ["counterclockwise"]])
    }

    @Test("libinput's pinch carries both: its scale for in and out, its angle for the turn")
    func pinch() throws {
        let bindings = "pinch direction=out => spread\npinch direction=counterclockwise => turned\n"
        #expect(try Self.fired(bindings, [Self.event(.passedThrough(.pinch), .ended, scale: 1.3, angle: -25)]) == [["spread", "turned"]])
    }

    @Test("on began and changed a drag's direction is where it was heading as it began; every= repeats only within it")
    func began() throws {
        let bindings = """
            drag direction=left phase=began => left-began
            drag direction=left phase=changed every=10mm => left-step
            drag direction=up phase=changed every=10mm => up-step
            drag direction=left => left-ended
            """
        let leftward = [Self.event(.recognized(.drag), .began, dx: -6, dy: 1), Self.event(.recognized(.drag), .changed, dx: -17, dy: 2),
                        Self.event(.recognized(.drag), .changed, dx: -16, dy: -30), Self.event(.recognized(.drag), .ended, dx: -16, dy: -30)]
        #expect(try Self.fired(bindings, leftward) == [["left-began"], ["left-step"], ["left-step"], []])
        let upward = [Self.event(.recognized(.drag), .began, sequence: 2, dx: 1, dy: -6), Self.event(.recognized(.drag), .changed, sequence: 2, dx: -20, dy: -8),
                      Self.event(.recognized(.drag), .ended, sequence: 2, dx: -40, dy: -8, direction: .left)]
        #expect(try Self.fired(bindings, upward) == [[], ["up-step"], ["left-ended"]])
    }

    @Test("four-way bindings keep their 35° either side of an axis; a diagonal between them fires none of them")
    func fourWay() throws {
        let bindings = "drag direction=right => right\ndrag direction=up => up\n"
        #expect(try Self.fired(bindings, [Self.event(.recognized(.drag), .ended, dx: 30, dy: -15, direction: .right),
                                          Self.event(.recognized(.drag), .ended, dx: 30, dy: -30, direction: .upRight)]) == [["right"], []])
    }

    @Test("a binding that names a diagonal splits that gesture's compass in eight, 22.5° either side, as libinput-gestures does")
    func eightWay() throws {
        let bindings = "drag direction=right => right\ndrag direction=up-right => up-right\nswipe direction=right => swipe-right\n"
        // 26.6° above the x axis: right in four ways, up-right in eight; a swipe, with no diagonal bound, stays four-way.
        #expect(try Self.fired(bindings, [Self.event(.recognized(.drag), .ended, dx: 30, dy: -15, direction: .right),
                                          Self.event(.recognized(.drag), .ended, dx: 30, dy: -10, direction: .right),
                                          Self.event(.passedThrough(.swipe), .ended, dx: 30, dy: -15, direction: .right),
                                          Self.event(.recognized(.drag), .ended, dx: 30, dy: -15, direction: nil)])
            == [["up-right"], ["right"], ["swipe-right"], []])
        let began = "drag direction=down-left phase=began => down-left\n"
        #expect(try Self.fired(began, [Self.event(.recognized(.drag), .began, dx: -4, dy: 4)]) == [["down-left"]])
    }

    @Test("a gesture whose began was not seen (a client that joined late) has no direction before it ends")
    func unseenBeginning() throws {
        #expect(try Self.fired("magnify direction=in phase=changed => closing\n",
                               [Self.event(.recognized(.magnify), .changed, scale: 0.5), Self.event(.recognized(.magnify), .ended, scale: 0.4)]) == [[], []])
    }
}
