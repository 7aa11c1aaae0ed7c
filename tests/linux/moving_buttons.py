#!/usr/bin/python3
"""A GTK 3 window whose buttons move, for the Linux tests of element verbs'
stability check: "Runaway" moves 4 px every 30 ms for as long as the window
is open; "Settling" moves the same way for 25 steps each time "Shake" is
clicked, then stays. A label counts the clicks each button received.

Usage: /usr/bin/python3 tests/linux/moving_buttons.py
"""

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

STEP_MS = 30
STEP_PX = 4
SPAN_PX = 200


def main():
    window = Gtk.Window(title="Moving buttons")
    window.set_default_size(480, 360)
    window.connect("destroy", Gtk.main_quit)
    fixed = Gtk.Fixed()
    window.add(fixed)
    clicks = {"Runaway": 0, "Settling": 0}
    label = Gtk.Label(label="Runaway 0, Settling 0")
    fixed.put(label, 20, 300)

    def count(button):
        clicks[button.get_label()] += 1
        label.set_text(f"Runaway {clicks['Runaway']}, Settling {clicks['Settling']}")

    runaway = Gtk.Button(label="Runaway")
    settling = Gtk.Button(label="Settling")
    shake = Gtk.Button(label="Shake")
    for button in (runaway, settling):
        button.connect("clicked", count)
    fixed.put(runaway, 20, 20)
    fixed.put(settling, 20, 120)
    fixed.put(shake, 20, 220)

    offsets = {"Runaway": 0, "Settling": 0}
    steps_left = {"Settling": 0}

    def move(button, y):
        name = button.get_label()
        offsets[name] = (offsets[name] + STEP_PX) % SPAN_PX
        fixed.move(button, 20 + offsets[name], y)

    def tick():
        move(runaway, 20)
        if steps_left["Settling"] > 0:
            steps_left["Settling"] -= 1
            move(settling, 120)
        return True

    def start_shaking(_button):
        steps_left["Settling"] = 25

    shake.connect("clicked", start_shaking)
    GLib.timeout_add(STEP_MS, tick)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
