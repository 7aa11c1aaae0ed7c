// The mock's pointer picture: a small black-edged white arrow, drawn with its
// tip (the hotspot) at the top-left, so screenshots with the cursor show
// where the mock's pointer is.

import type { CursorImage } from "../../lib/model/image.ts";

/** "#": black edge, "o": white fill, " ": transparent. */
const ARROW = [
  "#",
  "##",
  "#o#",
  "#oo#",
  "#ooo#",
  "#oooo#",
  "#ooooo#",
  "#oooooo#",
  "#ooooooo#",
  "#oooooooo#",
  "#ooooo#####",
  "#oo#oo#",
  "#o# #oo#",
  "##  #oo#",
  "#    #oo#",
  "     #oo#",
  "      ##",
];
const WIDTH = Math.max(...ARROW.map((row) => row.length));

const COLOURS: Record<string, number[]> = { "#": [0, 0, 0, 255], "o": [255, 255, 255, 255] };

/** The arrow with its tip at `at`. */
export function mockCursor(at: { x: number; y: number }): CursorImage {
  const rgba = new Uint8Array(WIDTH * ARROW.length * 4);
  ARROW.forEach((row, y) => {
    [...row].forEach((mark, x) => {
      const colour = COLOURS[mark];
      if (colour) rgba.set(colour, (y * WIDTH + x) * 4);
    });
  });
  return { width: WIDTH, height: ARROW.length, hotX: 0, hotY: 0, x: at.x, y: at.y, rgba };
}
