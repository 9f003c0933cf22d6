import TactileCore
import TactileEvdev
import TactileSystem

/// A device's raw evdev events as they arrive, one frame at a time, read from its node on an
/// `EventLoop`: what `tactile record` writes. The node is opened read-only and never grabbed,
/// so the desktop keeps the device while it is recorded.
public final class RawEventReader {
    /// The event node, `/dev/input/eventN`.
    public let node: String
    /// What the device says about itself, read when the node was opened.
    public var description: DeviceDescription { device.description }
    /// One frame: its events, the last one SYN_REPORT. After the kernel dropped events, first
    /// the drop itself (SYN_DROPPED, SYN_REPORT), then the state the kernel reports after it, as
    /// one frame: a reader of the frames ends up where the device is.
    public var onFrame: (ArraySlice<InputEvent>) -> Void = { _ in }
    /// Reading stopped for good: the device is gone (`.noSuchDevice`) or the node failed.
    public var onEnd: (Errno) -> Void = { _ in }

    private let device: EvdevDevice
    private let loop: EventLoop
    private var registration: EventLoop.Registration?
    /// The frame being read; its storage is kept between frames.
    private var pending: [InputEvent] = []

    public init(node: String, loop: EventLoop) throws(Errno) {
        self.node = node
        self.loop = loop
        device = try EvdevDevice(path: node)
    }

    /// Starts reading; the handlers run on the loop's thread.
    public func start() throws(Errno) {
        registration = try loop.register(device.descriptor) { [unowned self] in readAvailable() }
    }

    /// Stops reading; a partial frame is left out, as libinput record leaves it.
    public func stop() {
        if let registration { loop.unregister(registration) }
        registration = nil
    }

    private func readAvailable() {
        do {
            try device.readAvailable { read in
                switch read {
                case .event(let event):
                    pending.append(event)
                    if event.type == EventType.syn && event.code == SynCode.report { deliver() }
                case .dropped(let time):
                    pending.removeAll(keepingCapacity: true)
                    pending.append(InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0))
                    pending.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
                    deliver()
                    device.replayState(at: time) { pending.append($0) }
                    deliver()
                }
            }
        } catch {
            stop()
            onEnd(error)
        }
    }

    private func deliver() {
        onFrame(pending[...])
        pending.removeAll(keepingCapacity: true)
    }
}
