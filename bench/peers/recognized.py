"""What a tool's output says it recognized, tallied: to see that every tool saw the gestures played.

Tactile: its JSON Lines, one per gesture that began (a tap: when it ended), as gesture and fingers.
libinput debug-events: its gestures' BEGIN lines with their fingers; on a touchscreen, touch-downs.
lisgd and libinput-gestures: the `echo` lines of the commands they ran.
"""
import json
from collections import Counter


def tally(path, variant_name):
    counts = Counter()
    with open(path, errors="replace") as file:
        for line in file:
            if line.startswith("{"):
                record = json.loads(line)
                if record["phase"] == "began" or record["gesture"] == "tap":
                    counts[f"{record['gesture']} {record['fingers']}"] += 1
            elif "_BEGIN" in line or "TOUCH_DOWN" in line:
                words = line.split()
                counts[words[1] if "TOUCH_DOWN" in line else f"{words[1]} {words[-1]}"] += 1
            elif line.startswith(variant_name + " "):
                counts[line.split(maxsplit=1)[1].strip()] += 1
    return counts


def describe(counts):
    return ", ".join(f"{name} ×{count}" for name, count in sorted(counts.items())) or "nothing"


def delivered(path):
    """Lines a socket client printed, or signals the Touchégg client did (it also says "connected")."""
    with open(path, "rb") as file:
        return sum(1 for line in file if line != b"connected\n")
