"""One tool under callgrind on the harness's emulated device and gesture stream, for instruction
counts (scripts/live-instructions, scripts/hot-functions): the same device and frames as the CPU
figures, but no sampling, since callgrind counts the work itself.

    under_callgrind.py run --preload LIBS DEVICE SECONDS OUT -- COMMAND...   profile COMMAND to OUT
    under_callgrind.py frames DEVICE SECONDS                                 frames in that stream

{dev} in COMMAND is the emulated node. The stream starts LEAD_S after the tool (callgrind starts
slowly) and the tool is stopped with SIGINT SETTLE_S after the last frame.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

import gesture_stream
from emulated_device import EmulatedDevice
from measured_run import sleep_until, stop

LEAD_S = 5
SETTLE_S = 1


def profile(device_name, seconds, out, preload, command):
    stream = gesture_stream.build(device_name, seconds)
    with tempfile.TemporaryDirectory(prefix="tactile-callgrind-") as work_dir, open(f"{out}.err", "w") as errors:
        device = EmulatedDevice(device_name, work_dir, preload)
        command = [part.format(dev=device.description.node) for part in command]
        tool = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
                                env=device.environment, stdout=subprocess.DEVNULL,
                                stderr=errors, start_new_session=True)
        try:
            start = time.monotonic() + LEAD_S
            device.play(stream, start)
            sleep_until(time.monotonic() + SETTLE_S)
        finally:
            stop(tool, signal.SIGINT)
            device.close()
    if not (os.path.exists(out) and os.path.getsize(out)):
        sys.exit(f"under_callgrind: callgrind wrote nothing; see {out}.err")


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run")
    run.add_argument("device", choices=sorted(gesture_stream.SURFACES))
    run.add_argument("seconds", type=float)
    run.add_argument("out")
    run.add_argument("--preload", required=True, help="libraries the tool runs with, colon-separated")
    run.add_argument("tool", nargs=argparse.REMAINDER)
    frames = commands.add_parser("frames")
    frames.add_argument("device", choices=sorted(gesture_stream.SURFACES))
    frames.add_argument("seconds", type=float)
    args = parser.parse_args()
    if args.command == "frames":
        print(len(gesture_stream.build(args.device, args.seconds).frames))
        return
    tool = args.tool[1:] if args.tool[:1] == ["--"] else args.tool
    profile(args.device, args.seconds, args.out, args.preload.split(":"), tool)


if __name__ == "__main__":
    main()
