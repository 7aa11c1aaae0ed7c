#!/usr/bin/python3
"""Baseline for bench/linux_capture.ts: a pyatspi walk of one application's
first frame collecting, for every node, what the service's capture collects:
name, role, states, screen extents, text and value.

Usage: /usr/bin/python3 bench/pyatspi_walk.py <process-id> <runs>
Prints one JSON line: {"nodes": N, "ms": [run, ...]}.
"""

import json
import sys
import time

import pyatspi


def walk(acc):
    count = 1
    acc.name
    acc.getRoleName()
    acc.getState().getStates()
    try:
        acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    except NotImplementedError:
        pass
    try:
        text = acc.queryText()
        text.getText(0, -1)
    except NotImplementedError:
        try:
            acc.queryValue().currentValue
        except NotImplementedError:
            pass
    for child in acc:
        if child is not None:
            count += walk(child)
    return count


def main():
    pid = int(sys.argv[1])
    runs = int(sys.argv[2])
    desktop = pyatspi.Registry.getDesktop(0)
    app = next(a for a in desktop if a is not None and a.get_process_id() == pid)
    frame = app[0]
    times = []
    nodes = 0
    for _ in range(runs):
        started = time.perf_counter()
        nodes = walk(frame)
        times.append((time.perf_counter() - started) * 1000)
    print(json.dumps({"nodes": nodes, "ms": times}))


main()
