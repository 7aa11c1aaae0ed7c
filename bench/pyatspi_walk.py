#!/usr/bin/python3
"""Baseline for bench/linux_capture.ts: an OSWorld-style pyatspi walk of one
window. For every node it reads what OSWorld's in-VM server reads to write
its accessibility XML, which is also what the service's full-detail capture
reads: name, role, states, object attributes, screen position and size of
visible showing nodes, the Image and Selection interfaces, text, value (current,
minimum, maximum, step) and every action's name, description and key binding.
Like OSWorld it stops at depth 50 and at 1024 children per node.

Usage: /usr/bin/python3 bench/pyatspi_walk.py <process-id> <runs> [<title-substring>]
The window is the application's first showing frame (or the first whose
name contains <title-substring>).
Prints one JSON line: {"nodes": N, "ms": [run, ...]}.
"""

import json
import sys
import time

import pyatspi

MAX_DEPTH = 50
MAX_CHILDREN = 1024


def read_node(acc):
    acc.name
    acc.getRoleName()
    states = acc.getState().getStates()
    acc.getAttributes()
    if pyatspi.STATE_VISIBLE in states and pyatspi.STATE_SHOWING in states:
        try:
            component = acc.queryComponent()
            component.getPosition(pyatspi.XY_SCREEN)
            component.getSize()
        except Exception:
            pass
    for query in (acc.queryImage, acc.querySelection):
        try:
            query()
        except Exception:
            pass
    try:
        text = acc.queryText()
        text.getText(0, text.characterCount)
    except Exception:
        pass
    try:
        value = acc.queryValue()
        value.currentValue
        value.minimumValue
        value.maximumValue
        value.minimumIncrement
    except Exception:
        pass
    try:
        action = acc.queryAction()
        for i in range(action.nActions):
            action.getName(i)
            action.getDescription(i)
            action.getKeyBinding(i)
    except Exception:
        pass


def walk(acc, depth):
    read_node(acc)
    count = 1
    if depth >= MAX_DEPTH:
        return count
    for i, child in enumerate(acc):
        if i >= MAX_CHILDREN:
            break
        if child is not None:
            count += walk(child, depth + 1)
    return count


def find_frame(pid, title):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is None or app.get_process_id() != pid:
            continue
        for frame in app:
            if frame is None:
                continue
            if title is not None and title not in frame.name:
                continue
            if title is None and not frame.getState().contains(pyatspi.STATE_SHOWING):
                continue
            return frame
    raise SystemExit(f"no window of process {pid} matches")


def main():
    pid = int(sys.argv[1])
    runs = int(sys.argv[2])
    frame = find_frame(pid, sys.argv[3] if len(sys.argv) > 3 else None)
    times = []
    nodes = 0
    for _ in range(runs):
        started = time.perf_counter()
        nodes = walk(frame, 0)
        times.append((time.perf_counter() - started) * 1000)
    print(json.dumps({"nodes": nodes, "ms": times}))


if __name__ == "__main__":
    main()
