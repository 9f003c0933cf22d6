"""An emulated evdev device (umockdev 0.17's testbed, in this process) that plays a gesture stream.

The device is described here in full: its udev entry, and an answer for every ioctl libevdev asks
when it opens a node (the bitmasks at the exact sizes it requests, the name, ids and axes). Each
frame is written with one write() at its deadline on CLOCK_MONOTONIC and stamped with that deadline,
as a kernel node delivers a frame: whole, and on the clock libinput and Tactile read.

The tool reading the node runs with three preloaded libraries: Tests/UmockdevShim (makes libinput
accept umockdev 0.17's nodes), direct-io-shim.c (reads the node without umockdev's round trip
through this process) and umockdev's own.
"""
import os
import struct
import time
from dataclasses import dataclass

from gesture_stream import (ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_X, ABS_Y,
                            BTN_TOOL_FOR_FINGERS, BTN_TOUCH, EV_ABS, EV_KEY, EV_SYN)

BTN_LEFT = 0x110
BTN_TOOL_QUINTTAP = 0x148
INPUT_PROP_POINTER, INPUT_PROP_DIRECT, INPUT_PROP_BUTTONPAD = 0, 1, 2
EV_REL, EV_MSC, EV_SW, EV_LED, EV_SND, EV_FF = 2, 4, 5, 0x11, 0x12, 0x15
KEY_BITMASK_BYTES = 96   # KEY_MAX bits: what libevdev asks EVIOCGBIT(EV_KEY) and EVIOCGKEY for
FF_BITMASK_BYTES = 16
NAME_BYTES = 255


@dataclass(frozen=True)
class Axis:
    code: int
    maximum: int
    resolution: int = 0


@dataclass(frozen=True)
class Description:
    name: str
    number: int          # the node is /dev/input/event<number>, device 13:<64 + number>
    udev_kind: str       # ID_INPUT_TOUCHPAD or ID_INPUT_TOUCHSCREEN
    bus_vendor_product_version: tuple
    properties: tuple
    keys: tuple
    axes: tuple

    @property
    def node(self):
        return f"/dev/input/event{self.number}"

    @property
    def minor(self):
        return 64 + self.number


def touch_axes(width, height, resolution, slots):
    return (Axis(ABS_X, width, resolution), Axis(ABS_Y, height, resolution), Axis(ABS_MT_SLOT, slots - 1),
            Axis(ABS_MT_POSITION_X, width, resolution), Axis(ABS_MT_POSITION_Y, height, resolution),
            Axis(ABS_MT_TRACKING_ID, 0xFFFF))


DESCRIPTIONS = {
    # a clickpad of 100 × 62.5 mm, five fingers
    "touchpad": Description(
        name="Tactile Bench Touchpad", number=21, udev_kind="ID_INPUT_TOUCHPAD",
        bus_vendor_product_version=(0x18, 0x1234, 0x0001, 0x0100),
        properties=(INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD),
        keys=(BTN_LEFT, BTN_TOUCH, BTN_TOOL_QUINTTAP, *BTN_TOOL_FOR_FINGERS.values()),
        axes=touch_axes(3200, 2000, 32, slots=5)),
    # a 256 × 144 mm screen, ten fingers
    "touchscreen": Description(
        name="Tactile Bench Touchscreen", number=20, udev_kind="ID_INPUT_TOUCHSCREEN",
        bus_vendor_product_version=(0x03, 0x1234, 0x5678, 0x0111),
        properties=(INPUT_PROP_DIRECT,),
        keys=(BTN_TOUCH,),
        axes=touch_axes(4095, 2303, 16, slots=10)),
}


