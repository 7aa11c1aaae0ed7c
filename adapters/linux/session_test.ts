import { strict as assert } from "node:assert";
import { backendOf, chooseSession, type LinuxSession, type SessionChoice } from "./session.ts";

const CASES: Array<[SessionChoice, Record<string, string>, LinuxSession, string]> = [
  [
    "auto",
    { WAYLAND_DISPLAY: "wayland-1", XDG_SESSION_TYPE: "wayland" },
    "wayland",
    "a Wayland session",
  ],
  ["auto", { WAYLAND_DISPLAY: "wayland-1" }, "wayland", "a compositor without a session manager"],
  ["auto", { XDG_SESSION_TYPE: "x11" }, "x11", "an X11 session"],
  [
    "auto",
    { WAYLAND_DISPLAY: "wayland-1", XDG_SESSION_TYPE: "x11" },
    "x11",
    "X11 said, a nested compositor aside",
  ],
  ["auto", { XDG_SESSION_TYPE: "wayland" }, "wayland", "the session says Wayland"],
  ["auto", {}, "x11", "nothing said: X11 (Xvfb)"],
  [
    "x11",
    { WAYLAND_DISPLAY: "wayland-1", XDG_SESSION_TYPE: "wayland" },
    "x11",
    "forced X11 (XWayland)",
  ],
  ["wayland", {}, "wayland", "forced Wayland"],
];
for (const [choice, env, expected, name] of CASES) {
  Deno.test(`chooseSession: ${name} → ${expected}`, () => {
    assert.equal(chooseSession(choice, env), expected);
  });
}

Deno.test("backendOf: X11 as it is; Wayland through sway's IPC when SWAYSOCK says where, else the portal", () => {
  assert.equal(backendOf("x11", { SWAYSOCK: "/run/sway.sock" }), "x11");
  assert.equal(backendOf("wayland", { SWAYSOCK: "/run/sway.sock" }), "sway");
  assert.equal(backendOf("wayland", {}), "portal");
});
