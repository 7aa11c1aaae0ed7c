#!/usr/bin/python3
"""Reference walker for the Linux adapter's tests: an uncached walk straight
over the accessibility bus (D-Bus calls org.a11y.atspi.Accessible.GetChildren,
GetRole, GetState, GetInterfaces, GetAttributes, the Name property,
Action.GetActions and Text.GetText), without libatspi's cache, so it sees the
children each object reports, in the order it reports them, and every fact
the service's `detail=full` reports.

Usage: /usr/bin/python3 tests/linux/reference_walk.py <process-id> <frame title>
       /usr/bin/python3 tests/linux/reference_walk.py --desktop
Prints one JSON tree: {"role", "name", "states": [...], "attributes": {...},
"actions": [[name, description, key binding], ...], "interfaces": [...],
"text": str or null, "children": [...]}; --desktop walks every application.
"""

import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

ACCESSIBLE = "org.a11y.atspi.Accessible"
ROOT = "/org/a11y/atspi/accessible/root"
# AtspiStateType names by number, as the service writes them.
STATE_NAMES = [Atspi.StateType(i).value_nick.replace("-", "_")
               for i in range(int(Atspi.StateType.LAST_DEFINED))]
# D-Bus interface names → the names the service lists.
INTERFACES = {"org.a11y.atspi.Action": "action", "org.a11y.atspi.Component": "component",
              "org.a11y.atspi.Document": "document", "org.a11y.atspi.EditableText":
              "editable_text", "org.a11y.atspi.Hypertext": "hypertext",
              "org.a11y.atspi.Image": "image", "org.a11y.atspi.Selection": "selection",
              "org.a11y.atspi.Table": "table", "org.a11y.atspi.Text": "text",
              "org.a11y.atspi.Value": "value"}
# Unnamed objects of these roles take the name of what they are labelled by,
# as a screen reader does (and as the adapter does).
LABELLED_ROLES = {"text", "entry", "password text", "combo box", "spin button", "slider",
                  "list", "list box", "table", "tree", "tree table"}
RELATION_LABELLED_BY = 2


def a11y_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                              None, GLib.VariantType("(s)"), 0, 5000, None)
    address = reply.unpack()[0]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | \
        Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def call(bus, name, path, method, signature=None, args=None, interface=ACCESSIBLE):
    reply = bus.call_sync(name, path, interface, method, args,
                          GLib.VariantType(signature) if signature else None, 0, 5000, None)
    return reply.unpack()


def prop(bus, name, path, key, interface=ACCESSIBLE):
    return call(bus, name, path, "Get", "(v)", GLib.Variant("(ss)", (interface, key)),
                "org.freedesktop.DBus.Properties")[0]


def label_of(bus, name, path):
    """The first labelled-by target's name, or ""."""
    for relation, targets in call(bus, name, path, "GetRelationSet", "(a(ua(so)))")[0]:
        if relation != RELATION_LABELLED_BY:
            continue
        for target_name, target_path in targets:
            label = prop(bus, target_name, target_path, "Name").strip()
            if label:
                return label
    return ""


def node(bus, name, path, depth=0):
    states = call(bus, name, path, "GetState", "(au)")[0]
    bits = 0
    for i, word in enumerate(states):
        bits |= word << (32 * i)
    # libatspi's name for the role number, as the adapter reads it (no cache involved).
    role = Atspi.role_get_name(Atspi.Role(call(bus, name, path, "GetRole", "(u)")[0]))
    own_name = prop(bus, name, path, "Name").strip()
    interfaces = sorted(INTERFACES[i] for i in call(bus, name, path, "GetInterfaces", "(as)")[0]
                        if i in INTERFACES)
    text = None
    if "text" in interfaces:
        count = prop(bus, name, path, "CharacterCount", "org.a11y.atspi.Text")
        text = call(bus, name, path, "GetText", "(s)", GLib.Variant("(ii)", (0, count)),
                    "org.a11y.atspi.Text")[0]
    actions = []
    if "action" in interfaces:
        actions = [list(a) for a in call(bus, name, path, "GetActions", "(a(sss))", None,
                                         "org.a11y.atspi.Action")[0]]
    out = {
        "role": role,
        "name": own_name or (label_of(bus, name, path) if role in LABELLED_ROLES else ""),
        "states": [n for i, n in enumerate(STATE_NAMES) if i > 0 and bits >> i & 1],
        "attributes": call(bus, name, path, "GetAttributes", "(a{ss})")[0],
        "actions": actions,
        "interfaces": interfaces,
        "text": text,
        "children": [],
    }
    if depth < 200:
        for child_name, child_path in call(bus, name, path, "GetChildren", "(a(so))")[0]:
            out["children"].append(node(bus, child_name, child_path, depth + 1))
    return out


def main():
    bus = a11y_bus()
    if sys.argv[1] == "--desktop":
        print(json.dumps(node(bus, "org.a11y.atspi.Registry", ROOT)))
        return
    pid, title = int(sys.argv[1]), sys.argv[2]
    for app_name, app_path in call(bus, "org.a11y.atspi.Registry", ROOT, "GetChildren",
                                   "(a(so))")[0]:
        owner_pid = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                  "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                                  GLib.Variant("(s)", (app_name,)), GLib.VariantType("(u)"),
                                  0, 5000, None).unpack()[0]
        if owner_pid != pid:
            continue
        frames = call(bus, app_name, app_path, "GetChildren", "(a(so))")[0]
        for frame_name, frame_path in frames:
            if prop(bus, frame_name, frame_path, "Name").strip() in (title, ""):
                print(json.dumps(node(bus, frame_name, frame_path)))
                return
    sys.exit(f"no frame titled {title!r} for process {pid}")


main()
