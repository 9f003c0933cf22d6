"""What a process tree has used so far, read from /proc: CPU time, voluntary context switches, peak RSS.

CPU time is each thread's run time from schedstat (nanoseconds, user and system together), finer than
the clock ticks of /proc/PID/stat. A voluntary context switch is a wake-up after the process slept:
counted while nothing happens, it is how often a tool wakes up for nothing.
"""
import os
from dataclasses import dataclass


def read(path):
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return None


def parent_and_start(pid):
    """(parent pid, start time in ticks), or None when the process is gone."""
    text = read(f"/proc/{pid}/stat")
    if text is None:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after the command name, which may hold spaces
    return int(fields[1]), int(fields[19])


def tree(root):
    """{pid: start time} of `root` and its descendants; the start time tells a reused pid apart."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (info := parent_and_start(int(entry))):
            children.setdefault(info[0], []).append(int(entry))
    found, todo = {}, [root]
    while todo:
        pid = todo.pop()
        if info := parent_and_start(pid):
            found[pid] = info[1]
            todo += children.get(pid, [])
    return found


@dataclass(frozen=True)
class Usage:
    cpu_ns: int
    voluntary_switches: int
    peak_rss_kb: int

    def __sub__(self, earlier):
        return Usage(self.cpu_ns - earlier.cpu_ns, self.voluntary_switches - earlier.voluntary_switches,
                     self.peak_rss_kb)


def usage(pids):
    """{pid: what it used since it started (all its threads)} of those of `pids` still alive."""
    found = {}
    for pid in pids:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        cpu = switches = rss = 0
        for thread in threads:
            cpu += int((read(f"/proc/{pid}/task/{thread}/schedstat") or "0").split()[0])
            for line in (read(f"/proc/{pid}/task/{thread}/status") or "").splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    switches += int(line.split()[1])
        for line in (read(f"/proc/{pid}/status") or "").splitlines():
            if line.startswith("VmHWM:"):
                rss += int(line.split()[1])
        found[pid] = Usage(cpu, switches, rss)
    return found


def total(usages, pids):
    """The sum over `pids` of `usages`: CPU and switches added, peak RSS too (the processes are alive
    together)."""
    chosen = [usages[pid] for pid in pids]
    return Usage(sum(u.cpu_ns for u in chosen), sum(u.voluntary_switches for u in chosen),
                 sum(u.peak_rss_kb for u in chosen))
