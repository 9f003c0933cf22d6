"""The tables, in Markdown, from the runs' results.

Net µs/event is a run's µs per input event minus the null reader's in the same round on the same
device: the tools ran one after the other in every round, so a round's noise falls on all of them.
Ratios are taken round by round too, then their median is shown; a figure's median comes with its
range over the rounds.
"""
import math
import statistics

import began_latency
import gesture_stream
import recognized
from variants import LIBINPUT, NULL_READER, TACTILE, TACTILE_TOGETHER_OFF


def percentile(values, fraction):
    """Nearest rank: the smallest value at least `fraction` of the values do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


class Rounds:
    """The measured results by variant and device, each a list in round order, and round 0's, whose
    outputs were kept."""

    def __init__(self, results):
        self.by_key, self.printed = {}, {}
        for result in results:
            key = (result["variant"], result["device"])
            if result["round"] == 0:
                self.printed[key] = result
            else:
                self.by_key.setdefault(key, {})[result["round"]] = result
        self.rounds = sorted({r["round"] for r in results if r["round"] > 0})

    def has(self, name, device):
        return (name, device) in self.by_key

    def runs(self, name, device):
        runs = self.by_key[(name, device)]
        return [runs[n] for n in self.rounds if n in runs]

    def net(self, name, device):
        """{round: net µs/event}"""
        floor = self.by_key.get((NULL_READER, device), {})
        return {n: r["us_per_event"] - floor[n]["us_per_event"]
                for n, r in self.by_key[(name, device)].items() if n in floor}

    def ratio(self, name, device, reference):
        """Median over rounds of name's net over reference's net."""
        mine, theirs = self.net(name, device), self.net(reference, device)
        ratios = [mine[n] / theirs[n] for n in mine if n in theirs and theirs[n] > 0]
        return f"{statistics.median(ratios):.2f}" if ratios else "–"


def recognized_by(rounds, name, device):
    printed = rounds.printed.get((name, device))
    return recognized.describe(recognized.tally(printed["output"], name)) if printed else "–"


def tools_table(rounds):
    lines = ["| tool | device | µs/event | net µs/event | net ÷ Tactile's | peak RSS (MB) | idle wake-ups/s "
             "| recognized |",
             "|---|---|---|---|---|---|---|---|"]
    for (name, device) in rounds.by_key:
        runs = rounds.runs(name, device)
        if runs[0]["group"] != "tools":
            continue
        net = list(rounds.net(name, device).values()) if name != NULL_READER else []
        lines.append("| " + " | ".join([
            name, device, spread([r["us_per_event"] for r in runs]),
            spread(net) if net else "–",
            rounds.ratio(name, device, TACTILE) if net and rounds.has(TACTILE, device) else "–",
            f"{statistics.median(r['peak_rss_kb'] for r in runs) / 1024:.1f}",
            f"{statistics.median(r['idle_wakeups_per_s'] for r in runs):.1f}",
            recognized_by(rounds, name, device)]) + " |")
    return "\n".join(lines)


def socket_table(rounds):
    delivering = [(n, n) for (n, d) in rounds.by_key if d == "touchpad" and rounds.runs(n, d)[0]["group"] == "socket"]
    if not delivering:
        return ""
    rows = [(TACTILE + ", stdout (/dev/null)", TACTILE)] + delivering
    lines = ["| Tactile on the touchpad, delivering to | µs/event | net µs/event | net ÷ stdout's | lines (signals) each client got |",
             "|---|---|---|---|---|"]
    for label, name in rows:
        if not rounds.has(name, "touchpad"):
            continue
        runs = rounds.runs(name, "touchpad")
        counts = [recognized.delivered(path) for r in runs for path in r["client_outputs"]]
        lines.append("| " + " | ".join([
            label, spread([r["us_per_event"] for r in runs]), spread(list(rounds.net(name, "touchpad").values())),
            rounds.ratio(name, "touchpad", TACTILE),
            (f"{min(counts)}–{max(counts)}" if min(counts) != max(counts) else str(counts[0])) if counts else "–"])
            + " |")
    one, ten = "Tactile, socket, 1 client", "Tactile, socket, 10 clients"
    if rounds.has(one, "touchpad") and rounds.has(ten, "touchpad"):
        lines.append(f"\n10 clients ÷ 1 client, net, median of the rounds: {rounds.ratio(ten, 'touchpad', one)}")
        lines.append(f"\nEach client beyond the first, per line it is sent: {per_client_line(rounds, one, ten):.1f} µs")
    return "\n".join(lines)


def per_client_line(rounds, one, ten):
    """Median over rounds of what the 9 clients more cost, per line each was sent, in µs."""
    first, tenth = rounds.net(one, "touchpad"), rounds.net(ten, "touchpad")
    costs = []
    for run in rounds.runs(ten, "touchpad"):
        if run["round"] in first:
            lines = statistics.median(recognized.delivered(path) for path in run["client_outputs"])
            costs.append((tenth[run["round"]] - first[run["round"]]) * run["events"] / (9 * lines))
    return statistics.median(costs)


def latency_table(rounds, seconds):
    libinput = rounds.printed.get((LIBINPUT, "touchpad"))
    if not libinput:
        return ""
    stream = gesture_stream.build("touchpad", seconds)
    swipes = sum(1 for g in stream.gestures if g.kind.startswith("swipe3"))
    lines = []
    for name in (TACTILE, TACTILE_TOGETHER_OFF):
        tactile = rounds.printed.get((name, "touchpad"))
        if not tactile:
            continue
        samples = began_latency.differences(stream, libinput["output"], tactile["output"], tactile["stream_start"])
        if not samples:
            lines += [f"{name}: no 3-finger swipe was begun by both it and libinput (of {swipes} played).", ""]
            continue
        lines += [f"| {name}: 3-finger swipes ({len(samples)} of {swipes} played, begun by both) | median "
                  "| 90th percentile | earliest | latest |",
                  "|---|---|---|---|---|"]
        for label, column in (("libinput's GESTURE_SWIPE_BEGIN, ms after touch-down", 0),
                              ("the drag's `began`, ms after touch-down", 1),
                              ("the drag's `began` − libinput's, ms", 2)):
            values = [s[column] for s in samples]
            figures = (statistics.median(values), percentile(values, 0.9), min(values), max(values))
            lines.append(f"| {label} | " + " | ".join(str(round(f)) for f in figures) + " |")
        lines.append("")
    return "\n".join(lines)


def render(results, header, seconds):
    rounds = Rounds(results)
    parts = [header, "", tools_table(rounds), "", socket_table(rounds), "", latency_table(rounds, seconds)]
    return "\n".join(parts).rstrip() + "\n"
