"""The gesture streams every tool is fed: the same frames, at the same offsets, in every run.

touchpad:    3-finger swipes (right, left, down, up) alternating with 2-finger pinches (out, in): what
             libinput turns into its own gestures, and what libinput-gestures binds.
touchscreen: 1-finger drags, taps (one finger, then two) and 2-finger drags in four directions: what
             lisgd binds.

A frame is a list of (type, code, value) evdev events ending with SYN_REPORT, played at a whole number
of milliseconds from the stream's start. A gesture holds its fingers down for STROKE_FRAMES frames
(TAP_FRAMES for a tap) and lifts them all in one more frame; GAP_MS of silence follow.
"""
from dataclasses import dataclass

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT = 0
BTN_TOUCH = 0x14A
BTN_TOOL_FOR_FINGERS = {1: 0x145, 2: 0x14D, 3: 0x14E, 4: 0x14F}  # FINGER, DOUBLETAP, TRIPLETAP, QUADTAP
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39

FRAME_MS = 12       # 83 Hz, a common touchpad report rate
GAP_MS = 200        # between gestures: long enough that no tool joins two
STROKE_FRAMES = 25  # frames a swipe, pinch or drag moves for
TAP_FRAMES = 4      # frames a tap stays down


@dataclass(frozen=True)
class Frame:
    offset_ms: int
    events: list


@dataclass(frozen=True)
class GestureSpan:
    """One played gesture: its kind, when its fingers came down and when they lifted."""
    kind: str
    down_ms: int
    lift_ms: int


@dataclass(frozen=True)
class Stream:
    frames: list
    gestures: list

    @property
    def event_count(self):
        return sum(len(frame.events) for frame in self.frames)


@dataclass(frozen=True)
class Surface:
    center: tuple
    stride: int          # device units a contact moves per frame
    finger_spacing: int  # between contacts side by side, across the motion
    tap_spacing: int
    reports_tool: bool   # touchpads say how many fingers with BTN_TOOL_*


SURFACES = {
    # 3200 × 2000 units at 32 units/mm: 21 units a frame is 0.66 mm, 55 mm/s
    "touchpad": Surface(center=(1600, 1000), stride=21, finger_spacing=250, tap_spacing=400, reports_tool=True),
    # 4095 × 2303 units at 16 units/mm: 30 units a frame is 1.9 mm, 156 mm/s
    "touchscreen": Surface(center=(2048, 1152), stride=30, finger_spacing=500, tap_spacing=400, reports_tool=False),
}
DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def stroke(surface, fingers, direction):
    """Contact positions per frame of fingers side by side moving `direction` through the center."""
    dx, dy = DIRECTIONS[direction]
    cx, cy = surface.center
    start = surface.stride * STROKE_FRAMES / 2
    offsets = [(k - (fingers - 1) / 2) * surface.finger_spacing for k in range(fingers)]

    def at(frame):
        x = cx + dx * (surface.stride * frame - start)
        y = cy + dy * (surface.stride * frame - start)
        return [(x, y + o) if dx else (x + o, y) for o in offsets]
    return at


def pinch(surface, outward):
    """Two contacts on a diagonal, moving apart (outward) or together."""
    cx, cy = surface.center
    step = 15

    def at(frame):
        radius = 150 + step * (frame if outward else STROKE_FRAMES - 1 - frame)
        return [(cx - radius, cy - radius / 2), (cx + radius, cy + radius / 2)]
    return at


def tap(surface, fingers):
    cx, cy = surface.center
    return lambda frame: [(cx + (k - (fingers - 1) / 2) * surface.tap_spacing, cy) for k in range(fingers)]


def cycle(device):
    """The gestures of one round, repeated until the stream is full: (kind, frames down, positions)."""
    surface = SURFACES[device]
    order = ["right", "left", "down", "up"]
    if device == "touchpad":
        return [gesture for k, direction in enumerate(order) for gesture in (
            ("swipe3-" + direction, STROKE_FRAMES, stroke(surface, 3, direction)),
            ("pinch2-" + ("out" if k % 2 == 0 else "in"), STROKE_FRAMES, pinch(surface, k % 2 == 0)))]
    return [gesture for k, direction in enumerate(order) for gesture in (
        ("drag1-" + direction, STROKE_FRAMES, stroke(surface, 1, direction)),
        ("tap" + ("1" if k % 2 == 0 else "2"), TAP_FRAMES, tap(surface, 1 if k % 2 == 0 else 2)),
        ("drag2-" + order[(k + 1) % 4], STROKE_FRAMES, stroke(surface, 2, order[(k + 1) % 4])))]


def build(device, seconds):
    """The stream for `device` filling at most `seconds`."""
    surface = SURFACES[device]
    frames, gestures = [], []
    tracking_id = 0
    offset, limit = 0, int(seconds * 1000)
    round_ = cycle(device)
    while True:
        kind, count, positions = round_[len(gestures) % len(round_)]
        if offset + count * FRAME_MS > limit:
            break
        fingers = len(positions(0))
        ids = list(range(tracking_id, tracking_id + fingers))
        tracking_id += fingers
        for frame in range(count):
            frames.append(Frame(offset + frame * FRAME_MS,
                                contact_frame(surface, positions(frame), ids if frame == 0 else None)))
        lift = offset + count * FRAME_MS
        frames.append(Frame(lift, lift_frame(surface, fingers)))
        gestures.append(GestureSpan(kind, offset, lift))
        offset = lift + GAP_MS
    return Stream(frames, gestures)


def contact_frame(surface, points, new_ids):
    """Every contact's position; tracking ids, BTN_TOUCH and the finger count when they land."""
    events = []
    for slot, (x, y) in enumerate(points):
        events.append((EV_ABS, ABS_MT_SLOT, slot))
        if new_ids:
            events.append((EV_ABS, ABS_MT_TRACKING_ID, new_ids[slot]))
        events += [(EV_ABS, ABS_MT_POSITION_X, round(x)), (EV_ABS, ABS_MT_POSITION_Y, round(y))]
    if new_ids:
        events.append((EV_KEY, BTN_TOUCH, 1))
        if surface.reports_tool:
            events.append((EV_KEY, BTN_TOOL_FOR_FINGERS[len(points)], 1))
    x, y = points[0]
    events += [(EV_ABS, ABS_X, round(x)), (EV_ABS, ABS_Y, round(y)), (EV_SYN, SYN_REPORT, 0)]
    return events


def lift_frame(surface, fingers):
    events = []
    for slot in range(fingers):
        events += [(EV_ABS, ABS_MT_SLOT, slot), (EV_ABS, ABS_MT_TRACKING_ID, -1)]
    events.append((EV_KEY, BTN_TOUCH, 0))
    if surface.reports_tool:
        events.append((EV_KEY, BTN_TOOL_FOR_FINGERS[fingers], 0))
    events.append((EV_SYN, SYN_REPORT, 0))
    return events
