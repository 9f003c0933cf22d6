import TactileCore
import TactileEvdev
import TactileSystem

/// One touch device being read, and the pipeline that turns its raw events into gestures.
final class LiveDevice {
    /// Stable for the process's lifetime; how gesture output names its device.
    let id: Int
    /// libinput's name for it, to match its removal.
    let key: DeviceKey
    let info: TouchDeviceInfo
    /// The same pipeline `tactile replay` runs the device's recorded events through.
    var pipeline: DevicePipeline<AnyGesture<Void>>
    /// The raw node being read; nil when Tactile does not read it (a touchpad left to
    /// libinput's gestures) or reading stopped.
    var reader: RawReader?
    /// Touchpads: libinput's own gestures, passed through.
    var libinputGestures = LibinputGestureTranslator()
    /// Touchpads: where the contacts last were, for libinput's gestures, which carry no position.
    var lastContactCentroid = Point.zero

    /// The pipeline's next deadline, read where the pipeline lives: a getter called on a struct
    /// stored in a class copies the struct first (~1 KB and its references, per read of a
    /// device, which `LiveInput` makes after every read of the node).
    var nextDeadline: Instant? { withUnsafeMutablePointer(to: &pipeline) { $0.pointee.nextDeadline } }

    /// Where the contacts of the last frame were, read in place as `nextDeadline` is; nil for
    /// an empty frame.
    var lastCentroid: Point? {
        withUnsafeMutablePointer(to: &pipeline) { $0.pointee.lastFrame.isEmpty ? nil : $0.pointee.lastFrame.centroid }
    }

    init(id: Int, key: DeviceKey, info: TouchDeviceInfo, pipeline: DevicePipeline<AnyGesture<Void>>) {
        self.id = id
        self.key = key
        self.info = info
        self.pipeline = pipeline
    }
}

/// A device's event node, read raw, and its place on the event loop.
struct RawReader {
    let node: EvdevDevice
    let registration: EventLoop.Registration
}
