// The pointer drawn into screenshots and the screen recorded, on a real X
// desktop: the Linux adapter reads the cursor's picture through XFixes where
// the pointer was moved, screenWithCursor draws it there, and two seconds of
// recording make a video a standard player reads in full. The cursor is
// openbox's: it gives the root window a themed 24×24 arrow with a soft
// shadow (a bare Xvfb shows the core X-shaped cursor, 16×16, also read).

import { strict as assert } from "node:assert";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import type { Adapter } from "../../adapters/types.ts";
import type { RawImage } from "../../lib/model/image.ts";
import { stopPngWorker } from "../../lib/formats/image/workers.ts";
import { ScreenRecorder } from "../../lib/osworld/services/recorder.ts";
import { screenWithCursor } from "../../lib/osworld/services/screen_with_cursor.ts";
import { withDesktopEnv } from "./desktop.ts";
import { desktopTest, eventually } from "./linux_service.ts";
import { decodeErrors, probeVideo } from "../helpers/video_probe.ts";

const WIDTH = 1280;
const HEIGHT = 800;

async function moveTo(adapter: Adapter, x: number, y: number): Promise<void> {
  assert.ok((await adapter.input({ kind: "move", x, y }, null)).ok);
  const at = await eventually(() => adapter.pointer(), (p) => p?.x === x && p?.y === y);
  assert.deepEqual(at, { x, y });
}

/** The RGBA of a pixel of an RGBA picture. */
const pixel = (
  image: RawImage,
  x: number,
  y: number,
) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];

desktopTest("the cursor's picture is drawn where the pointer is", async (_t, desktop) => {
  await withDesktopEnv(desktop.env, async () => {
    const adapter = await createLinuxAdapter();
    try {
      await moveTo(adapter, 300, 200);
      const cursor = await adapter.cursorImage();
      assert.ok(cursor, "XFixes reads the cursor");
      assert.deepEqual([cursor.x, cursor.y], [300, 200]);
      assert.ok(cursor.width > 0 && cursor.height > 0);
      assert.equal(cursor.rgba.length, cursor.width * cursor.height * 4);
      const opaque: Array<[number, number]> = [];
      for (let y = 0; y < cursor.height; y++) {
        for (let x = 0; x < cursor.width; x++) {
          if (cursor.rgba[(y * cursor.width + x) * 4 + 3] === 255) opaque.push([x, y]);
        }
      }
      assert.ok(opaque.length > 10, `${opaque.length} opaque pixels in the cursor`);

      // Each opaque pixel of the cursor is on the screen, its top-left at the pointer.
      const drawn = await screenWithCursor(adapter);
      assert.deepEqual([drawn.width, drawn.height], [WIDTH, HEIGHT]);
      for (const [x, y] of opaque) {
        const from: number = (y * cursor.width + x) * 4;
        assert.deepEqual(
          pixel(drawn, 300 + x, 200 + y).slice(0, 3),
          [...cursor.rgba.subarray(from, from + 3)],
          `cursor pixel ${x},${y}`,
        );
      }

      // On the last pixel the cursor is cut at the screen's edges.
      await moveTo(adapter, WIDTH - 1, HEIGHT - 1);
      const corner = await adapter.cursorImage();
      assert.deepEqual([corner?.x, corner?.y], [WIDTH - 1, HEIGHT - 1]);
      const cut = await screenWithCursor(adapter, ["bgrx"]);
      assert.deepEqual([cut.width, cut.height, cut.layout], [WIDTH, HEIGHT, "bgrx"]);
    } finally {
      await adapter.close();
    }
  });
}, { width: WIDTH, height: HEIGHT });

desktopTest(
  "two seconds of the screen recorded make a video a player reads",
  async (_t, desktop) => {
    await withDesktopEnv(desktop.env, async () => {
      const adapter = await createLinuxAdapter();
      let grabs = 0;
      const recorder = new ScreenRecorder(() => {
        grabs++;
        return screenWithCursor(adapter, ["bgrx"]);
      }, { fps: 10 });
      try {
        const started = performance.now();
        recorder.start();
        // The pointer moves while recording: something changes from frame to frame.
        for (let i = 0; performance.now() - started < 2000 || grabs < 3; i++) {
          await moveTo(adapter, 100 + (i % 20) * 40, 100 + (i % 10) * 50);
        }
        const seconds = (performance.now() - started) / 1000;
        const recording = await recorder.stop();
        try {
          assert.equal(recording.endedBy, "stopped");
          const video = await probeVideo(recording.path);
          assert.deepEqual(
            { codec: video.codec, width: video.width, height: video.height, fps: video.fps },
            { codec: "mjpeg", width: WIDTH, height: HEIGHT, fps: 10 },
          );
          assert.equal(video.frames, recording.frames);
          assert.ok(
            Math.abs(video.frames - seconds * 10) <= 1,
            `${video.frames} frames for ${seconds.toFixed(2)} s at 10 fps`,
          );
          assert.equal(await decodeErrors(recording.path), "");
        } finally {
          await Deno.remove(recording.path);
        }
      } finally {
        await adapter.close();
        stopPngWorker();
      }
    });
  },
  {
    width: WIDTH,
    height: HEIGHT,
    apps: [{ command: "ffprobe", package: "ffmpeg" }, { command: "ffmpeg", package: "ffmpeg" }],
  },
);
