import Testing
import TactileCore
import TactileEvdev

/// The pipeline every path runs a device through: it decides the geometry, and its events,
/// time, restarts, reloads and end of input reach the gestures.
@Suite struct DevicePipelineTests {
    private let screen = TestDevices.protocolB(slots: 2)

    private func pipeline(_ device: DeviceDescription, _ settings: DeviceSettings = DeviceSettings())
        -> DevicePipeline<DefaultGestureSet> {
        DevicePipeline(description: device, setup: .defaultGestures(for: device, settings: settings))
    }

    @Test func aSizeSettingWinsOverTheResolution() {
        #expect(pipeline(screen).geometry.width == 200)
        let configured = pipeline(screen, DeviceSettings(size: (width: 100, height: 50))).geometry
        #expect(configured.width == 100 && configured.height == 50 && !configured.isEstimated)
        #expect(configured.unitsPerMillimetreX == 20.01)
    }

    @Test func withoutResolutionOrSettingTheSizeIsEstimated() {
        var device = screen
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] { device.absInfo[code]?.resolution = 0 }
        #expect(pipeline(device).geometry.isEstimated)
        #expect(!pipeline(device, DeviceSettings(size: (width: 100, height: 50))).geometry.isEstimated)
    }

    @Test func aSwipeRightIsADragRightAndWithAQuarterTurnADragDown() {
        #expect(endedDirections(swipeRight(), pipeline(screen)) == [.right])
        let turned = DeviceSettings(calibration: CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
        #expect(endedDirections(swipeRight(), pipeline(screen, turned)) == [.down])
    }

    @Test func aRestartCancelsWhatIsInFlightAndDecodesAfresh() {
        var device = pipeline(screen)
        var events = GestureEventBuffer()
        for event in swipeRight().dropLast(5) { device.feed(event, into: &events) }
        #expect(events.events.last?.kind == .drag && events.events.last?.phase == .changed)
        events.removeAll()
        device.restart(at: Instant(microseconds: 500_000), into: &events)
        #expect(events.events.map(\.phase) == [.cancelled])
        // A fresh decoder: the finger libevdev reports still down is a contact from its state.
        let state = [abs(500_000, AbsCode.mtSlot, 0), abs(500_000, AbsCode.mtTrackingID, 7),
                     abs(500_000, AbsCode.mtPositionX, 900), abs(500_000, AbsCode.mtPositionY, 1000),
                     key(500_000, KeyCode.touch, 1), syn(500_000)]
        let steps = state.map { device.feed($0, into: &events) }
        #expect(steps.last == .frame)
        let frame = device.lastFrame
        #expect(frame.count == 1 && frame[0].x == 90 && frame[0].y == 100)
    }

    @Test func aReloadCancelsGesturesInFlightAndAppliesTheNewSize() {
        var device = pipeline(screen)
        var events = GestureEventBuffer()
        for event in swipeRight().dropLast(5) { device.feed(event, into: &events) }
        events.removeAll()
        let halved = DeviceSettings(size: (width: 100, height: 100))
        device.reconfigure(.defaultGestures(for: screen, settings: halved), at: device.now, into: &events)
        #expect(events.events.map(\.phase) == [.cancelled])
        #expect(device.geometry.width == 100)
        // The finger is still down; its next position is on the new scale.
        device.feed(abs(400_000, AbsCode.mtPositionX, 1000), into: &events)
        #expect(device.feed(syn(400_000), into: &events) == .frame)
        let frame = device.lastFrame
        #expect(frame.count == 1 && abs(frame[0].x - 1000 / 20.01) < 1e-9)
    }

    @Test func finishingClosesAPendingTapWindow() {
        var device = pipeline(screen)
        var events = GestureEventBuffer()
        let tap = [abs(0, AbsCode.mtTrackingID, 1), abs(0, AbsCode.mtPositionX, 500), abs(0, AbsCode.mtPositionY, 500),
                   key(0, KeyCode.touch, 1), syn(0),
                   abs(50_000, AbsCode.mtTrackingID, -1), key(50_000, KeyCode.touch, 0), syn(50_000)]
        for event in tap { device.feed(event, into: &events) }
        #expect(events.isEmpty && device.nextDeadline != nil, "a single tap waits for the double-tap window")
        device.finish(into: &events)
        #expect(events.events.map(\.kind) == [.tap] && device.nextDeadline == nil)
    }

    /// One finger from x = 200 to 1800 units (20 to 180 mm) across the middle, 30 frames 10 ms apart.
    private func swipeRight() -> [InputEvent] {
        var events = [abs(0, AbsCode.mtTrackingID, 1), key(0, KeyCode.touch, 1), abs(0, AbsCode.mtPositionY, 1000)]
        for step in 0...30 {
            let time = Int64(step) * 10_000
            events += [abs(time, AbsCode.mtPositionX, Int32(200 + step * 1600 / 30)), syn(time)]
        }
        events += [abs(310_000, AbsCode.mtTrackingID, -1), key(310_000, KeyCode.touch, 0), syn(310_000)]
        return events
    }

    private func endedDirections(_ stream: [InputEvent], _ pipeline: DevicePipeline<DefaultGestureSet>)
        -> [SwipeDirection?] {
        var device = pipeline
        var events = GestureEventBuffer()
        for event in stream { device.feed(event, into: &events) }
        device.finish(into: &events)
        return events.events.compactMap { event in
            guard event.phase == .ended, case .drag(_, _, let direction) = event.payload else { return nil }
            return direction
        }
    }
}
