import Testing
import TactileCore
@testable import TactileProtocol

/// The Touchégg mapping, one row per stream record: what goes in, which signals come out.
@Suite struct ToucheggTranslatorTests {
    /// A 300 × 200 mm touchscreen: start threshold 4 mm, finish 48 mm across, 32 mm down.
    static let screen = ToucheggSurface(device: .touchscreen, width: 300, height: 200)
    /// A 100 × 60 mm touchpad: start threshold 0.6 mm, finish 9 mm across, 5.4 mm down.
    static let pad = ToucheggSurface(device: .touchpad, width: 100, height: 60)

    struct Row {
        var record: GestureRecord
        var device = 0
        /// (member, type, direction, percentage, fingers, elapsed ms), in order.
        var expected: [Expected]
    }

    struct Expected: Equatable, CustomStringConvertible {
        var member: Touchegg.Member, type: Touchegg.GestureType, direction: Touchegg.Direction
        var percentage: Double, fingers: Int32, device: Touchegg.DeviceType, elapsed: UInt64
        var description: String { "\(member.rawValue)(\(type) \(direction) \(percentage)% \(fingers) \(device) \(elapsed)ms)" }

        init(_ member: Touchegg.Member, _ type: Touchegg.GestureType, _ direction: Touchegg.Direction, _ percentage: Double,
             _ fingers: Int32, _ device: Touchegg.DeviceType, _ elapsed: UInt64) {
            (self.member, self.type, self.direction, self.percentage) = (member, type, direction, percentage)
            (self.fingers, self.device, self.elapsed) = (fingers, device, elapsed)
        }

        init(_ signal: Touchegg.Signal) {
            self.init(signal.member, signal.type, signal.direction, (signal.percentage * 1000).rounded() / 1000,
                      signal.fingers, signal.device, signal.elapsedMilliseconds)
        }
    }

    static func record(_ gesture: GestureName, _ phase: GesturePhase, ms: Int64, fingers: Int = 3, seq: UInt64 = 1,
                       dx: Double = 0, dy: Double = 0, scale: Double = 1, count: Int = 1) -> GestureRecord {
        var record = GestureRecord(gesture: gesture, phase: phase)
        record.timeMicroseconds = ms * 1_000
        record.sequence = seq
        record.fingers = fingers
        (record.dx, record.dy, record.scale, record.count) = (dx, dy, scale, count)
        return record
    }

    func run(_ rows: [Row], on surface: ToucheggSurface) {
        var translator = ToucheggTranslator()
        for (index, row) in rows.enumerated() {
            var got: [Expected] = []
            translator.translate(row.record, on: surface, device: row.device) { got.append(Expected($0)) }
            #expect(got == row.expected, "row \(index): \(row.record.gesture) \(row.record.phase)")
        }
        #expect(translator.state == .idle)
    }

    @Test func aTouchscreenSwipeBeginsAtZeroAndFollowsTheTravelPastTheStartThreshold() {
        run([
            Row(record: Self.record(.recognized(.drag), .began, ms: 100, dx: 1, dy: 6), expected: [.init(.begin, .swipe, .down, 0, 3, .touchscreen, 0)]),
            // 2 mm further down: inside the start threshold (4 mm) still 0.
            Row(record: Self.record(.recognized(.drag), .changed, ms: 110, dx: 1, dy: 8), expected: [.init(.update, .swipe, .down, 0, 3, .touchscreen, 10)]),
            // 20 mm past Begin: (20 − 4) / (4 + 32) = 44.444 %.
            Row(record: Self.record(.recognized(.drag), .changed, ms: 150, dx: 3, dy: 26), expected: [.init(.update, .swipe, .down, 44.444, 3, .touchscreen, 50)]),
            // Back up: the percentage falls.
            Row(record: Self.record(.recognized(.drag), .changed, ms: 160, dx: 3, dy: 16), expected: [.init(.update, .swipe, .down, 16.667, 3, .touchscreen, 60)]),
            // Far past the finish: clamped at 100.
            Row(record: Self.record(.recognized(.drag), .ended, ms: 300, dx: -40, dy: 120), expected: [.init(.end, .swipe, .down, 100, 3, .touchscreen, 200)]),
        ], on: Self.screen)
    }

