// Which display server a Linux desktop runs: Wayland when the session says so
// (WAYLAND_DISPLAY set, XDG_SESSION_TYPE not x11), else X11; a setting or a
// flag forces either. On Wayland, sway (and compositors with its IPC) is
// driven directly, any other (GNOME, KDE) through xdg-desktop-portal. Pure.

export type LinuxSession = "x11" | "wayland";
export type SessionChoice = LinuxSession | "auto";
/** Who serves a session: X11, a wlroots compositor with sway's IPC, or xdg-desktop-portal. */
export type LinuxBackend = "x11" | "sway" | "portal";

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

/** A Wayland session is driven through sway's IPC where sway says where it is, else the portal. */
export function backendOf(session: LinuxSession, env: { SWAYSOCK?: string }): LinuxBackend {
  if (session === "x11") return "x11";
  return env.SWAYSOCK ? "sway" : "portal";
}
