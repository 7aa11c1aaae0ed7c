// Files a client names by path (scenarios, reference images, an OSWorld
// task's files): read, written and listed only inside the configured folders,
// only regular files, never more than limits.file_bytes, and never an open
// that can block (a FIFO would hold one of the runtime's blocking threads for good).

import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ToolError } from "../model/errors.ts";

/** Folders a kind of file may be read from, and the config key that lists them. */
export interface FileRoots {
  dirs: string[];
  configKey: string;
}

export interface ReadLimits {
  maxBytes: number;
  /** What the file is for, in messages ("scenario file"). */
  purpose: string;
}

/** How a file named by path is read: confined for clients, trusted for the operator. */
export type ReadFile = (path: string) => Promise<Uint8Array>;

export interface ConfinedRead extends ReadLimits {
  roots: FileRoots;
}

/** The bundled scenario library next to main.ts, always loadable. */
const BUNDLED_SCENARIOS = fileURLToPath(new URL("../../scenarios", import.meta.url));

// O_NONBLOCK makes opening a FIFO return at once; O_NOFOLLOW refuses a last
// component swapped for a symlink after it was checked. Both are 0 (absent) on Windows.
const OPEN_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const OPEN_CHECKED = OPEN_READ | (constants.O_NOFOLLOW ?? 0);

function absoluteDirs(dirs: string[]): string[] {
  return [...new Set(dirs.map((dir) => resolve(dir)))];
}

/** The configuration keys that name the folders files may be read from. */
export interface FolderConfig {
  scenarios: { dirs: string[] };
  references: { dirs: string[] };
  tracing: { dir: string };
}

export function scenarioRoots(config: Pick<FolderConfig, "scenarios">): FileRoots {
  return {
    dirs: absoluteDirs([...config.scenarios.dirs, BUNDLED_SCENARIOS]),
    configKey: "scenarios.dirs",
  };
}

/** Scenario folders count too (a scenario ships its references), and so do traces' screenshots. */
export function referenceRoots(config: FolderConfig): FileRoots {
  const dirs = [...config.references.dirs, ...scenarioRoots(config).dirs, config.tracing.dir];
  return { dirs: absoluteDirs(dirs), configKey: "references.dirs" };
}

/** Whether absolute, normalized `path` is `root` or below it (by whole path components). */
/** Whether anything is at `path` (a file, a folder, a link to one). */
export function pathExists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

