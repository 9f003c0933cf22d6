"""The tools compared, each on the device it serves, and Tactile's ways of delivering its lines.

In a command, {dev} is the emulated node, {socket} and {touchegg} are paths in the run's folder.
Gestures the other tools bind run `echo NAME`, so their output files tally what they recognized; the
echo is a process they start during the stream, so it is not counted as theirs.
"""
import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Variant:
    name: str
    device: str
    command: list
    group: str                  # "tools" (side by side) or "socket" (Tactile's delivery paths)
    socket_clients: int = None  # `tactile listen` clients on {socket}, when the daemon serves one
    touchegg_client: bool = False
    environment: dict = field(default_factory=dict)


NULL_READER = "null-reader"  # the harness's own cost: what every other figure is net of
LIBINPUT = "libinput debug-events"
TACTILE = "Tactile"
# Tactile with drag.together-distance off, whose drags wait for their minimum distance and their
# landing: its cost and its swipes' `began` beside the default's.
TACTILE_TOGETHER_OFF = "Tactile, drag.together-distance off"
TOGETHER_OFF_CONFIGURATION = os.path.join(os.path.dirname(os.path.abspath(__file__)), "together-off.conf")


def lisgd_bindings():
    """1- and 2-finger drags in four directions, as the touchscreen stream plays them."""
    return [argument for fingers in (1, 2) for direction in ("LR", "RL", "DU", "UD")
            for argument in ("-g", f"{fingers},{direction},*,*,R,echo lisgd {fingers}{direction}")]


def libinput_gestures_configuration():
    """3-finger swipes and 2-finger pinches, as the touchpad stream plays them."""
    gestures = ["swipe left 3", "swipe right 3", "swipe up 3", "swipe down 3", "pinch in 2", "pinch out 2"]
    return "".join(f"gesture {g} echo libinput-gestures {g.replace(' ', '-')}\n" for g in gestures)


def all_variants(tactile, null_reader, libinput_gestures=None):
    """Every variant; libinput_gestures is (script, configuration file, environment) or None."""
    touchpad = [tactile, "run", "--touchpad-source", "raw", "--device", "{dev}"]
    touchscreen = [tactile, "run", "--device", "{dev}"]
    variants = [
        Variant(NULL_READER, "touchpad", [null_reader, "{dev}"], "tools"),
        Variant(NULL_READER, "touchscreen", [null_reader, "{dev}"], "tools"),
        Variant(LIBINPUT, "touchpad", ["libinput", "debug-events", "--device", "{dev}"], "tools"),
        Variant(LIBINPUT, "touchscreen", ["libinput", "debug-events", "--device", "{dev}"], "tools"),
        Variant("lisgd", "touchscreen", ["lisgd", "-d", "{dev}", "-w", "1920", "-h", "1080", *lisgd_bindings()],
                "tools"),
        Variant(TACTILE, "touchpad", touchpad, "tools"),
        Variant(TACTILE, "touchscreen", touchscreen, "tools"),
        Variant(TACTILE_TOGETHER_OFF, "touchpad", touchpad + ["--config", TOGETHER_OFF_CONFIGURATION], "tools"),
        Variant("Tactile, socket, 0 clients", "touchpad", touchpad + ["--socket", "{socket}"], "socket",
                socket_clients=0),
        Variant("Tactile, socket, 1 client", "touchpad", touchpad + ["--socket", "{socket}"], "socket",
                socket_clients=1),
        Variant("Tactile, socket, 10 clients", "touchpad", touchpad + ["--socket", "{socket}"], "socket",
                socket_clients=10),
        Variant("Tactile, stdout and a Touchégg D-Bus client", "touchpad",
                touchpad + ["--touchegg", "unix:path={touchegg}"], "socket", touchegg_client=True),
    ]
    if libinput_gestures:
        script, configuration, environment = libinput_gestures
        variants.insert(5, Variant("libinput-gestures", "touchpad",
                                   ["/usr/bin/python3", script, "-c", configuration, "--device", "{dev}"], "tools",
                                   environment=environment))
    return variants
