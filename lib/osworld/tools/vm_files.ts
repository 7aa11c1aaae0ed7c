// read_file, write_file and list_directory: the files of an OSWorld task
// (its documents, its results) inside the folders the operator named in
// osworld.file_dirs, and nowhere else. OSWorld's in-VM server routes /file,
// /setup/upload and /list_directory run through them.

import { z } from "zod";
import { fromBase64, toBase64 } from "../../model/base64.ts";
import { ToolError } from "../../model/errors.ts";
import type { Session } from "../../runtime/session.ts";
import {
  type DirectoryTree,
  type FileRoots,
  listConfinedDirectory,
  readConfinedFile,
  writeConfinedFile,
} from "../../support/files.ts";
import { ACTS, defineTool, READ_ONLY } from "../../runtime/registry.ts";
import { CONFIRM_TOKEN } from "../../tools/shared/args.ts";
import { confirmGate } from "../../services/safety/confirm_gate.ts";

/** Most entries list_directory walks before it refuses. */
const MAX_LISTED_ENTRIES = 20_000;

/** `~` and `$NAME` / `${NAME}` expanded, as OSWorld's server expands a file path. */
export function expandPath(path: string, env: (name: string) => string | undefined): string {
  const home = path.replace(/^~(?=\/|$)/, env("HOME") ?? env("USERPROFILE") ?? "~");
  return home.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (whole, braced?: string, bare?: string) => env((braced ?? bare)!) ?? whole,
  );
}

const envValue = (name: string) => Deno.env.get(name);

function taskRoots(session: Session): FileRoots {
  return { dirs: session.config.osworld.file_dirs, configKey: "osworld.file_dirs" };
}

function limits(session: Session, purpose: string) {
  return { roots: taskRoots(session), maxBytes: session.config.osworld.file_bytes, purpose };
}

/** A missing file or folder is its own answer (OSWorld's getters score it as None). */
async function orNotFound<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new ToolError("FileNotFound", `no file or folder '${path}'`, { path });
    }
    throw e;
  }
}

/** A folder with everything below it, as OSWorld's directory_tree. */
const directoryTree: z.ZodType<DirectoryTree> = z.lazy(() =>
  z.union([
    z.object({
      type: z.literal("directory").describe("A folder."),
      name: z.string().describe("Its name."),
      children: z.array(directoryTree).describe("Its entries."),
    }).describe("A folder and its entries."),
    z.object({
      type: z.literal("file").describe("A file or a symlink (never followed)."),
      name: z.string().describe("Its name."),
    }).describe("A file."),
    z.object({
      error: z.string().describe("Why the folder could not be read."),
    }).describe("A folder that could not be read."),
  ])
).meta({ id: "DirectoryEntry" });

const PATH = z.string().min(1).max(4096).describe(
  "The file's path: absolute, or relative to the service's folder; ~ and $VARIABLES are " +
    "expanded. It must lie inside a folder of osworld.file_dirs (none by default).",
);

export const readFileTool = defineTool({
  name: "read_file",
  description: "Read a file inside the folders the operator allowed (osworld.file_dirs), as " +
    "base64, e.g. a document an OSWorld task checks. Anything outside them is refused.",
  kind: "perception",
  input: z.object({ path: PATH }),
  output: z.object({
    path: z.string().describe("The file read, ~ and $VARIABLES expanded."),
    bytes: z.number().int().describe("Its size in bytes."),
    content_base64: z.string().describe("Its bytes, base64."),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const path = expandPath(args.path, envValue);
    const bytes = await orNotFound(path, () => readConfinedFile(path, limits(session, "file")));
    return { path, bytes: bytes.length, content_base64: toBase64(bytes) };
  },
});

export const writeFileTool = defineTool({
  name: "write_file",
  description: "Write a file inside the folders the operator allowed (osworld.file_dirs), " +
    "making the folders on its way; an existing file is replaced. Anything outside them is " +
    "refused.",
  kind: "input",
  input: z.object({
    path: PATH,
    content_base64: z.string().max(256 * 1024 * 1024).describe(
      "The file's bytes in base64; at most osworld.file_bytes once decoded.",
    ),
    confirm_token: CONFIRM_TOKEN,
  }),
  output: z.object({
    path: z.string().describe("The file written, as resolved."),
    bytes: z.number().int().describe("How many bytes were written."),
  }),
  annotations: ACTS,
  async run(args, { session }) {
    confirmGate(session, null, null);
    const path = expandPath(args.path, envValue);
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(args.content_base64);
    } catch {
      throw new ToolError("BadRequest", "content_base64 is not base64", {
        field: "content_base64",
      });
    }
    const written = await writeConfinedFile(path, bytes, limits(session, "file"));
    return { path: written, bytes: bytes.length };
  },
});

export const listDirectoryTool = defineTool({
  name: "list_directory",
  description: "List a folder inside the folders the operator allowed (osworld.file_dirs) " +
    "with every folder below it, as OSWorld's directory_tree: {type, name, children}. " +
    "Symlinks are entries, never followed.",
  kind: "perception",
  input: z.object({ path: PATH }),
  output: z.object({
    // A lazy of its own: describing directoryTree itself would copy its name (see elementTree).
    directory_tree: z.lazy(() => directoryTree).describe("The folder, with every folder below it."),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const path = expandPath(args.path, envValue);
    const tree = await orNotFound(path, () =>
      listConfinedDirectory(path, {
        roots: taskRoots(session),
        purpose: "folder",
        maxEntries: MAX_LISTED_ENTRIES,
      }));
    return { directory_tree: tree };
  },
});
