// The login scenario (scenarios/login.yaml) as plain trees, shared by the
// hash, diff, prose and sketch tests that check the spec's own vectors.

import { assignIds, type Element, element } from "../../lib/model/tree.ts";

/** State `start`, with the fields' values as given. */
export function loginTree(username = "", password = ""): Element {
  return assignIds(element("Window", "Acme Login", [100, 100, 800, 600], {}, [
    element("Edit", "Username", [200, 200, 240, 24], { value: username }),
    element("Edit", "Password", [200, 240, 240, 24], { value: password }),
    element("Button", "Login", [200, 280, 100, 28]),
  ]));
}

/** State `welcome`. */
export function welcomeTree(): Element {
  return assignIds(element("Window", "Acme — Welcome", [100, 100, 800, 600], {}, [
    element("Text", "Hello, alice", [200, 200, 240, 24]),
  ]));
}

/** The custom diff from `start` to `welcome`. */
export const START_TO_WELCOME_CHANGES = [
  { op: "replace", path: "", fields: { name: "Acme — Welcome" } },
  { op: "remove", path: "0" },
  { op: "remove", path: "1" },
  { op: "remove", path: "2" },
  {
    op: "add",
    path: "0",
    node: {
      id: "root.0",
      name: "Hello, alice",
      role: "Text",
      value: null,
      bounds: { x: 200, y: 200, width: 240, height: 24 },
      enabled: true,
      focused: false,
      keyboard_shortcut: null,
      description: null,
      children: [],
    },
  },
];
