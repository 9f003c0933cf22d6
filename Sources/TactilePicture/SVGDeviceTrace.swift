import TactileCore

/// Everything a picture shows of one device, gathered frame by frame and event by event:
/// the contacts' tracks, how many fingers were down when, and the recognized gestures.
///
/// It keeps thinned tracks rather than frames, so a long recording costs memory in proportion
/// to what is drawn, not to what was reported.
struct DeviceTrace {
    let device: ReplayPicture.Device
    private(set) var tracks: [ContactTrack] = []
    /// The finger count at each moment it changed (BTN_TOOL counts included, so pads that
    /// report fewer positions than fingers still show every finger).
    private(set) var fingerSteps: [(time: Instant, fingers: Int)] = []
    private(set) var marks: [GestureMark] = []
    /// The time of the last frame, where contacts still down at the end stop.
    private(set) var lastFrame: Instant?
    /// Indices into `tracks` of the contacts down in the last frame.
    private var down: [Int] = []
    /// Where the next frame's `down` is built; swapped with it, so no frame allocates.
    private var stillDown: [Int] = []
    /// Index into `marks` of each kind's gesture that has begun and not ended.
    private var openMarks: [GestureKind: Int] = [:]

    init(device: ReplayPicture.Device) {
        self.device = device
    }

    mutating func record(_ frame: borrowing TouchFrame) {
        stillDown.removeAll(keepingCapacity: true)
        for index in down {
            if let contact = frame.contact(withID: tracks[index].id) {
                tracks[index].move(to: contact.position)
                stillDown.append(index)
            } else {
                tracks[index].lift(at: frame.time)
            }
        }
        for slot in 0..<frame.count {
            let contact = frame[slot]
            guard !stillDown.contains(where: { tracks[$0].id == contact.id }) else { continue }
            var row = 0
            while stillDown.contains(where: { tracks[$0].row == row }) { row += 1 }
            stillDown.append(tracks.count)
            tracks.append(ContactTrack(id: contact.id, at: contact.position, time: frame.time, row: row))
        }
        swap(&down, &stillDown)
        lastFrame = frame.time
        if fingerSteps.last?.fingers != frame.fingerCount {
            fingerSteps.append((frame.time, frame.fingerCount))
        }
    }

    mutating func record(_ event: GestureEvent) {
        if event.kind == .tap {
            marks.append(GestureMark(event))
            return
        }
        if event.phase == .began, let open = openMarks.removeValue(forKey: event.kind) {
            marks[open].abandon(at: event.time)
        }
        if let open = openMarks[event.kind] {
            marks[open].update(event)
            if !marks[open].isOpen { openMarks[event.kind] = nil }
        } else {
            // A `began`, or a later phase whose `began` this picture never saw.
            marks.append(GestureMark(event))
            if marks[marks.count - 1].isOpen { openMarks[event.kind] = marks.count - 1 }
        }
    }

    /// Every kind gets a lane, so an empty lane says "not recognized". (A replay has no libinput,
    /// so no passed-through gestures to draw.)
    var lanes: [GestureKind] { GestureRegistry.descriptors.map(\.kind) }

    /// The most fingers down at once, for the scale of the fingers lane.
    var mostFingers: Int {
        fingerSteps.map(\.fingers).max() ?? 0
    }
}
