#!/usr/bin/python3
"""Runs the variants round by round and prints the tables (bench/peers/run sets everything up).

  peers.py measure --tactile BIN --null-reader BIN --preload LIBS --touchegg-client SCRIPT --out DIR
                   [--rounds N] [--seconds S] [--idle S] [--only tools|socket] [--libinput-gestures DIR]
  peers.py summary DIR     the tables again, from DIR/results.jsonl
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import gesture_stream
import measured_run
import summary
import variants


def version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def libinput_gestures_setup(location, work_dir):
    """(script, configuration, environment) for the libinput-gestures at `location`, a checkout or a
    bare git directory (its HEAD is used), with a private D-Bus for the session-lock listener it
    starts, which only logs a traceback without one. Also the bus's pid, to stop it."""
    script = os.path.join(location, "libinput-gestures")
    if not os.path.isfile(script):
        tree = os.path.join(work_dir, "libinput-gestures")
        os.makedirs(tree)
        archive = subprocess.run(["git", "--git-dir", location, "archive", "HEAD"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        script = os.path.join(tree, "libinput-gestures")
    configuration = os.path.join(work_dir, "libinput-gestures.conf")
    with open(configuration, "w") as file:
        file.write(variants.libinput_gestures_configuration())
    bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                         capture_output=True, text=True, check=True).stdout.split()
    return (script, configuration, {"DBUS_SYSTEM_BUS_ADDRESS": bus[0]}), int(bus[1])


def header(args, script):
    lg = "libinput-gestures: not measured (no checkout given)"
    if script:
        with open(script) as file:
            lg = "libinput-gestures " + next((line.split("'")[1] for line in file if line.startswith("VERSION =")), "?")
    lisgd = version(["dpkg-query", "-W", "-f=${Version}", "lisgd"])
    return (f"{version([args.tactile, '--version'])}; libinput {version(['libinput', '--version'])}; "
            f"lisgd {lisgd}; {lg}; umockdev {version(['umockdev-run', '--version'])}; "
            f"Linux {os.uname().release}, {os.cpu_count()} cores; {args.rounds} rounds × {args.seconds:g} s streams")


def measure(args):
    os.makedirs(os.path.join(args.out, "runs"), exist_ok=True)
    # in memory: the tools' outputs are written here (see measured_run.measure)
    work_dir = tempfile.mkdtemp(prefix="tactile-peers-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    bus = None
    helpers = argparse.Namespace(tactile=args.tactile, preload=args.preload.split(":"),
                                 touchegg_client=args.touchegg_client)
    try:
        lg = None
        if args.libinput_gestures:
            lg, bus = libinput_gestures_setup(args.libinput_gestures, work_dir)
        chosen = [v for v in variants.all_variants(args.tactile, args.null_reader, lg)
                  if v.group in args.only or (v.device == "touchpad" and v.name in (variants.NULL_READER,
                                                                                    variants.TACTILE))]
        if not shutil.which("lisgd"):
            print("lisgd: not installed, skipped", file=sys.stderr)
            chosen = [v for v in chosen if v.name != "lisgd"]
        streams = {device: gesture_stream.build(device, args.seconds) for device in gesture_stream.SURFACES}
        with open(os.path.join(args.out, "settings.json"), "w") as file:
            json.dump({"header": header(args, lg and lg[0]), "seconds": args.seconds}, file)
        results = os.path.join(args.out, "results.jsonl")
        # round 0 keeps what the tools print, to see what they recognized and when; it is not measured
        printing = [v for v in chosen if v.group == "tools" and v.name != variants.NULL_READER]
        for round_ in range(0, args.rounds + 1):
            # each round starts one variant later, so no tool always runs first
            shift = (round_ - 1) % len(chosen)
            for variant in printing if round_ == 0 else chosen[shift:] + chosen[:shift]:
                slug = f"{variant.name}-{variant.device}".lower().replace(",", "").replace(" ", "-")
                prefix = os.path.join(args.out, "runs", f"{round_}-{slug}")
                result = measured_run.measure(variant, streams[variant.device], args.idle, work_dir, prefix, helpers,
                                              keep_output=round_ == 0)
                result.update({"round": round_, "group": variant.group})
                print(f"round {round_}: {variant.name} on the {variant.device}: {result['us_per_event']:.2f} µs/event",
                      file=sys.stderr, flush=True)
                with open(results, "a") as file:
                    file.write(json.dumps(result) + "\n")
    finally:
        if bus:
            os.kill(bus, 15)
        shutil.rmtree(work_dir, ignore_errors=True)
    print_summary(args.out)


def print_summary(out):
    with open(os.path.join(out, "results.jsonl")) as file:
        results = [json.loads(line) for line in file]
    with open(os.path.join(out, "settings.json")) as file:
        settings = json.load(file)
    text = summary.render(results, settings["header"], settings["seconds"])
    with open(os.path.join(out, "summary.md"), "w") as file:
        file.write(text)
    print(text, end="")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("measure")
    run.add_argument("--tactile", required=True)
    run.add_argument("--null-reader", required=True)
    run.add_argument("--preload", required=True, help="libraries the tools run with, colon-separated")
    run.add_argument("--touchegg-client", required=True)
    run.add_argument("--out", required=True)
    run.add_argument("--rounds", type=int, default=3)
    run.add_argument("--seconds", type=float, default=20)
    run.add_argument("--idle", type=float, default=5)
    run.add_argument("--only", choices=["tools", "socket"], action="append")
    run.add_argument("--libinput-gestures")
    again = commands.add_parser("summary")
    again.add_argument("out")
    args = parser.parse_args()
    if args.command == "measure":
        args.only = args.only or ["tools", "socket"]
        measure(args)
    else:
        print_summary(args.out)


if __name__ == "__main__":
    main()