export function isInsideRoot(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The path with every symlink resolved. For a path that does not resolve,
 * the real path of its nearest existing ancestor plus the rest, so it can
 * still be placed inside or outside the roots; `error` says why it did not.
 */
async function realPathOrWouldBe(path: string): Promise<{ real: string; error: unknown }> {
  try {
    return { real: await Deno.realPath(path), error: null };
  } catch (error) {
    const rest: string[] = [];
    for (let dir = path; dirname(dir) !== dir;) {
      rest.unshift(basename(dir));
      dir = dirname(dir);
      try {
        return { real: join(await Deno.realPath(dir), ...rest), error };
      } catch {
        // climb further
      }
    }
    return { real: path, error };
  }
}

async function realRoots(dirs: string[]): Promise<string[]> {
  const found = await Promise.all(dirs.map((dir) => Deno.realPath(dir).catch(() => null)));
  return found.filter((dir) => dir !== null);
}

function outsideRoots(path: string, options: Pick<ConfinedRead, "roots" | "purpose">): ToolError {
  const { purpose, roots } = options;
  // One answer whether the path exists or not and whatever it is.
  return new ToolError(
    "PermissionDenied",
    `${purpose} paths must be inside one of these folders: ${roots.dirs.join(", ")}. ` +
      `Put the file there, or add its folder to ${roots.configKey} in config.json.`,
    { path, allowed_dirs: roots.dirs },
  );
}

function tooLarge(path: string, limits: ReadLimits): ToolError {
  return new ToolError(
    "BadRequest",
    `${limits.purpose} '${path}' is larger than limits.file_bytes (${limits.maxBytes} bytes)`,
    { path, max_bytes: limits.maxBytes },
  );
}

/** Reads to the end, but refuses (null) as soon as there are more than `maxBytes`. */
async function readCapped(
  file: FileHandle,
  sizeHint: number,
  maxBytes: number,
): Promise<Uint8Array | null> {
  // One byte beyond the stat size notices a file that grew since.
  let buffer = new Uint8Array(Math.min(sizeHint, maxBytes) + 1);
  let length = 0;
  while (true) {
    if (length === buffer.length) {
      if (length > maxBytes) return null;
      const bigger = new Uint8Array(Math.min(buffer.length * 2, maxBytes + 1));
      bigger.set(buffer);
      buffer = bigger;
    }
    const { bytesRead } = await file.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}

/** Opens without blocking, then judges the opened file itself (a stat first could be raced). */
async function readOpened(
  path: string,
  shownPath: string,
  flags: number,
  limits: ReadLimits,
): Promise<Uint8Array> {
  const file = await open(path, flags);
  try {
    const stat = await file.stat();
    if (!stat.isFile()) {
      throw new ToolError("BadRequest", `${limits.purpose} '${shownPath}' is not a regular file`, {
        path: shownPath,
      });
    }
    if (stat.size > limits.maxBytes) throw tooLarge(shownPath, limits);
    const bytes = await readCapped(file, stat.size, limits.maxBytes);
    if (bytes === null) throw tooLarge(shownPath, limits);
    return bytes;
  } finally {
    await file.close();
  }
}

/**
 * A file the operator named (`--scenario`): any location, but still a
 * regular file within the size limit. Open errors are the system's own.
 */
export function readRegularFile(path: string, limits: ReadLimits): Promise<Uint8Array> {
  return readOpened(path, path, OPEN_READ, limits);
}

/**
 * A file a client named: resolved against the working directory, symlinks
 * followed, and refused (PermissionDenied) unless it then lies inside one of
 * the roots. Inside them, a missing or unreadable file is the system's error.
 */
export async function readConfinedFile(path: string, options: ConfinedRead): Promise<Uint8Array> {
  const { real, error } = await confined(path, options);
  if (error) throw error;
  return readOpened(real, path, OPEN_CHECKED, options);
}

/** The real path (see realPathOrWouldBe), refused unless inside the roots. */
async function confined(
  path: string,
  options: Pick<ConfinedRead, "roots" | "purpose">,
): Promise<{ real: string; error: unknown }> {
  const found = await realPathOrWouldBe(resolve(path));
  const roots = await realRoots(options.roots.dirs);
  if (!roots.some((root) => isInsideRoot(found.real, root))) throw outsideRoots(path, options);
  return found;
}

const OPEN_WRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC |
  (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Writes a file a client named, under the same confinement as reading: the
 * missing folders on its way are made, and the last component is never
 * followed if it is a symlink. Returns the real path written.
 */
export async function writeConfinedFile(
  path: string,
  bytes: Uint8Array,
  options: ConfinedRead,
): Promise<string> {
  if (bytes.length > options.maxBytes) throw tooLarge(path, options);
  const { real } = await confined(path, options);
  await Deno.mkdir(dirname(real), { recursive: true });
  const file = await open(real, OPEN_WRITE, 0o644);
  try {
    if (!(await file.stat()).isFile()) {
      throw new ToolError("BadRequest", `${options.purpose} '${path}' is not a regular file`, {
        path,
      });
    }
    await file.writeFile(bytes);
  } finally {
    await file.close();
  }
  return real;
}

/** A folder's entries as OSWorld's list_directory answers them. */
export type DirectoryTree =
  | { type: "directory"; name: string; children: DirectoryTree[] }
  | { type: "file"; name: string }
  | { error: string };

/**
 * A folder a client named, listed with every folder below it (hidden entries
 * too, in the order the system gives them). A symlink is an entry, never
 * followed, so the listing stays inside the roots; a folder that cannot be
 * read is `{error}`. More than `maxEntries` entries in all is refused.
 */
export async function listConfinedDirectory(
  path: string,
  options: Pick<ConfinedRead, "roots" | "purpose"> & { maxEntries: number },
): Promise<DirectoryTree> {
  const { real, error } = await confined(path, options);
  if (error) throw error;
  if (!(await Deno.stat(real)).isDirectory) {
    throw new ToolError("BadRequest", `'${path}' is not a folder`, { path });
  }
  let entries = 0;
  const walk = async (dir: string): Promise<DirectoryTree> => {
    const children: DirectoryTree[] = [];
    try {
      for await (const entry of Deno.readDir(dir)) {
        if (++entries > options.maxEntries) {
          throw new ToolError(
            "BadRequest",
            `'${path}' holds more than ${options.maxEntries} entries: name a smaller folder`,
            { path, max_entries: options.maxEntries },
          );
        }
        children.push(
          entry.isDirectory
            ? await walk(join(dir, entry.name))
            : { type: "file", name: entry.name },
        );
      }
    } catch (e) {
      if (e instanceof ToolError) throw e;
      return { error: (e as Error).message };
    }
    return { type: "directory", name: basename(dir), children };
  };
  return walk(real);
}