    @Test func aSwipesDirectionIsTheDominantAxisAtBeginAndNeverChanges() {
        run([
            Row(record: Self.record(.recognized(.drag), .began, ms: 0, fingers: 4, dx: -7, dy: 5), expected: [.init(.begin, .swipe, .left, 0, 4, .touchscreen, 0)]),
            // Now it heads down: still LEFT, and no travel left: 0.
            Row(record: Self.record(.recognized(.drag), .changed, ms: 40, fingers: 4, dx: -7, dy: 60), expected: [.init(.update, .swipe, .left, 0, 4, .touchscreen, 40)]),
            Row(record: Self.record(.recognized(.drag), .ended, ms: 80, fingers: 4, dx: -7, dy: 90), expected: [.init(.end, .swipe, .left, 0, 4, .touchscreen, 80)]),
        ], on: Self.screen)
    }

    @Test func aTouchpadSwipeWaitsForItsDirectionAndCountsFromItsStart() {
        run([
            // libinput's swipe begins before the fingers moved: no direction, nothing sent.
            Row(record: Self.record(.passedThrough(.swipe), .began, ms: 0), expected: []),
            Row(record: Self.record(.passedThrough(.swipe), .changed, ms: 10, dx: 0.3, dy: -0.2), expected: []),
            // Past 0.6 mm: Begin, UP; (1.5 − 0.6) / (0.6 + 5.4) = 15 %.
            Row(record: Self.record(.passedThrough(.swipe), .changed, ms: 20, dx: 0.3, dy: -1.5), expected: [.init(.begin, .swipe, .up, 15, 3, .touchpad, 0)]),
            Row(record: Self.record(.passedThrough(.swipe), .changed, ms: 35, dx: 0.3, dy: -3.6), expected: [.init(.update, .swipe, .up, 50, 3, .touchpad, 15)]),
            Row(record: Self.record(.passedThrough(.swipe), .ended, ms: 50, dx: 0.3, dy: -3.6), expected: [.init(.end, .swipe, .up, 50, 3, .touchpad, 30)]),
        ], on: Self.pad)
    }

    @Test func aPinchIsInWhenTheFingersCloseAndOutWhenTheySpread() {
        run([
            Row(record: Self.record(.passedThrough(.pinch), .began, ms: 0, fingers: 2), expected: []),
            Row(record: Self.record(.passedThrough(.pinch), .changed, ms: 10, fingers: 2, scale: 0.9), expected: [.init(.begin, .pinch, .in, 10, 2, .touchpad, 0)]),
            Row(record: Self.record(.passedThrough(.pinch), .changed, ms: 20, fingers: 2, scale: 0.6), expected: [.init(.update, .pinch, .in, 40, 2, .touchpad, 10)]),
            // Spreading again: an IN pinch falls to 0, never below.
            Row(record: Self.record(.passedThrough(.pinch), .ended, ms: 30, fingers: 2, scale: 1.3), expected: [.init(.end, .pinch, .in, 0, 2, .touchpad, 20)]),
            Row(record: Self.record(.recognized(.magnify), .began, ms: 100, fingers: 2, seq: 2, scale: 1.2), expected: [.init(.begin, .pinch, .out, 20, 2, .touchpad, 0)]),
            Row(record: Self.record(.recognized(.magnify), .ended, ms: 200, fingers: 2, seq: 2, scale: 2.5), expected: [.init(.end, .pinch, .out, 100, 2, .touchpad, 100)]),
        ], on: Self.pad)
    }

