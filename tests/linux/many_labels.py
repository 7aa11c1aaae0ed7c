#!/usr/bin/python3
"""A GTK 3 window with a large accessibility tree, for the Linux tests:
<rows> rows of <columns> labels each inside a scrolled window, so the
tree has about rows × (columns + 1) nodes. The title names the size.

Usage: /usr/bin/python3 tests/linux/many_labels.py <rows> <columns>
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402


def main():
    rows, columns = int(sys.argv[1]), int(sys.argv[2])
    window = Gtk.Window(title=f"Many labels {rows}x{columns}")
    window.set_default_size(800, 600)
    window.connect("destroy", Gtk.main_quit)
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    for r in range(rows):
        row = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL)
        for c in range(columns):
            row.pack_start(Gtk.Label(label=f"r{r}c{c}"), False, False, 2)
        outer.pack_start(row, False, False, 0)
    scrolled = Gtk.ScrolledWindow()
    scrolled.add(outer)
    window.add(scrolled)
    window.show_all()
    Gtk.main()


main()
