// config.json loading: bootstrap from the example, merge one level deep over
// the built-in defaults, validate every section with zod. A missing or broken
// file never stops the service: it falls back to defaults and says why in
// `error` (reported as healthz.config_error).

import { z } from "zod";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_REGEX_LENGTH } from "../regex/compile.ts";
import { SAFETY_SECTION } from "./safety.ts";
import { translateOriginalKeys } from "./original_keys.ts";
import { VLM_SECTION } from "./vlm.ts";
import { pathExists } from "../../support/files.ts";

const hostOrIp = z.string().trim().min(1);

const NOT_BUILT = "(not built yet: accepted and kept for when the feature lands)";

export const CONFIG_SECTIONS = {
  web_ui: z.object({
    host: hostOrIp.default("127.0.0.1").describe(
      "Address the HTTP service binds to. Anything but loopback exposes desktop control to the network (a warning banner is printed).",
    ),
    port: z.number().int().min(1).max(65535).default(5001).describe(
      "TCP port of the HTTP service.",
    ),
    debug: z.boolean().default(false).describe(`Debug mode ${NOT_BUILT}.`),
    cors_origins: z.array(z.string()).default([]).describe(
      "Web origins (scheme://host:port) allowed to call the API from a browser; every other Origin is refused.",
    ),
    allowed_hosts: z.array(z.string().trim().min(1).max(253)).default([]).describe(
      "Host names accepted in the Host header besides IP addresses, loopback and web_ui.host (a container's or pod's own names); any other name is refused as possible DNS rebinding.",
    ),
  }).describe("The HTTP service."),
  mcp: z.object({
    server_name: z.string().default("os-screen-observer").describe(
      "Server name announced in the MCP initialize result.",
    ),
    version: z.string().default("0.1.0").describe(
      "Version announced over MCP and in /api/healthz.",
    ),
    http_stateless: z.boolean().default(false).describe(
      "MCP over HTTP (/mcp) without sessions: every request stands alone (behind a load " +
        "balancer); server-to-client messages then travel only inside a request's answer.",
    ),
  }).describe("The MCP server, over stdio and over HTTP at /mcp."),
  ocr: z.object({
    enabled: z.boolean().default(true).describe(
      "Whether OCR may run (tesseract.js with the bundled English data; nothing is downloaded).",
    ),
    tesseract_cmd: z.string().nullable().default(null).describe(
      "The original's Tesseract executable: accepted for compatibility, no effect (OCR runs " +
        "in-process).",
    ),
    min_confidence: z.number().min(0).max(100).default(30).describe(
      "Lowest word confidence kept, 0–100.",
    ),
    preprocess: z.boolean().default(true).describe(
      "Clean the image up before OCR: grayscale, upscale, and dark text on light ground.",
    ),
    upscale: z.number().int().min(1).max(8).default(2).describe(
      "Scale factor applied before OCR when preprocess is on (small UI text reads better " +
        "larger); images are never scaled past 4 million pixels.",
    ),
    threshold: z.boolean().default(false).describe(
      "Binarize the prepared image (Otsu's threshold) before OCR; Tesseract binarizes on its " +
        "own, so this helps only with noisy or low-contrast screens.",
    ),
    psm_window: z.number().int().min(0).max(13).default(11).describe(
      "Tesseract page segmentation mode for whole windows (11: sparse text).",
    ),
    psm_roi: z.number().int().min(0).max(13).default(7).describe(
      "Tesseract page segmentation mode for small regions (7: one line).",
    ),
    max_roi_crops: z.number().int().min(0).default(40).describe(
      "Most element regions read by OCR per sketch (unnamed controls).",
    ),
    backend: z.string().default("tesseract").describe(
      'The OCR engine; "tesseract" (tesseract.js) is the one there is.',
    ),
    cache_pictures: z.number().int().min(0).max(1024).default(32).describe(
      "How many recently read pictures keep their words: reading an unchanged window again " +
        "is answered from memory. 0 reads every time (benchmarks).",
    ),
    start: z.enum(["first_use", "service_start"]).default("first_use").describe(
      "When the OCR engines start (about 1.5 s of one core and 30 MB each, on their own " +
        "threads): on the first OCR call, which then waits for it, or in the background as " +
        "the service starts.",
    ),
    workers: z.number().int().min(1).max(8).default(1).describe(
      "OCR workers kept warm (each holds the engine, about 30 MB); started on first use.",
    ),
  }).describe("Text recognition on screenshots."),
  vlm: VLM_SECTION,
  ascii_sketch: z.object({
    grid_width: z.number().int().min(10).max(500).default(72).describe(
      "Default sketch width in characters.",
    ),
    grid_height: z.number().int().min(5).max(250).default(24).describe(
      "Default sketch height in lines.",
    ),
    unicode_box: z.boolean().default(false).describe(
      "Draw boxes with Unicode line characters instead of ASCII (a request's `unicode` overrides).",
    ),
    role_glyphs: z.boolean().default(true).describe(
      "Mark controls with role glyphs ([x], (o), ...).",
    ),
    occlusion_prune: z.boolean().default(true).describe(
      "Leave out elements hidden behind other windows.",
    ),
    tab_index_badges: z.boolean().default(true).describe("Number focusable controls in tab order."),
    landmark_headers: z.boolean().default(true).describe(
      "Head menus, toolbars and dialogs with their names.",
    ),
    vlm_fallback: z.boolean().default(false).describe(
      `Ask the vision model when the tree is empty ${NOT_BUILT}.`,
    ),
  }).describe("The ASCII sketch view."),
  tree: z.object({
    max_depth: z.number().int().min(0).max(256).default(64).describe(
      "Deepest level a request may ask for; a capture walks only as deep as its request " +
        "needs, and max_nodes and capture_timeout_ms still bound it.",
    ),
    default_depth: z.number().int().min(0).max(256).default(5).describe(
      "Depth served when a request names none.",
    ),
    cache_ttl_s: z.number().min(0).default(2.0).describe(
      "How long a captured tree is reused for reads, in seconds (0: always capture). Inputs invalidate it.",
    ),
    live_mirror: z.boolean().default(true).describe(
      "Linux: answer captures from a mirror of each window's tree kept current by AT-SPI " +
        "events (patched where events mark it; never older than the last event received " +
        "before the call; walked again to check once the application is quiet) instead of " +
        "walking the window. false: walk on every capture past tree.cache_ttl_s.",
    ),
    strategy: z.enum(["merged", "uia_only"]).default("merged").describe(
      "Windows tree source (UI Automation merged with MSAA, or UIA only); unused elsewhere.",
    ),
    sparse_threshold: z.number().int().min(0).default(5).describe(
      "A window with fewer named elements than this is reported as degraded (accessibility off or an app that exposes little).",
    ),
    max_nodes: z.number().int().min(1).default(20000).describe(
      "Most elements one capture reads; a capture cut short says so (`cut_short`).",
    ),
    capture_timeout_ms: z.number().int().min(1).default(10000).describe(
      "Longest one capture may take before it is cut short, in ms.",
    ),
  }).describe("Accessibility tree captures."),
  logging: z.looseObject({
    level: z.enum(["DEBUG", "INFO", "WARNING", "ERROR"]).default("INFO").describe(
      "Lowest level written to stderr.",
    ),
  }).describe("Logging (stderr only; stdout belongs to MCP)."),
  mock: z.boolean().default(false).describe(
    "Serve the mock desktop even where a real one is available (same as --mock).",
  ),
  mock_interactive: z.boolean().default(false).describe(
    "The mock desktop reacts to clicks and typing (check boxes toggle, fields take text); off, it is static.",
  ),
  linux_session: z.enum(["auto", "x11", "wayland"]).default("auto").describe(
    "On Linux, the display server: auto (Wayland when WAYLAND_DISPLAY is set and XDG_SESSION_TYPE is not x11, else X11), x11 (also XWayland's windows alone on a Wayland session), or wayland (a wlroots compositor with sway's IPC).",
  ),
  platform: z.string().default("auto").describe(
    "auto (detect) or a platform name (Linux; Windows, Darwin and WSL have no adapter yet and serve the mock desktop); any other value serves the mock desktop.",
  ),
  actions: z.object({
    auto_activate: z.boolean().default(true).describe(
      "Element verbs bring their element's window to the front when another window covers " +
        "the element (false: refuse with ElementOccluded instead). A call's auto_activate wins.",
    ),
    timeout_ms: z.number().int().min(0).max(60_000).default(3000).describe(
      "How long element verbs wait for their element to be visible, enabled, in view, " +
        "uncovered and still (bounds unchanged over two reads), in ms; then a typed error " +
        "names the check that failed. A call's timeout_ms wins.",
    ),
  }).describe("Acting on elements."),
  wait_for: z.object({
    max_timeout_ms: z.number().int().min(0).default(60000).describe(
      "Longest wait a wait_for or wait_idle call may ask for, in ms (longer requests are capped).",
    ),
  }).describe("Waiting tools."),
  scenarios: z.object({
    dirs: z.array(z.string().min(1)).default(["scenarios"]).describe(
      "Folders scenario files may be loaded from (relative paths: from the working directory; the bundled scenarios are always allowed).",
    ),
  }).describe("Scenario files."),
  osworld: z.object({
    allow_commands: z.boolean().default(false).describe(
      "OSWorld task files: run their execute / command setup steps and vm_command_line " +
        "getters as shell commands of this service's user. Off by default: such a task is " +
        "reported as unsupported. The flag --allow-task-commands turns it on for one run.",
    ),
    file_dirs: z.array(z.string().min(1)).default([]).describe(
      "Folders a task's vm_file getter and file-based setup may read from (none by default).",
    ),
    max_pause_s: z.number().min(0).max(600).default(60).describe(
      "Longest an agent's program (time.sleep, WAIT: 2 s each) or a task's sleep step may " +
        "pause, in seconds: the desktop is held meanwhile. Longer ones are refused.",
    ),
    open_timeout_s: z.number().min(1).max(1800).default(120).describe(
      "Longest a task's open step (and the in-VM server's /setup/open_file) waits for the " +
        "file's window, in seconds.",
    ),
    file_bytes: z.number().int().min(1024).max(1024 * 1024 * 1024).default(128 * 1024 * 1024)
      .describe(
        "Largest file read_file / write_file move (a task's documents, the in-VM server's " +
          "/file and /setup/upload).",
      ),
    recording_fps: z.number().int().min(1).max(30).default(10).describe(
      "Frames a second of a screen recording (screen_recording, the in-VM server's " +
        "/start_recording).",
    ),
    recording_max_s: z.number().min(1).max(3600).default(600).describe(
      "Longest screen recording, in seconds: it ends by itself and waits to be collected.",
    ),
    server: z.object({
      enabled: z.boolean().default(false).describe(
        "Serve the protocol of OSWorld's in-VM server (/execute, /screenshot, " +
          "/accessibility, /setup/*...) on a listener of its own, so OSWorld's harness " +
          "drives this desktop. The flag --osworld-server turns it on for one run.",
      ),
      host: hostOrIp.nullable().default(null).describe(
        "Address it binds to; null: the same as web_ui.host. Beyond loopback a token is " +
          "required (--token-file or OSO_TOKEN).",
      ),
      port: z.number().int().min(1).max(65535).default(5000).describe(
        "Its TCP port (OSWorld's harness uses 5000).",
      ),
    }).prefault({}).describe("OSWorld's in-VM server protocol."),
    client_password: z.string().default("").describe(
      "What a task's {CLIENT_PASSWORD} placeholder becomes (never shown in any answer).",
    ),
  }).describe("OSWorld / OS-Harm task files (POST /api/osworld/task)."),
  references: z.object({
    dirs: z.array(z.string().min(1)).default(["references"]).describe(
      "Folders reference images (assert_state screenshot_similar) may be read from.",
    ),
  }).describe("Reference images."),
  tracing: z.object({
    dir: z.string().min(1).default("traces").describe(
      "Folder for run traces (one sub-folder per trace); replay, the trace viewer and " +
        "assert_state's reference images read only from here.",
    ),
    screenshot_every_n_actions: z.number().int().min(0).max(1_000_000).default(5).describe(
      "Screenshots (the whole screen, and the call's window when it has one) go with a " +
        "trace's first call and every n-th after it; 0 records none.",
    ),
    max_args_bytes: z.number().int().min(64).max(16 * 1024 * 1024).default(4096).describe(
      "Largest recorded arguments (JSON, in bytes); larger ones are kept as a marked preview " +
        "of half this size, and such a step cannot be replayed.",
    ),
    redact_keys: z.array(z.string().min(1)).default([
      "api_key",
      "password",
      "Authorization",
      "token",
      "confirm_token",
    ]).describe(
      'Argument keys whose values a trace records as "<redacted>" (on top of the safety ' +
        "redaction every trace line passes through).",
    ),
  }).describe("Run traces and their replay."),
  limits: z.object({
    body_bytes: z.number().int().min(1024).max(256 * 1024 * 1024).default(1_000_000).describe(
      "Largest request body; refused with 413 on Content-Length and while a chunked body streams.",
    ),
    header_bytes: z.number().int().min(1024).max(1024 * 1024).default(65_536).describe(
      "Largest request line plus header fields (414 / 431).",
    ),
    connections: z.number().int().min(8).max(100_000).default(1024).describe(
      "Most open HTTP connections (also at most half the open-file limit); at the cap the longest-waiting idle ones are closed.",
    ),
    header_timeout_ms: z.number().int().min(100).default(10_000).describe(
      "From a request's first byte to its complete head, in ms (408).",
    ),
    body_timeout_ms: z.number().int().min(100).default(30_000).describe(
      "Reading a body, or writing an answer to a client that does not read, in ms.",
    ),
    idle_timeout_ms: z.number().int().min(100).default(30_000).describe(
      "A kept-alive connection with no request is closed after this many ms.",
    ),
    mcp_line_bytes: z.number().int().min(1024).max(256 * 1024 * 1024).default(4 * 1024 * 1024)
      .describe("Longest MCP stdio line; a longer one is discarded and answered -32600."),
    file_bytes: z.number().int().min(1024).max(1024 * 1024 * 1024).default(16 * 1024 * 1024)
      .describe("Largest file read by path (scenarios, reference images)."),
    image_pixels: z.number().int().min(1).default(40_000_000).describe(
      "Largest PNG (width × height) decoded; checked before anything is allocated.",
    ),
    regex_length: z.number().int().min(1).max(100_000).default(DEFAULT_REGEX_LENGTH).describe(
      "Longest client regex, in characters (name_regex, selector ~=, waits, assert_state).",
    ),
  }).describe("Bounds on what one request or connection may cost."),
  safety: SAFETY_SECTION,
} as const;