def bitmask(bits, size):
    mask = bytearray(size)
    for bit in bits:
        mask[bit // 8] |= 1 << (bit % 8)
    return bytes(mask)


def udev_text(d):
    """umockdev's device format: sysfs path, node, udev properties and the dev attribute."""
    return "\n".join([
        f"P: /devices/virtual/input/input{d.number}/event{d.number}",
        f"N: input/event{d.number}",
        f"E: DEVNAME={d.node}", "E: ID_INPUT=1", f"E: {d.udev_kind}=1",
        "E: MAJOR=13", f"E: MINOR={d.minor}", "E: SUBSYSTEM=input",
        f"A: dev=13:{d.minor}", ""])


def ioctl_text(d):
    """umockdev's ioctl replay format: one `REQUEST(argument) RESULT DATA` line per answer; a request
    left out makes libevdev drop the device, and the data must be exactly the size it asks for."""
    def line(request, result, data):
        return f"{request} {result} {data.hex().upper()}"
    name = d.name.encode()
    lines = [f"@DEV {d.node}",
             line("EVIOCGBIT(0)", 8, bitmask((EV_SYN, EV_KEY, EV_ABS), 8)),
             line("EVIOCGNAME(0)", len(name) + 1, name.ljust(NAME_BYTES, b"\0")),
             line("EVIOCGID", 0, struct.pack("<4H", *d.bus_vendor_product_version)),
             line("EVIOCGVERSION", 0, struct.pack("<i", 0x010001)),
             line("EVIOCGPROP(0)", 8, bitmask(d.properties, 8)),
             line(f"EVIOCGBIT({EV_KEY})", KEY_BITMASK_BYTES, bitmask(d.keys, KEY_BITMASK_BYTES)),
             line(f"EVIOCGBIT({EV_ABS})", 8, bitmask([a.code for a in d.axes], 8)),
             line(f"EVIOCGBIT({EV_FF})", FF_BITMASK_BYTES, bytes(FF_BITMASK_BYTES)),
             line("EVIOCGKEY(0)", KEY_BITMASK_BYTES, bytes(KEY_BITMASK_BYTES)),
             line("EVIOCGLED(0)", 8, bytes(8)),
             line("EVIOCGSW(0)", 8, bytes(8))]
    lines += [line(f"EVIOCGBIT({kind})", 8, bytes(8)) for kind in (EV_REL, EV_MSC, EV_SW, EV_LED, EV_SND)]
    # value, minimum, maximum, fuzz, flat, resolution
    lines += [line(f"EVIOCGABS({a.code})", 0, struct.pack("<6i", 0, 0, a.maximum, 0, 0, a.resolution))
              for a in d.axes]
    return "\n".join(lines) + "\n"


class EmulatedDevice:
    """The testbed with one device; `environment` is what a tool needs to find and read it."""

    def __init__(self, device, work_dir, preload):
        import gi
        gi.require_version("UMockdev", "1.0")
        from gi.repository import UMockdev
        self.description = DESCRIPTIONS[device]
        d = self.description
        self.testbed = UMockdev.Testbed.new()
        self.testbed.add_from_string(udev_text(d))
        ioctls = os.path.join(work_dir, f"{device}.ioctl")
        with open(ioctls, "w") as file:
            file.write(ioctl_text(d))
        self.testbed.load_ioctl(d.node, ioctls)
        root = self.testbed.get_root_dir()
        # libudev takes a device without a database entry for uninitialized, and libinput skips it
        os.makedirs(f"{root}/run/udev/data", exist_ok=True)
        with open(f"{root}/run/udev/data/c13:{d.minor}", "w") as file:
            file.write("I:1\n")
        self.descriptor = self.testbed.get_dev_fd(d.node)
        # a tool that stops reading must fail the run, not hang the harness on a full PTY
        os.set_blocking(self.descriptor, False)
        self.environment = dict(os.environ, UMOCKDEV_DIR=root, LD_PRELOAD=":".join(preload))

    def play(self, stream, start):
        """Writes each frame at `start` + its offset (CLOCK_MONOTONIC seconds); returns how late
        the writes were, in µs: median and worst."""
        lateness = []
        for frame in stream.frames:
            deadline = start + frame.offset_ms / 1000
            while (wait := deadline - time.monotonic()) > 0:
                time.sleep(wait)
            lateness.append((time.monotonic() - deadline) * 1e6)
            self.write(deadline, frame.events)
        lateness.sort()
        return lateness[len(lateness) // 2], lateness[-1]

    def write(self, stamp, events):
        seconds, micros = divmod(round(stamp * 1e6), 1_000_000)
        try:
            os.write(self.descriptor, b"".join(struct.pack("llHHi", seconds, micros, kind, code, value)
                                               for kind, code, value in events))
        except BlockingIOError:
            raise RuntimeError(f"{self.description.node}: the tool stopped reading") from None

    def close(self):
        """Removes the testbed's files and its end of the node (umockdev does when it is released)."""
        del self.testbed
