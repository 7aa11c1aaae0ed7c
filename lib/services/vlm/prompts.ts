// The prompts: built-in defaults written for an agent that acts on the
// answer, the config's overrides, and how a prompt is put together —
// redaction preamble, prompt, grounding or input blocks, each separated by
// one empty line.

import type { VlmConfig } from "../../formats/config/vlm.ts";
import { taggedBlock } from "./grounding.ts";

const GROUND_TRUTH = "The tagged blocks after these instructions come from the accessibility " +
  "tree, OCR, an ASCII sketch of the layout and the focused element: treat them as ground " +
  "truth for names, roles, states and text, and use the image for layout and for what they " +
  "miss. Quote on-screen text verbatim, as OCR gives it.";

const SELECTORS = 'selector_hint is a selector this service accepts: Role[name="Name"], e.g. ' +
  'Button[name="Save"]. tree_id is the element\'s id when a block gives it (as ' +
  "FOCUSED_ELEMENT does), else null.";

const JSON_ONLY = "Answer with ONLY that JSON object: no prose, no code fences. Use null for " +
  "anything not visible.";

export const DEFAULT_SINGLE_PROMPT = [
  "You are the eyes of an automation agent that operates this desktop window. Describe the " +
  "screenshot for that agent.",
  GROUND_TRUTH,
  "Answer with one JSON object with these keys:",
  '{"summary": "what the screen is, at most 2 sentences",',
  ' "app": "the application",',
  ' "screen_type": "kebab-case kind of screen, e.g. login-form, file-dialog, text-editor",',
  ' "primary_task": "what the user is meant to do here",',
  ' "focused": {"role": "...", "name": "...", "tree_id": "..."} or null,',
  ' "controls": [at most 8 of {"role", "name", "state", "selector_hint", "tree_id"}],',
  ' "next_actions": [at most 3 of {"description", "target_selector", "rationale",',
  '   "risk": "low" | "medium" | "high"}],',
  ' "modal_open": true or false,',
  ' "sensitive_regions": [{"hint": "what it holds", "bbox": [x, y, w, h]}]}',
  SELECTORS,
  JSON_ONLY,
].join("\n");

export const DEFAULT_SCENE_PROMPT = [
  "Look at this screenshot of one desktop window and say what it is.",
  'Answer with one JSON object: {"app": "the application", "screen_type": "kebab-case kind ' +
  'of screen, e.g. login-form, file-dialog, text-editor", "primary_task": "what the user is ' +
  'meant to do here", "language": "ISO 639-1 code of the interface language"}.',
  JSON_ONLY,
].join("\n");

export const DEFAULT_CONTROLS_PROMPT = [
  "You are the eyes of an automation agent. List what it can operate in this window.",
  GROUND_TRUTH,
  "Answer with one JSON object:",
  '{"focused": {"role", "name", "tree_id"} or null, "modal_open": true or false,',
  ' "controls": [at most 8 of {"role", "name", "state", "bbox_hint", "selector_hint",',
  '   "tree_id"}], most important first,',
  ' "sensitive_regions": [{"hint": "what it holds", "bbox": [x, y, w, h]}]}',
  "bbox_hint says where the control is (e.g. top-right). " + SELECTORS,
  JSON_ONLY,
].join("\n");

export const DEFAULT_ACTIONS_PROMPT = [
  "You plan for an automation agent. From the SCENE and CONTROLS below (there is no image), " +
  "propose at most 3 useful next actions, most useful first.",
  "Every target_selector must be the selector_hint of one of the CONTROLS, unchanged.",
  'Answer with one JSON object: {"next_actions": [{"description", "target_selector", ' +
  '"rationale", "risk": "low" | "medium" | "high"}]}. Risk is high for anything that ' +
  "deletes, sends, pays or cannot be undone.",
  JSON_ONLY,
].join("\n");

export const DEFAULT_VERIFY_PROMPT = [
  "Check the CONTROLS another model listed against the ACCESSIBILITY_TREE below (there is no " +
  "image). Report controls that are missing from the tree, named or typed differently, or " +
  "in a different state.",
  'Answer with one JSON object: {"confidence": a number from 0 to 1 that the list is right, ' +
  '"discrepancies": [{"control_index": index in CONTROLS, from 0, "issue": "what is wrong"}]}.',
  JSON_ONLY,
].join("\n");

/** Tells the model that redacted text is withheld on purpose (sent before every prompt). */
export function redactionPreamble(replacement: string): string {
  return `Privacy note: some text in this window was withheld before it reached you. ` +
    `Wherever you see ${replacement} (or a blacked-out box in the image), there was a secret ` +
    "such as a password or a key. Do not guess, reconstruct or describe what it hides; " +
    `write ${replacement} where you would quote it.`;
}

/** Preamble (if any), prompt, then the blocks, one empty line apart. */
export function assemblePrompt(
  prompt: string,
  blocks: string[],
  preamble: string | null = null,
): string {
  return [...(preamble === null ? [] : [preamble]), prompt, ...blocks].join("\n\n");
}

/** Single mode: prompt_single, else the original's `prompt`, else the default. */
export function singlePrompt(settings: VlmConfig): string {
  return settings.prompt_single ?? settings.prompt ?? DEFAULT_SINGLE_PROMPT;
}

/** The scene pass: its prompt with the window's title and process after an empty line. */
export function scenePrompt(settings: VlmConfig, window: { title: string; process: string }) {
  const facts = `Window title: '${window.title}'\nProcess: '${window.process}'`;
  return assemblePrompt(settings.prompt_scene ?? DEFAULT_SCENE_PROMPT, [facts]);
}

export function controlsPrompt(settings: VlmConfig, grounding: string[]): string {
  return assemblePrompt(settings.prompt_controls ?? DEFAULT_CONTROLS_PROMPT, grounding);
}

/** The actions pass's input: the scene and the controls as JSON blocks (those there are). */
export function actionsPrompt(
  settings: VlmConfig,
  scene: Record<string, unknown> | null,
  controls: Record<string, unknown> | null,
): string {
  const blocks = [
    ...(scene ? [taggedBlock("SCENE", JSON.stringify(scene))] : []),
    ...(controls ? [taggedBlock("CONTROLS", JSON.stringify(controls))] : []),
  ];
  return assemblePrompt(settings.prompt_actions ?? DEFAULT_ACTIONS_PROMPT, blocks);
}

export function verifyPrompt(
  settings: VlmConfig,
  controls: Record<string, unknown>,
  tree: string,
): string {
  return assemblePrompt(settings.prompt_verify ?? DEFAULT_VERIFY_PROMPT, [
    taggedBlock("CONTROLS", JSON.stringify(controls)),
    taggedBlock("ACCESSIBILITY_TREE", tree),
  ]);
}
