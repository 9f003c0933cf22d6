"""One measured run: a tool reads the emulated device while the stream plays; what it used is sampled.

The tool is the process tree its command starts, as it stands just before the first frame: processes
it starts later (the commands bound to gestures) are not counted, and neither are its companions
(socket and D-Bus clients, started beside it by the harness). Timeline: the tool starts; the
companions connect; LEAD_S after the start the stream plays; SETTLE_S after its last frame the tool's
CPU is read; `idle` seconds later its wake-ups are counted again.
"""
import glob
import os
import shutil
import signal
import subprocess
import time

import process_usage
from emulated_device import EmulatedDevice

LEAD_S = 3      # the tool's start-up (and its clients' connections) stay out of the measurement
SETTLE_S = 2    # time to finish the last gesture before the CPU is read
CONNECT_S = 10  # how long companions may take to be served


def sleep_until(moment):
    while (wait := moment - time.monotonic()) > 0:
        time.sleep(wait)


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        time.sleep(0.02)


def stop(process, signal_number):
    """Signals the process's group and waits for it, killing it when it does not end."""
    try:
        os.killpg(process.pid, signal_number)
        process.wait(5)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(5)


def contains(path, text):
    return text in (process_usage.read(path) or "")


def start_companions(variant, paths, prefix, tactile, touchegg_client):
    """The socket's `tactile listen` clients and the Touchégg client, each writing to its own file,
    started once the daemon serves and returned once each says it is connected."""
    companions = []
    if variant.socket_clients is not None:
        wait_for(lambda: os.path.exists(paths["socket"]), CONNECT_S, "the daemon's socket")
    for k in range(variant.socket_clients or 0):
        out, err = f"{prefix}.client{k}.out", f"{prefix}.client{k}.err"
        companions.append((subprocess.Popen([tactile, "listen", "--socket", paths["socket"]],
                                            stdout=open(out, "w"), stderr=open(err, "w"), start_new_session=True),
                           out, err, "connected to"))
    if variant.touchegg_client:
        wait_for(lambda: os.path.exists(paths["touchegg"]), CONNECT_S, "the daemon's Touchégg socket")
        out, err = f"{prefix}.touchegg.out", f"{prefix}.touchegg.err"
        companions.append((subprocess.Popen(["/usr/bin/python3", touchegg_client, "unix:path=" + paths["touchegg"]],
                                            stdout=open(out, "w"), stderr=open(err, "w"), start_new_session=True),
                           out, out, "connected"))
    for _, _, log, said in companions:
        wait_for(lambda: contains(log, said), CONNECT_S, f"a client to say '{said}' in {log}")
    return companions


def measure(variant, stream, idle, work_dir, prefix, helpers, keep_output):
    """Runs `variant` on `stream` and returns what it used. The tool's stdout goes to /dev/null, or
    with `keep_output` to `prefix`.out (its stderr and its clients' outputs always go to `prefix`.*).
    The files are written in `work_dir`, in memory, and moved afterwards: a disk's cost per write
    would be charged to the clients' machine time and, kept, to the tool."""
    scratch = os.path.join(work_dir, os.path.basename(prefix))
    paths = {"socket": os.path.join(work_dir, "tactile.sock"), "touchegg": os.path.join(work_dir, "touchegg.sock")}
    for path in paths.values():
        if os.path.exists(path):
            os.unlink(path)
    device = EmulatedDevice(variant.device, work_dir, helpers.preload)
    command = [part.format(dev=device.description.node, **paths) for part in variant.command]
    tool = subprocess.Popen(command, env=dict(device.environment, **variant.environment),
                            stdout=open(f"{scratch}.out" if keep_output else os.devnull, "w"),
                            stderr=open(f"{scratch}.err", "w"),
                            start_new_session=True)
    started = time.monotonic()
    companions = []
    try:
        companions = start_companions(variant, paths, scratch, helpers.tactile, helpers.touchegg_client)
        start = max(started + LEAD_S, time.monotonic() + 1)
        sleep_until(start - 0.05)
        members = process_usage.tree(tool.pid)
        before = process_usage.usage(members)
        late_median, late_worst = device.play(stream, start)
        end = time.monotonic()
        sleep_until(end + SETTLE_S)
        # only what lived through the whole stream: a pid reused since would have another start time
        now = process_usage.tree(tool.pid)
        members = [pid for pid, began in members.items() if now.get(pid) == began and pid in before]
        after = process_usage.usage(members)
        sleep_until(end + SETTLE_S + idle)
        members = [pid for pid in members if pid in after]
        idled = process_usage.usage(members)
        members = [pid for pid in members if pid in idled]
        during = process_usage.total(after, members) - process_usage.total(before, members)
        idling = process_usage.total(idled, members) - process_usage.total(after, members)
    finally:
        stop(tool, signal.SIGINT)
        for companion, *_ in companions:
            stop(companion, signal.SIGTERM)
        device.close()
        for file in glob.glob(glob.escape(scratch) + ".*"):
            shutil.move(file, os.path.dirname(prefix))
    events = stream.event_count
    return dict(
        variant=variant.name, device=variant.device, events=events, frames=len(stream.frames),
        gestures=len(stream.gestures), stream_start=start,
        cpu_s=during.cpu_ns / 1e9, us_per_event=during.cpu_ns / 1e3 / events,
        peak_rss_kb=idling.peak_rss_kb, idle_wakeups_per_s=idling.voluntary_switches / idle,
        wakeups_per_frame=during.voluntary_switches / len(stream.frames),
        processes=len(members), late_us_median=round(late_median), late_us_worst=round(late_worst),
        output=f"{prefix}.out" if keep_output else None,
        client_outputs=[os.path.join(os.path.dirname(prefix), os.path.basename(out)) for _, out, _, _ in companions],
        load=float(process_usage.read("/proc/loadavg").split()[0]))
