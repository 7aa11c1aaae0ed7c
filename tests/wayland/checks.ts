// What the Wayland tests share: whether the parts are here, a wait bounded by
// time, and the check that gnome-calculator's "=" key (the only orange one) is
// drawn where its tree's box says.

import { strict as assert } from "node:assert";
import { partAvailable } from "../helpers/parts.ts";
import { waitFor } from "../helpers/proc.ts";
import { decodeBase64 } from "../helpers/http.ts";
import { type Client, findAll } from "../linux/linux_service.ts";
import { WAYLAND_PACKAGES, waylandAvailable } from "./desktop.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import type { Element } from "../../lib/model/tree.ts";

/** False (skip) or throws under OSO_REQUIRE_ALL_PARTS when sway and its parts are missing. */
export function waylandPart(): boolean {
  return Deno.build.os === "linux" &&
    partAvailable(
      "a headless Wayland desktop (sway, XWayland, D-Bus, at-spi2-core)",
      waylandAvailable(),
      `apt-get install ${WAYLAND_PACKAGES}`,
    );
}

/** Polls until `probe` answers non-null, for 30 s (the application reacts in its own time). */
export function eventually<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  return waitFor(what, probe, 30_000);
}

/**
 * The calculator's "=" key's box on the full screenshot's orange pixels:
 * orange just inside its left, right and top edges and on its vertical axis
 * (a quarter down, away from the white "=" glyph), not orange just outside.
 * Returns the key's element.
 */
export async function equalsKeyDrawnAtItsBox(
  api: Client,
  uid: string,
  screen: { width: number; height: number },
): Promise<Element> {
  const tree = await api.structure(uid);
  const equals = findAll(tree, (e) => e.name === "=" && e.bounds.height > 40)[0];
  assert.ok(equals, "the = key's label");
  const shot = await api.get("/api/screenshot?format=png");
  assert.equal(shot.status, 200);
  const image = await decodePng(decodeBase64(String(shot.body.data)));
  assert.deepEqual([image.width, image.height], [screen.width, screen.height]);
  const orange = (x: number, y: number) => {
    const at = (x + y * image.width) * 4;
    const [r, g, b] = image.data.subarray(at, at + 3);
    return r > 200 && g > 60 && g < 160 && b < 80;
  };
  const { x: left, y: top, width, height } = equals.bounds;
  const x = left + Math.floor(width / 2);
  const y = top + Math.floor(height / 4);
  const right = left + width - 1;
  assert.deepEqual(
    [
      [orange(x, y), orange(left + 4, y), orange(right - 4, y), orange(x, top + 4)],
      [orange(left - 8, y), orange(right + 8, y), orange(x, top - 8)],
    ],
    [[true, true, true, true], [false, false, false]],
    `the = key ${JSON.stringify(equals.bounds)} on the screenshot`,
  );
  return equals;
}
