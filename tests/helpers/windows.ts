// A window as adapters list them, for tests that only care about its title and focus.

import type { WindowInfo } from "../../lib/model/tree.ts";

export function windowNamed(title: string, focused = false): WindowInfo {
  return {
    handle: title,
    title,
    process: "p",
    pid: 1,
    bounds: { x: 0, y: 0, width: 10, height: 10 },
    focused,
    window_uid: `uid:${title}`,
  };
}