    @Test func aTouchscreenPinchCountsFromItsBegin() {
        run([
            Row(record: Self.record(.recognized(.magnify), .began, ms: 0, fingers: 2, scale: 1.2), expected: [.init(.begin, .pinch, .out, 0, 2, .touchscreen, 0)]),
            // 1.8 / 1.2 = 1.5: 50 %.
            Row(record: Self.record(.recognized(.magnify), .ended, ms: 90, fingers: 2, scale: 1.8), expected: [.init(.end, .pinch, .out, 50, 2, .touchscreen, 90)]),
        ], on: Self.screen)
    }

    @Test func aTapIsBeginThenEndAtOneHundredWithoutDirection() {
        run([
            Row(record: Self.record(.recognized(.tap), .ended, ms: 0, fingers: 2), expected: [
                .init(.begin, .tap, .unknown, 100, 2, .touchscreen, 0), .init(.end, .tap, .unknown, 100, 2, .touchscreen, 0),
            ]),
            // One finger is the pointer's, a double tap has no Touchégg name.
            Row(record: Self.record(.recognized(.tap), .ended, ms: 10, fingers: 1), expected: []),
            Row(record: Self.record(.recognized(.tap), .ended, ms: 20, fingers: 3, count: 2), expected: []),
        ], on: Self.screen)
    }

    @Test func gesturesToucheggHasNoWordForAreNotSent() {
        run([
            Row(record: Self.record(.recognized(.longPress), .began, ms: 0), expected: []),
            Row(record: Self.record(.recognized(.rotate), .began, ms: 0, fingers: 2), expected: []),
            Row(record: Self.record(.passedThrough(.hold), .began, ms: 0), expected: []),
            Row(record: Self.record(.recognized(.edgeSwipe), .began, ms: 0, dy: 20), expected: []),
            Row(record: Self.record(.recognized(.drag), .began, ms: 0, fingers: 1, dy: 30), expected: []),
            Row(record: Self.record(.recognized(.drag), .ended, ms: 9, fingers: 1, dy: 30), expected: []),
        ], on: Self.screen)
    }

    @Test func aCancelledGestureEndsAtZeroSoNoClientActs() {
        run([
            Row(record: Self.record(.recognized(.drag), .began, ms: 0, dx: 30), expected: [.init(.begin, .swipe, .right, 0, 3, .touchscreen, 0)]),
            Row(record: Self.record(.recognized(.drag), .changed, ms: 20, dx: 80), expected: [.init(.update, .swipe, .right, 88.462, 3, .touchscreen, 20)]),
            Row(record: Self.record(.recognized(.drag), .cancelled, ms: 30, dx: 80), expected: [.init(.end, .swipe, .right, 0, 3, .touchscreen, 30)]),
        ], on: Self.screen)
    }

    @Test func whileOneGestureIsSentNoOtherIs() {
        run([
            Row(record: Self.record(.recognized(.drag), .began, ms: 0, dy: -10), expected: [.init(.begin, .swipe, .up, 0, 3, .touchscreen, 0)]),
            // Another device's swipe, a rival magnify in the same sequence, a tap: none of them.
            Row(record: Self.record(.recognized(.drag), .began, ms: 5, dy: 20), device: 1, expected: []),
            Row(record: Self.record(.recognized(.magnify), .began, ms: 6, scale: 1.3), expected: []),
            Row(record: Self.record(.recognized(.tap), .ended, ms: 7, fingers: 2), expected: []),
            Row(record: Self.record(.recognized(.drag), .ended, ms: 10, dy: 20), device: 1, expected: []),
            Row(record: Self.record(.recognized(.drag), .ended, ms: 50, dy: -10), expected: [.init(.end, .swipe, .up, 0, 3, .touchscreen, 50)]),
        ], on: Self.screen)
    }

    @Test func aGestureOverBeforeItsDirectionWasClearSendsNothing() {
        run([
            Row(record: Self.record(.passedThrough(.swipe), .began, ms: 0), expected: []),
            Row(record: Self.record(.passedThrough(.swipe), .changed, ms: 10, dx: 0.2), expected: []),
            Row(record: Self.record(.passedThrough(.swipe), .ended, ms: 20, dx: 0.2), expected: []),
        ], on: Self.pad)
    }
}
