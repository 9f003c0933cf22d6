import Glibc
import TactileCore
import TactileEvdev
import TactileSystem

/// One touch device being read, and the pipeline that turns its raw events into gestures.
final class LiveDevice {
    /// Stable for the process's lifetime; how gesture output names its device.
    let id: Int
    /// Its node's device number, by which udev announces its removal.
    let number: dev_t
    let info: TouchDeviceInfo
    /// The same pipeline `tactile replay` runs the device's recorded events through.
    var pipeline: DevicePipeline<AnyGesture<Void>>
    /// The raw node being read; nil when Tactile does not read it (a touchpad left to
    /// libinput's gestures) or reading stopped.
    var reader: RawReader?
    /// Touchpads whose own gestures pass through: the device in libinput's context.
    var passThrough: LibinputDevice?
    /// Touchpads: libinput's own gestures, passed through.
    var libinputGestures = LibinputGestureTranslator()
    /// Touchpads: where the contacts last were, for libinput's gestures, which carry no position.
    var lastCentroid = Point.zero

    /// The pipeline's next deadline, asked after every read. Asked through an `inout` access,
    /// which reads the pipeline where it is: a plain read of a struct held by a class copies it
    /// first (1 KB, with every reference in it: ~1,000 instructions a frame live).
    var nextDeadline: Instant? { Self.nextDeadline(of: &pipeline) }

    private static func nextDeadline(of pipeline: inout DevicePipeline<AnyGesture<Void>>) -> Instant? {
        pipeline.nextDeadline
    }

    init(id: Int, number: dev_t, info: TouchDeviceInfo, pipeline: DevicePipeline<AnyGesture<Void>>) {
        self.id = id
        self.number = number
        self.info = info
        self.pipeline = pipeline
    }
}

/// A device's event node, read raw, and its place on the event loop.
struct RawReader {
    let node: EvdevDevice
    let registration: EventLoop.Registration
}
