// Which display server a Linux desktop runs: Wayland when the session says so
// (WAYLAND_DISPLAY set, XDG_SESSION_TYPE not x11), else X11; a setting or a
// flag forces either. Pure.

export type LinuxSession = "x11" | "wayland";
export type SessionChoice = LinuxSession | "auto";

export function chooseSession(
  choice: SessionChoice,
  env: { WAYLAND_DISPLAY?: string; XDG_SESSION_TYPE?: string },
): LinuxSession {
  if (choice !== "auto") return choice;
  const type = env.XDG_SESSION_TYPE?.toLowerCase();
  if (type === "wayland") return "wayland";
  if (type === "x11") return "x11";
  return env.WAYLAND_DISPLAY ? "wayland" : "x11";
}