type Sections = typeof CONFIG_SECTIONS;
export type Config = { -readonly [K in keyof Sections]: z.output<Sections[K]> };

const sectionNames = Object.keys(CONFIG_SECTIONS) as Array<keyof Sections>;

export function defaultConfig(): Config {
  const out: Record<string, unknown> = {};
  for (const name of sectionNames) out[name] = CONFIG_SECTIONS[name].parse(emptyFor(name));
  return out as Config;
}

function emptyFor(name: keyof Sections): unknown {
  return CONFIG_SECTIONS[name] instanceof z.ZodObject ? {} : undefined;
}

export interface LoadedConfig {
  config: Config;
  path: string;
  error: string | null;
  /** Problems the service must not start with (a safety setting it cannot honour). */
  fatal: string[];
  /** The original's keys read as this service's ("redaction → safety.redaction"), for the log. */
  mapped: string[];
  /** Set when the file was created from config.json.example on this start. */
  bootstrappedFrom: string | null;
}

const PROGRAM_DIR = fileURLToPath(new URL("../../..", import.meta.url));

/** Copies config.json.example next to the config (or from the program directory) when missing. */
function bootstrap(path: string): string | null {
  const candidates = [
    join(dirname(path), "config.json.example"),
    join(PROGRAM_DIR, "config.json.example"),
  ];
  for (const example of candidates) {
    try {
      Deno.copyFileSync(example, path);
      return example;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

export function loadConfig(path: string): LoadedConfig {
  const bootstrappedFrom = pathExists(path) ? null : bootstrap(path);
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (e) {
    const error = e instanceof Deno.errors.NotFound
      ? `Config not found at '${path}'; using built-in defaults`
      : `${(e as Error).name}: ${(e as Error).message}`;
    return { config: defaultConfig(), path, error, bootstrappedFrom, fatal: [], mapped: [] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    let error = `config.json parse error: ${(e as Error).message}.`;
    if (/\\[^"\\/bfnrtu]/.test(text)) {
      error += " Hint: backslashes in JSON strings must be doubled (C:\\\\path) or replaced by" +
        " forward slashes (C:/path).";
    }
    return { config: defaultConfig(), path, error, bootstrappedFrom, fatal: [], mapped: [] };
  }
  const { config, problems, fatal, mapped } = mergeAndValidate(raw);
  const error = problems.length > 0
    ? `config.json invalid (defaults used for those keys): ${problems.join("; ")}`
    : null;
  return { config, path, error, bootstrappedFrom, fatal, mapped };
}

/**
 * One-level-deep merge over the defaults, after the original's safety keys
 * are read into `safety`; invalid sections fall back to their defaults,
 * except the safety section, whose problems are `fatal`.
 */
export function mergeAndValidate(
  file: unknown,
): { config: Config; problems: string[]; fatal: string[]; mapped: string[] } {
  const problems: string[] = [];
  const config = defaultConfig() as Record<string, unknown>;
  if (!isPlainObject(file)) {
    return {
      config: config as Config,
      problems: ["top level must be a JSON object"],
      fatal: [],
      mapped: [],
    };
  }
  const { raw, mapped, fatal } = translateOriginalKeys(file);
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith("_") || !Object.hasOwn(CONFIG_SECTIONS, key)) continue;
    const schema = CONFIG_SECTIONS[key as keyof Sections];
    const input = isPlainObject(value) ? stripDocKeys(value) : value;
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      config[key] = parsed.data;
    } else {
      for (const issue of parsed.error.issues) {
        const problem = `${[key, ...issue.path].join(".")}: ${issue.message}`;
        (key === "safety" ? fatal : problems).push(problem);
      }
    }
  }
  return { config: config as Config, problems, fatal, mapped };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stripDocKeys(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !k.startsWith("_")));
}
