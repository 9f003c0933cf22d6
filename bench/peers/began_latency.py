"""When a 3-finger swipe begins: libinput's GESTURE_SWIPE_BEGIN against Tactile's drag `began`.

Both are stamped with the input time of the frame that made them, so each is placed in the stream
the run played, and the swipe it belongs to is the one whose fingers were down then. Tactile prints
that time in seconds on CLOCK_MONOTONIC, the clock the frames were stamped on; `libinput
debug-events` prints milliseconds since an origin of its own, found here from its GESTURE_SWIPE_END
lines: each ends at a lift frame, whose offset in the stream is known, so the offset that lines up
the most of them is the origin.
"""
import json
from collections import Counter


def libinput_swipes(path):
    """(begin times, end times) in libinput's own milliseconds, of 3-finger swipes."""
    begins, ends = [], []
    with open(path, errors="replace") as file:
        for line in file:
            words = line.split()
            if len(words) >= 4 and words[1] in ("GESTURE_SWIPE_BEGIN", "GESTURE_SWIPE_END") and words[-1] == "3":
                (begins if words[1].endswith("BEGIN") else ends).append(round(float(words[2].rstrip("s")) * 1000))
    return begins, ends


def tactile_swipe_begins(path, stream_start):
    """Offsets in the stream (ms) of Tactile's 3-finger drag `began` lines."""
    offsets = []
    with open(path, errors="replace") as file:
        for line in file:
            if line.startswith("{"):
                record = json.loads(line)
                if record["gesture"] == "drag" and record["phase"] == "began" and record["fingers"] == 3:
                    offsets.append((record["time"] - stream_start) * 1000)
    return offsets


def swipe_holding(swipes, offset):
    return next((s for s in swipes if s.down_ms <= offset <= s.lift_ms), None)


def differences(stream, libinput_output, tactile_output, tactile_stream_start):
    """Per swipe both tools began: (libinput's began after touch-down, Tactile's, Tactile − libinput), ms."""
    swipes = [g for g in stream.gestures if g.kind.startswith("swipe3")]
    begins, ends = libinput_swipes(libinput_output)
    origin = Counter(s.lift_ms - end for end in ends for s in swipes).most_common(1)
    if not origin:
        return []
    libinput_began = {}
    for begin in begins:
        if swipe := swipe_holding(swipes, begin + origin[0][0]):
            libinput_began.setdefault(swipe, begin + origin[0][0] - swipe.down_ms)
    tactile_began = {}
    for offset in tactile_swipe_begins(tactile_output, tactile_stream_start):
        if swipe := swipe_holding(swipes, offset):
            tactile_began.setdefault(swipe, offset - swipe.down_ms)
    return [(libinput_began[s], tactile_began[s], tactile_began[s] - libinput_began[s])
            for s in swipes if s in libinput_began and s in tactile_began]
