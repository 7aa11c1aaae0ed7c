// A standard player opens what the screen recorder (lib/osworld/services/recorder.ts)
// writes: ffprobe reads a Motion-JPEG stream of the screen's size, as many
// frames as the recording lasted at its rate, and ffmpeg decodes every one
// without a complaint. The screen is a fake one of an odd size.

import { strict as assert } from "node:assert";
import { ScreenRecorder } from "../lib/osworld/services/recorder.ts";
import { stopPngWorker } from "../lib/formats/image/workers.ts";
import { FakeScreen, until } from "./helpers/fake_screen.ts";
import { decodeErrors, ffmpegPart, probeVideo } from "./helpers/video_probe.ts";

Deno.test({
  name: "a standard player reads every frame of a recording, at its size and rate",
  ignore: !ffmpegPart(),
  async fn() {
    const screen = new FakeScreen({ width: 333, height: 201 });
    const recorder = new ScreenRecorder(screen.grab, { fps: 10 });
    try {
      const started = performance.now();
      recorder.start();
      await until(() => screen.grabs >= 8, "eight grabs");
      const seconds = (performance.now() - started) / 1000;
      const recording = await recorder.stop();
      try {
        const video = await probeVideo(recording.path);
        assert.deepEqual(
          { codec: video.codec, width: video.width, height: video.height, fps: video.fps },
          { codec: "mjpeg", width: 333, height: 201, fps: 10 },
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
      stopPngWorker();
    }
  },
});
