import TactileCore
import TactileEvdev

/// Turns a touchscreen's libinput touch events into one `TouchFrame` per TOUCH_FRAME.
///
/// libinput gives positions in millimetres by the kernel's resolution, or by one unit per mm
/// when there is none. The decoder (and so `tactile replay`) uses `DeviceGeometry`, which
/// estimates a plausible size instead; positions are rescaled to it, so live and replay agree.
struct TouchscreenFrames {
    private struct Slot {
        var down = false
        var id: Int32 = 0
        var position = Point.zero
    }

    private var slots = InlineArray<10, Slot>(repeating: Slot())
    private var nextContactID: Int32 = 0
    /// libinput millimetres → the geometry's millimetres, per axis.
    private let scaleX: Double
    private let scaleY: Double

    init(description: DeviceDescription, geometry: DeviceGeometry) {
        let axes = description.positionAxes
        func libinputUnitsPerMillimetre(_ axis: AbsInfo?) -> Double {
            guard let axis, axis.resolution > 0 else { return 1 }
            return Double(axis.resolution)
        }
        scaleX = libinputUnitsPerMillimetre(axes?.x) / geometry.unitsPerMillimetreX
        scaleY = libinputUnitsPerMillimetre(axes?.y) / geometry.unitsPerMillimetreY
    }

    /// Applies one change; returns the frame when libinput says the changes are complete.
    mutating func apply(_ change: LibinputEvent.TouchChange) -> TouchFrame? {
        switch change {
        case .down(let slot, let x, let y):
            guard let index = Self.index(slot) else { return nil }
            slots[index] = Slot(down: true, id: nextContactID, position: Point(x: x * scaleX, y: y * scaleY))
            nextContactID = nextContactID == Int32.max ? 0 : nextContactID + 1
        case .motion(let slot, let x, let y):
            guard let index = Self.index(slot) else { return nil }
            slots[index].position = Point(x: x * scaleX, y: y * scaleY)
        case .up(let slot):
            guard let index = Self.index(slot) else { return nil }
            slots[index].down = false
        case .frame(let time):
            var frame = TouchFrame(time: time)
            for index in 0..<TouchFrame.capacity where slots[index].down {
                let slot = slots[index]
                frame.append(Contact(id: slot.id, x: slot.position.x, y: slot.position.y))
            }
            return frame
        case .cancel:
            for index in 0..<TouchFrame.capacity { slots[index].down = false }
        }
        return nil
    }

    /// Single-touch devices report slot -1; slots past a frame's capacity are dropped.
    private static func index(_ slot: Int32) -> Int? {
        let index = max(Int(slot), 0)
        return index < TouchFrame.capacity ? index : nil
    }
}
