#!/usr/bin/python3
"""Baseline for bench/apps.ts: the rows of OSWorld's linearized accessibility
table for one window, from a plain pyatspi walk. The walk reads what OSWorld's
in-VM server writes into its XML for each node (role as the tag, name, states,
screen position and size of visible showing nodes, text without U+FFFC/U+FFFD)
down to depth 50 and 1024 children per node; the rows are the nodes OSWorld's
agent-side filter keeps (the tag rules, showing and visible, one of enabled /
editable / expandable / checkable, a name or text, a non-negative position and
a positive size).

Usage: /usr/bin/python3 bench/osworld_table.py <process-id> [<title-substring>]
Prints one JSON line: {"rows": [[tag, name, text, [x, y], [w, h], unused], ...]},
where unused says the node is inside a menu bar that takes no room on the
screen (LibreOffice keeps its own at height 0 beside the toolkit's).
"""

import json
import re
import sys

import pyatspi

from pyatspi_walk import MAX_CHILDREN, MAX_DEPTH, find_frame

KEPT_SUFFIXES = ("item", "button", "heading", "label", "scrollbar", "searchbox", "textbox",
                 "link", "tabelement", "textfield", "textarea", "menu")
KEPT_TAGS = {"alert", "canvas", "check-box", "combo-box", "entry", "icon", "image", "paragraph",
             "scroll-bar", "section", "slider", "static", "table-cell", "terminal", "text"}
ACTIONABLE = ("enabled", "editable", "expandable", "checkable")
# Characters XML 1.0 cannot hold: OSWorld's lxml refuses them, so names lose them.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def states_of(acc):
    names = set()
    for state in acc.getState().getStates():
        name = pyatspi.StateType._enum_lookup[state].split("_", 1)[1].lower()
        if name:
            names.add(name)
    return names


def text_of(acc):
    try:
        text = acc.queryText()
    except Exception:
        return ""
    return text.getText(0, text.characterCount).replace("\ufffc", "").replace("\ufffd", "")


def unused_bar(acc):
    if acc.getRoleName() != "menu bar":
        return False
    try:
        _, _, w, h = acc.queryComponent().getExtents(pyatspi.XY_SCREEN)
    except Exception:
        return False
    return w <= 0 or h <= 0


def kept(acc, rows, unused):
    tag = (acc.getRoleName().strip() or "unknown").replace(" ", "-")
    if not (tag.startswith("document") or tag.endswith(KEPT_SUFFIXES) or tag in KEPT_TAGS):
        return
    states = states_of(acc)
    if "showing" not in states or "visible" not in states:
        return
    if not any(s in states for s in ACTIONABLE):
        return
    name = NOT_XML.sub("", acc.name or "")
    text = text_of(acc)
    if name == "" and text == "":
        return
    try:
        x, y, w, h = acc.queryComponent().getExtents(pyatspi.XY_SCREEN)
    except Exception:
        return
    if x < 0 or y < 0 or w <= 0 or h <= 0:
        return
    rows.append([tag, name, text, [x, y], [w, h], unused])


def walk(acc, depth, rows, unused=False):
    kept(acc, rows, unused)
    unused = unused or unused_bar(acc)
    if depth >= MAX_DEPTH:
        return
    for i, child in enumerate(acc):
        if i >= MAX_CHILDREN:
            break
        if child is not None:
            walk(child, depth + 1, rows, unused)


def main():
    frame = find_frame(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else None)
    rows = []
    walk(frame, 0, rows)
    print(json.dumps({"rows": rows}))


main()
