// config.json loading (spec/config.md §2–§3): bootstrap from the example,
// merge one level deep over the built-in defaults, validate every section with
// zod. A missing or broken file never stops the service: it falls back to
// defaults and says why in `error` (reported as healthz.config_error).

import { z } from "zod";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const hostOrIp = z.string().trim().min(1);

const sections = {
  web_ui: z.object({
    host: hostOrIp.default("127.0.0.1"),
    port: z.number().int().min(1).max(65535).default(5001),
    debug: z.boolean().default(false),
    cors_origins: z.array(z.string()).default([]),
  }),
  mcp: z.object({
    server_name: z.string().default("os-screen-observer"),
    version: z.string().default("0.1.0"),
  }),
  ocr: z.object({
    enabled: z.boolean().default(true),
    tesseract_cmd: z.string().nullable().default(null),
    min_confidence: z.number().min(0).max(100).default(30),
    preprocess: z.boolean().default(true),
    upscale: z.number().int().min(1).max(8).default(2),
    psm_window: z.number().int().min(0).max(13).default(11),
    psm_roi: z.number().int().min(0).max(13).default(7),
    max_roi_crops: z.number().int().min(0).default(40),
    backend: z.string().default("tesseract"),
  }),
  vlm: z.looseObject({
    enabled: z.boolean().default(false),
    base_url: z.string().default("http://localhost:3000"),
    api_key: z.string().nullable().default(null),
    model: z.string().nullable().default(null),
    max_tokens: z.number().int().min(1).default(1500),
    temperature: z.number().default(0.1),
    timeout_s: z.number().positive().default(240),
    mode: z.enum(["single", "multipass"]).default("single"),
  }),
  ascii_sketch: z.object({
    grid_width: z.number().int().min(10).max(500).default(72),
    grid_height: z.number().int().min(5).max(250).default(24),
    unicode_box: z.boolean().default(false),
    role_glyphs: z.boolean().default(true),
    occlusion_prune: z.boolean().default(true),
    tab_index_badges: z.boolean().default(true),
    landmark_headers: z.boolean().default(true),
    vlm_fallback: z.boolean().default(false),
  }),
  tree: z.object({
    max_depth: z.number().int().min(0).max(64).default(8),
    default_depth: z.number().int().min(0).max(64).default(5),
    cache_ttl_s: z.number().min(0).default(2.0),
    strategy: z.enum(["merged", "uia_only"]).default("merged"),
    sparse_threshold: z.number().int().min(0).default(5),
    max_nodes: z.number().int().min(1).default(20000),
    capture_timeout_ms: z.number().int().min(1).default(10000),
  }),
  logging: z.looseObject({
    level: z.enum(["DEBUG", "INFO", "WARNING", "ERROR"]).default("INFO"),
  }),
  mock: z.boolean().default(false),
  /** Off (the spec's static mock) by default; on, the mock reacts to clicks and typing. */
  mock_interactive: z.boolean().default(false),
  platform: z.string().default("auto"),
  wait_for: z.object({ max_timeout_ms: z.number().int().min(0).default(60000) }),
  /** Folders scenario files may be loaded from (relative paths: the working directory). */
  scenarios: z.object({ dirs: z.array(z.string().min(1)).default(["scenarios"]) }),
  /** Folders reference images (assert_state screenshot_similar) may be read from. */
  references: z.object({ dirs: z.array(z.string().min(1)).default(["references"]) }),
  tracing: z.looseObject({ dir: z.string().min(1).default("traces") }),
  /** Bounds on what one request or connection may cost (docs/DECISIONS.md, "Limits"). */
  limits: z.object({
    body_bytes: z.number().int().min(1024).max(256 * 1024 * 1024).default(1_000_000),
    header_bytes: z.number().int().min(1024).max(1024 * 1024).default(65_536),
    connections: z.number().int().min(8).max(100_000).default(1024),
    header_timeout_ms: z.number().int().min(100).default(10_000),
    body_timeout_ms: z.number().int().min(100).default(30_000),
    idle_timeout_ms: z.number().int().min(100).default(30_000),
    mcp_line_bytes: z.number().int().min(1024).max(256 * 1024 * 1024).default(4 * 1024 * 1024),
    file_bytes: z.number().int().min(1024).max(1024 * 1024 * 1024).default(16 * 1024 * 1024),
    image_pixels: z.number().int().min(1).default(40_000_000),
    regex_length: z.number().int().min(1).max(100_000).default(4096),
  }),
} as const;

type Sections = typeof sections;
export type Config = { -readonly [K in keyof Sections]: z.output<Sections[K]> };

const sectionNames = Object.keys(sections) as Array<keyof Sections>;

export function defaultConfig(): Config {
  const out: Record<string, unknown> = {};
  for (const name of sectionNames) out[name] = sections[name].parse(emptyFor(name));
  return out as Config;
}

function emptyFor(name: keyof Sections): unknown {
  return sections[name] instanceof z.ZodObject ? {} : undefined;
}

export interface LoadedConfig {
  config: Config;
  path: string;
  error: string | null;
  /** Set when the file was created from config.json.example on this start. */
  bootstrappedFrom: string | null;
}

const PROGRAM_DIR = fileURLToPath(new URL("../..", import.meta.url));

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

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

export function loadConfig(path: string): LoadedConfig {
  const bootstrappedFrom = exists(path) ? null : bootstrap(path);
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (e) {
    const error = e instanceof Deno.errors.NotFound
      ? `Config not found at '${path}'; using built-in defaults`
      : `${(e as Error).name}: ${(e as Error).message}`;
    return { config: defaultConfig(), path, error, bootstrappedFrom };
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
    return { config: defaultConfig(), path, error, bootstrappedFrom };
  }
  const { config, problems } = mergeAndValidate(raw);
  const error = problems.length > 0
    ? `config.json invalid (defaults used for those keys): ${problems.join("; ")}`
    : null;
  return { config, path, error, bootstrappedFrom };
}

/** One-level-deep merge over the defaults; invalid sections fall back to their defaults. */
export function mergeAndValidate(raw: unknown): { config: Config; problems: string[] } {
  const problems: string[] = [];
  const config = defaultConfig() as Record<string, unknown>;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { config: config as Config, problems: ["top level must be a JSON object"] };
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith("_") || !Object.hasOwn(sections, key)) continue;
    const schema = sections[key as keyof Sections];
    const input = isPlainObject(value) ? stripDocKeys(value) : value;
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      config[key] = parsed.data;
    } else {
      for (const issue of parsed.error.issues) {
        problems.push(`${[key, ...issue.path].join(".")}: ${issue.message}`);
      }
    }
  }
  return { config: config as Config, problems };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stripDocKeys(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !k.startsWith("_")));
}
