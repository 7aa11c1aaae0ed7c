// A standard player's view of a video file, for the screen recorder's tests:
// ffprobe's stream facts (frames counted by reading them all) and ffmpeg's
// complaints while decoding every frame. ffmpeg is for tests only; the
// service itself never runs it.

import { commandExists, partAvailable } from "./parts.ts";

/** False (skip) or throws under OSO_REQUIRE_ALL_PARTS when ffmpeg is missing. */
export function ffmpegPart(): boolean {
  return partAvailable(
    "ffmpeg and ffprobe (a standard player's demuxer and decoder)",
    commandExists("ffprobe") && commandExists("ffmpeg"),
    "apt-get install ffmpeg",
  );
}

export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  /** Frames read by demuxing the whole file. */
  frames: number;
  /** Frames a second, from the stream's average rate. */
  fps: number;
}

async function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const out = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
  const decoder = new TextDecoder();
  const result = { stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
  if (!out.success) throw new Error(`${command} failed: ${result.stderr}`);
  return result;
}

export async function probeVideo(path: string): Promise<ProbedVideo> {
  const { stdout, stderr } = await run("ffprobe", [
    ...["-v", "error", "-count_frames"],
    ...["-show_entries", "stream=codec_name,width,height,nb_read_frames,avg_frame_rate"],
    ...["-of", "json", path],
  ]);
  if (stderr.trim() !== "") throw new Error(`ffprobe complained: ${stderr}`);
  const [stream] = JSON.parse(stdout).streams;
  const [num, den] = String(stream.avg_frame_rate).split("/").map(Number);
  return {
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
    frames: Number(stream.nb_read_frames),
    fps: num / den,
  };
}

/** What ffmpeg reports while decoding every frame ("" when nothing is wrong). */
export async function decodeErrors(path: string): Promise<string> {
  const { stderr } = await run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"]);
  return stderr.trim();
}
