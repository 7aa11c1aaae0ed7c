// get_screen_description.

import { z } from "zod";
import { combineDescription } from "../formats/describe/combined.ts";
import { captureWindow, targetWindow } from "../services/observe/capture.ts";
import { describeTree } from "../formats/describe/prose.ts";
import { findById } from "../model/tree.ts";
import { ocrWindowText } from "../services/ocr/index.ts";
import { positionalId } from "../formats/views/refs.ts";
import { describeWithVlm } from "../services/vlm/index.ts";
import { windowArgs } from "./shared/args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { windowWarning } from "./shared/results.ts";
import { unlessCancelled } from "../support/cancel.ts";

/** The multipass envelope (lib/services/vlm/envelope.ts): every key always present. */
const vlmEnvelopeSchema = z.object({
  summary: z.string().nullable().describe("One line on what the window shows."),
  app: z.string().nullable().describe("The application, as the model names it."),
  screen_type: z.string().nullable().describe('The kind of screen ("text-editor", ...).'),
  primary_task: z.string().nullable().describe("What the screen is for."),
  focused: z.record(z.string(), z.unknown()).nullable().describe(
    "The focused control, as the model describes it.",
  ),
  controls: z.array(z.unknown()).describe("Controls the model found (at most 8)."),
  next_actions: z.array(z.unknown()).describe("Actions the model suggests (at most 3)."),
  modal_open: z.boolean().nullable().describe("Whether a modal dialog is open."),
  sensitive_regions: z.array(z.unknown()).describe("Regions showing sensitive data."),
  confidence: z.number().nullable().describe("The verify pass's confidence, 0 to 1."),
  discrepancies: z.array(z.unknown()).describe(
    "Where the verify pass found the controls disagree with the tree.",
  ),
  _passes: z.record(z.string(), z.unknown()).describe(
    "Per pass (scene, controls, actions, verify): <pass>_ms (null: not sent), <pass>_error, " +
      "<pass>_skipped, <pass>_ignored.",
  ),
}).describe("vlm.mode multipass: the model's findings, parsed.");

export const getScreenDescriptionTool = defineTool({
  name: "get_screen_description",
  description:
    "Describe a window in prose from every available source: the accessibility tree (roles, " +
    "names, values, states and positions, one element per line), OCR text and a vision model " +
    "when configured (vlm.enabled: its reply, grounded in the tree, OCR and sketch; in " +
    "multipass mode a JSON envelope, also parsed under `vlm_structured`; `vlm_tokens_used` " +
    "is what it cost). `max_tokens` caps the combined text; `focus_element` describes one " +
    "element's subtree. `mode` is accepted for compatibility and ignored (always combined).",
  kind: "perception",
  input: z.object({
    ...windowArgs,
    mode: z.enum(["accessibility", "ocr", "vlm", "combined", "auto"]).optional().describe(
      "Accepted for compatibility and ignored: the description always combines every " +
        "available source.",
    ),
    max_tokens: z.number().int().min(1).max(1_000_000).optional().describe(
      "Cap on the combined text in tokens (counted as 4 characters each), 1 to 1,000,000; a " +
        "longer text is cut and `truncated` is true. Default: no cap.",
    ),
    focus_element: z.string().optional().describe(
      "An element id (e.g. root.1) or a compact view's ref (e.g. e12) whose subtree is " +
        "described instead of the whole window; " +
        "an id not in the tree describes the whole window.",
    ),
  }),
  output: z.object({
    window: z.string().describe("The window's title."),
    window_uid: z.string().describe("The window's stable id."),
    mode: z.literal("combined").describe("Always combined (the mode argument is ignored)."),
    effective_mode: z.literal("combined").describe("The mode used: always combined."),
    accessibility: z.string().describe("The accessibility tree in prose, one element a line."),
    ocr: z.string().optional().describe(
      "ocr.enabled: the text OCR read, or a bracketed note why none.",
    ),
    vlm: z.string().optional().describe(
      "vlm.enabled: the vision model's reply (multipass: the envelope as JSON), or a " +
        "bracketed note why there is none.",
    ),
    vlm_structured: vlmEnvelopeSchema.optional(),
    description: z.string().describe(
      "Every source as [source] and its text, blank lines between, cut to max_tokens.",
    ),
    truncated: z.boolean().describe("Whether max_tokens cut the description."),
    vlm_tokens_used: z.number().int().optional().describe(
      "vlm.enabled: the model tokens this call spent (charged to the VLM budget).",
    ),
    ...windowWarning,
  }).describe("A window described in prose from every source."),
  annotations: READ_ONLY,
  async run(args, { session, signal }) {
    const { window, warning } = await targetWindow(session, args);
    const capture = await captureWindow(session, window);
    const focusId = args.focus_element &&
      positionalId(args.focus_element, session.lastServed(window.window_uid), capture.tree);
    const subject = (focusId && findById(capture.tree, focusId)) || capture.tree;
    const proseWindow = { process: window.process, title: window.title, bounds: window.bounds };
    const accessibility = describeTree(subject, proseWindow);
    // OCR is slow: read at most once per call, whoever asks first. A model about to be
    // asked waits for the engine's first start; the description's own section does not.
    let ocrRead: Promise<string> | null = null;
    const ocrText = (waitForEngine: boolean) =>
      ocrRead ??= unlessCancelled(ocrWindowText(session, window, waitForEngine), signal, "OCR");
    const vlm = session.config.vlm.enabled
      ? await unlessCancelled(
        describeWithVlm(session, {
          window,
          tree: capture.tree,
          // The model sees the whole window, so its grounding is the whole tree.
          prose: subject === capture.tree ? accessibility : describeTree(capture.tree, proseWindow),
          ocrText: () => ocrText(true),
        }),
        signal,
        "the vision model's description",
      )
      : null;
    if (vlm) session.safety.tripwire.noteScreenText(vlm.text, window.window_uid, "vlm");
    const sources = {
      accessibility,
      ...(session.config.ocr.enabled ? { ocr: await ocrText(false) } : {}),
      ...(vlm ? { vlm: vlm.text } : {}),
    };
    return {
      window: window.title,
      window_uid: window.window_uid,
      mode: "combined",
      effective_mode: "combined",
      ...sources,
      ...(vlm?.structured ? { vlm_structured: vlm.structured } : {}),
      ...combineDescription(sources, args.max_tokens),
      // Charged to safety.budgets.max_vlm_tokens by the safety runner.
      ...(vlm ? { vlm_tokens_used: vlm.tokensUsed } : {}),
      ...(warning ? { warning } : {}),
    };
  },
});
