import TactileCore
import TactileConfiguration

/// libFuzzer target: the configuration parser on any text; for a configuration it accepted,
/// device matching, and the gesture set it declares driven through a fixed touch script by
/// `CheckedEngine` (a drag, a tap, a hold, a pinch, a reset mid-gesture).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let configuration = try? Configuration.parse(text, file: "fuzz.conf") else { return 0 }
    let device = "Wacom ISDv4 E6 Finger"
    _ = configuration.size(forDevice: device)
    var engine = CheckedEngine(configuration.makeGestureSet(forDevice: device, base: GestureTuning()))
    fixedTouches.withUnsafeBufferPointer { bytes in
        var touches = FuzzInput(bytes)
        TouchScript.play(&touches, on: &engine)
    }
    return 0
}

/// In `TouchScript`'s encoding: op, time step, finger mask (2 bytes), flags, then dx dy per finger.
private let fixedTouches: [UInt8] = [
    0,  // start at 0
    // one finger drags right over 100 ms, lifts
    0, 10, 1, 0, 0, 0, 0,
    0, 10, 1, 0, 0, 8, 0, 0, 10, 1, 0, 0, 8, 0, 0, 10, 1, 0, 0, 8, 0, 0, 10, 0, 0, 0,
    // a two-finger tap, the window closes
    4, 90, 0, 10, 3, 0, 0, 0, 0, 0, 0, 0, 10, 3, 0, 0, 1, 0, 1, 0, 0, 10, 0, 0, 0, 4, 90,
    // a hold with ticks, lifted
    0, 10, 1, 0, 0, 0, 0, 4, 129, 0, 10, 0, 0, 0,
    // two fingers spread, reset mid-pinch
    0, 10, 3, 0, 0, 0, 0, 0, 0, 0, 10, 3, 0, 0, 240, 0, 16, 0, 0, 10, 3, 0, 0, 240, 0, 16, 0, 6, 1,
    // the fingers are still down and move on; the input ends
    0, 10, 3, 0, 0, 240, 0, 16, 0, 7,
]
