import TactileConfiguration
import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// `every=+STEP` and `every=-STEP`: a repeat that counts one way, from where it last fired or
/// where the measure turned back.
@Suite("Signed repeats")
struct SignedRepeatTests {
    static func scale(_ phase: GesturePhase, _ scale: Double) -> GestureRecord {
        var record = GestureRecord(gesture: .recognized(.magnify), phase: phase)
        (record.sequence, record.fingers, record.scale) = (1, 2, scale)
        return record
    }

    @Test("one pinch zooms out while it closes and in while it opens again, a step each 0.1 of its scale")
    func upAndDown() throws {
        let bindings = """
            magnify phase=changed every=-0.1 => minus
            magnify phase=changed every=+0.1 => plus
            """
        let scales: [(GesturePhase, Double)] = [(.began, 0.85), (.changed, 0.74), (.changed, 0.62), (.changed, 0.55),
                                                (.changed, 0.66), (.changed, 0.60), (.changed, 0.55)]
        #expect(try BindingDirectionTests.fired(bindings, scales.map { Self.scale($0.0, $0.1) })
            == [[], ["minus"], ["minus"], [], ["plus"], [], ["minus"]])
    }

    @Test("unsigned, it counts either way, as before")
    func eitherWay() throws {
        let scales: [(GesturePhase, Double)] = [(.began, 0.85), (.changed, 0.74), (.changed, 0.86)]
        #expect(try BindingDirectionTests.fired("magnify phase=changed every=0.1 => step\n", scales.map { Self.scale($0.0, $0.1) })
            == [[], ["step"], ["step"]])
    }

    @Test("a drag counts its distance from where it began: + as it goes on, - as it comes back")
    func dragDistance() throws {
        func drag(_ phase: GesturePhase, _ dx: Double) -> GestureRecord {
            BindingDirectionTests.event(.recognized(.drag), phase, dx: dx)
        }
        let bindings = "drag phase=changed every=+10mm => on\ndrag phase=changed every=-10mm => back\n"
        #expect(try BindingDirectionTests.fired(bindings, [drag(.began, 6), drag(.changed, 17), drag(.changed, 29),
                                                           drag(.changed, 18), drag(.changed, 7)])
            == [[], ["on"], ["on"], ["back"], ["back"]])
    }
}
