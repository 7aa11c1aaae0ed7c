// The `vlm` section of config.json: a vision model behind any
// OpenAI-compatible chat-completions endpoint. Strict: a misspelt key is
// reported in healthz.config_error instead of being ignored.

import { z } from "zod";

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const modelName = (what: string) => z.string().min(1).nullable().default(null).describe(what);
const promptText = (what: string, appended: string) =>
  z.string().min(1).nullable().default(null).describe(
    `${what} (null: the built-in prompt); ${appended} after an empty line.`,
  );
const GROUNDING = "the grounding blocks are appended";
const groundingFlag = (what: string) =>
  z.boolean().default(true).describe(`Append ${what} to the prompts that take grounding.`);
const IGNORED = "Accepted for compatibility with the original's config files; no effect";

export const VLM_SECTION = z.strictObject({
  enabled: z.boolean().default(false).describe(
    "Whether get_screen_description asks the vision model (its `[vlm]` section is present " +
      "only when true).",
  ),
  base_url: z.string().refine(isHttpUrl, "must be an http:// or https:// URL")
    .default("http://localhost:3000").describe(
      "The server's base URL; requests go to <base_url>/api/v1/chat/completions (Open WebUI), " +
        "then to <base_url>/v1/chat/completions (Ollama, vLLM, llama.cpp, LM Studio, OpenAI) " +
        "when the first answers 404. Redirects are not followed.",
    ),
  api_key: z.string().nullable().default(null).describe(
    "Sent as `Authorization: Bearer <key>`; when null or empty, the OWUI_API_KEY environment " +
      "variable is used if set. Never printed, logged or served.",
  ),
  model: modelName(
    'The vision model (e.g. "qwen2.5vl:7b"); nothing is sent without it. In multipass ' +
      "mode, the controls pass and the default of the other passes.",
  ),
  model_fast: modelName("Multipass: the scene pass's model (null: `model`)."),
  model_actions: modelName("Multipass: the actions pass's model, text only (null: `model`)."),
  model_verify: modelName(
    "Multipass: the model that checks the controls against the accessibility tree (null: " +
      "no verify pass).",
  ),
  max_tokens: z.number().int().min(1).max(1_000_000).default(1500).describe(
    "Most tokens per reply (single mode; the multipass controls pass). Never more than what " +
      "is left of safety.budgets.max_vlm_tokens.",
  ),
  temperature: z.number().min(0).max(2).default(0.1).describe("Sampling temperature."),
  timeout_s: z.number().positive().max(3600).default(240).describe(
    "Longest wait for one request, in seconds. In multipass mode, a timed-out request ends " +
      "the remaining passes too (they would wait on the same server).",
  ),
  mode: z.enum(["single", "multipass"]).default("single").describe(
    "`single`: one prompt, the model's reply as it is. `multipass`: scene, controls, actions " +
      "(and verify) passes merged into one JSON envelope (`vlm_structured`).",
  ),
  image_max_dim: z.number().int().min(16).max(8192).default(1600).describe(
    "The screenshot is scaled down (aspect kept) until its longer edge is at most this many " +
      "pixels before it is sent.",
  ),
  prompt: promptText(
    "Single mode's prompt when prompt_single is null (the original's key)",
    GROUNDING,
  ),
  prompt_single: promptText("Single mode's prompt", GROUNDING),
  prompt_scene: promptText(
    "Multipass scene pass's prompt",
    "the window's title and process are appended",
  ),
  prompt_controls: promptText("Multipass controls pass's prompt", GROUNDING),
  prompt_actions: promptText(
    "Multipass actions pass's prompt",
    "the <SCENE> and <CONTROLS> blocks are appended",
  ),
  prompt_verify: promptText(
    "Multipass verify pass's prompt",
    "the <CONTROLS> and <ACCESSIBILITY_TREE> blocks are appended",
  ),
  ground_with_tree: groundingFlag("the accessibility prose (<ACCESSIBILITY_TREE>)"),
  ground_with_ocr: groundingFlag("OCR text, when ocr.enabled (<OCR_TEXT>)"),
  ground_with_sketch: groundingFlag("the ASCII sketch with its legend (<ASCII_SKETCH>)"),
  ground_with_focus: groundingFlag("the focused element (<FOCUSED_ELEMENT>)"),
  tree_max_lines: z.number().int().min(1).max(100_000).default(80).describe(
    "Lines of accessibility prose kept in a prompt; the rest is cut with a note.",
  ),
  ocr_max_chars: z.number().int().min(1).max(1_000_000).default(4000).describe(
    "Characters of OCR text kept in a prompt; the rest is cut with a note.",
  ),
  sketch_max_chars: z.number().int().min(1).max(1_000_000).default(6000).describe(
    "Characters of ASCII sketch kept in a prompt; the rest is cut with a note.",
  ),
  ollama_runner: z.unknown().default(null).describe(`${IGNORED}.`),
  output_format: z.unknown().default(null).describe(
    `${IGNORED}: single mode returns the model's reply as it is, multipass always JSON.`,
  ),
  focused_zoom_pad: z.unknown().default(null).describe(
    `${IGNORED}: the whole window is sent, scaled to image_max_dim.`,
  ),
}).describe(
  "Vision-model descriptions over any OpenAI-compatible chat-completions endpoint " +
    "(get_screen_description's `[vlm]` section).",
);

export type VlmConfig = z.output<typeof VLM_SECTION>;
