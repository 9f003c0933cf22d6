import TactileCore

/// libFuzzer target: a gesture set with thresholds from the input, driven by touches, time
/// and resets from the rest of it; `CheckedEngine` traps on any broken promise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let state = GestureState(initialValue: 0.0)
    let log = PublicationLog()
    var engine = CheckedEngine(FuzzedGestures.make(&input, state: state, log: log), state: state, log: log)
    TouchScript.play(&input, on: &engine)
    return 0
}
