// Files: /file and /setup/upload move bytes through read_file and write_file
// (inside osworld.file_dirs only), /list_directory lists through
// list_directory. /setup/download_file fetches a URL onto the desktop, which
// only an operator who allowed commands permits. Wallpapers belong to a
// desktop environment's settings, which a bare X session does not have.

import type { Context, Hono } from "hono";
import { basename, extname, join } from "node:path";
import { z } from "zod";
import { fromBase64, toBase64 } from "../../../model/base64.ts";
import type { Session } from "../../../runtime/session.ts";
import { type Called, callTool, failed, formBody, home, json, jsonBody, text } from "./answer.ts";

const DOWNLOAD_TIMEOUT_MS = 300_000;

/** Content types by extension for /file, as Flask guesses them for the original. */
const MIME: Record<string, string> = {
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".json": "application/json",
  ".html": "text/html",
  ".xml": "application/xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
  ".zip": "application/zip",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".odt": "application/vnd.oasis.opendocument.text",
  ".ods": "application/vnd.oasis.opendocument.spreadsheet",
  ".odp": "application/vnd.oasis.opendocument.presentation",
};

/** The original's `{"error": ...}` for a failed file call, with the call's status. */
function fileError(c: Context, called: Called): Response {
  const message = called.code === "FileNotFound" ? "File not found" : called.message;
  return json(c, { error: message, code: called.code }, called.status);
}

async function file(c: Context, session: Session): Promise<Response> {
  const form = await formBody(c);
  const path = form?.file_path;
  if (typeof path !== "string" || path === "") {
    return json(c, { error: "file_path is required" }, 400);
  }
  const called = await callTool(session, "read_file", { path });
  if (!called.ok) return fileError(c, called);
  const bytes = fromBase64(String(called.body.content_base64));
  const name = basename(String(called.body.path));
  return c.body(bytes.buffer as ArrayBuffer, 200, {
    "content-type": MIME[extname(name).toLowerCase()] ?? "application/octet-stream",
    "content-disposition": `attachment; filename="${name.replace(/["\\\r\n]/g, "_")}"`,
  });
}

async function upload(c: Context, session: Session): Promise<Response> {
  const form = await formBody(c);
  const path = form?.file_path;
  const data = form?.file_data;
  if (typeof path !== "string" || path === "" || !(data instanceof File)) {
    return json(c, { error: "file_path and file_data are required" }, 400);
  }
  const bytes = new Uint8Array(await data.arrayBuffer());
  const called = await callTool(session, "write_file", {
    path,
    content_base64: toBase64(bytes),
  });
  if (!called.ok) return fileError(c, called);
  return text(c, `File Uploaded: ${bytes.length} bytes`);
}

const ListBody = z.looseObject({
  path: z.string().max(4096).optional().describe("The folder to list"),
});

async function listDirectory(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, ListBody);
  if (!body.ok) return body.response;
  if (!body.value.path) return json(c, { error: "Path not supplied!" }, 400);
  const called = await callTool(session, "list_directory", { path: body.value.path });
  if (!called.ok) return fileError(c, called);
  return json(c, { directory_tree: called.body.directory_tree });
}

async function desktopPath(c: Context): Promise<Response> {
  const path = join(home(), "Desktop");
  const exists = await Deno.stat(path).then((s) => s.isDirectory, () => false);
  return exists
    ? json(c, { desktop_path: path })
    : json(c, { error: "Unsupported operating system or desktop path not found" }, 404);
}

const DownloadBody = z.looseObject({
  url: z.string().max(8192).optional().describe("What to download"),
  path: z.string().max(4096).optional().describe("Where to save it"),
});

async function downloadFile(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, DownloadBody);
  if (!body.ok) return body.response;
  const { url, path } = body.value;
  if (!url || !path) return text(c, "Path or URL not supplied!", 400);
  if (!session.config.osworld.allow_commands) {
    return failed(
      c,
      403,
      "downloading onto the desktop is off: the operator allows it with " +
        "--allow-task-commands or osworld.allow_commands",
    );
  }
  if (!/^https?:\/\//i.test(url)) return failed(c, 400, "the url must be http or https");
  const limit = session.config.osworld.file_bytes;
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) return failed(c, 502, `the download answered ${response.status}`);
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > limit) return failed(c, 413, `the file is larger than osworld.file_bytes`);
    bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > limit) return failed(c, 413, `the file is larger than osworld.file_bytes`);
  } catch (e) {
    return failed(c, 502, `the download failed: ${(e as Error).message}`);
  }
  const called = await callTool(session, "write_file", { path, content_base64: toBase64(bytes) });
  if (!called.ok) return fileError(c, called);
  return text(c, `File downloaded successfully: ${bytes.length} bytes`);
}

function noWallpaper(c: Context): Response {
  return failed(
    c,
    501,
    "this desktop has no wallpaper setting (a desktop environment's, such as GNOME's, is " +
      "not part of this service)",
  );
}

export function fileRoutes(app: Hono, session: Session): void {
  app.post("/file", (c) => file(c, session));
  app.post("/setup/upload", (c) => upload(c, session));
  app.post("/list_directory", (c) => listDirectory(c, session));
  app.post("/desktop_path", (c) => desktopPath(c));
  app.post("/setup/download_file", (c) => downloadFile(c, session));
  app.post("/wallpaper", (c) => noWallpaper(c));
  app.post("/setup/change_wallpaper", (c) => noWallpaper(c));
}
