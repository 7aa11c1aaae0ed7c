// Window-level probes: list_windows, get_monitors, get_capabilities.

import { z } from "zod";
import { windowsPlaced } from "../../adapters/types.ts";
import { listWindows } from "../services/observe/capture.ts";
import { currentCall } from "../services/safety/call_context.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { listedWindowSchema, monitorSchema } from "./shared/results.ts";
import type { ListedWindow } from "../formats/geometry/window_order.ts";
import { sanitizedForReuse } from "../model/untrusted.ts";
import { reuseJsonOf } from "../model/json_text.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { allPlacesInSpace } from "../formats/geometry/in_space.ts";

/** The argument of the tools whose answers carry a platform's bounds beside the screen's. */
const SPACE_ARG = coordinateSpaceArg.describe(
  "The space the answer's bounds are in (logical_bounds and physical_bounds stay what they " +
    `say): ${coordinateSpaceArg.description}`,
);

/** The answer's list of each listing, made once: an unchanged desktop is listed as it was. */
const shown = new WeakMap<ListedWindow[], ListedWindow[]>();

function shownListing(windows: ListedWindow[]): ListedWindow[] {
  let list = shown.get(windows);
  if (list === undefined) {
    list = sanitizedForReuse([...windows]);
    reuseJsonOf(list);
    shown.set(windows, list);
  }
  return list;
}

export const listWindowsTool = defineTool({
  name: "list_windows",
  description:
    "List the visible top-level windows, focused first, then by title. Each has index, " +
    "window_uid (stable while the window exists — prefer it over index), title, process, pid, " +
    "bounds (in the coordinate_space the answer names: absolute screen pixels unless one is " +
    "given or set) and focused (the window manager's active window); on " +
    "Linux also keyboard_focus (holds the X input focus: where keys go now, a moment before " +
    "focused says so). Call this first, then observe a window.",
  kind: "perception",
  input: z.object({ coordinate_space: SPACE_ARG }),
  output: z.object({
    is_mock: z.boolean().describe("Whether this is the mock desktop."),
    count: z.number().int().describe("How many windows are listed."),
    windows: z.array(
      z.union([
        listedWindowSchema,
        z.object({ denied: z.literal(true) }).describe(
          "A window the access rules hide (safety.access.denied_windows: marked).",
        ),
      ]),
    ).describe("The windows, focused first."),
    ...spaceResultField,
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const windows = await listWindows(session);
    // safety.access may hide windows: "marked" says that there are some, never which.
    const denied = session.config.safety.access.denied_windows === "marked"
      ? (currentCall()?.denied ?? []).map(() => ({ denied: true }))
      : [];
    return {
      is_mock: session.adapter.isMock,
      count: windows.length,
      windows: denied.length === 0
        ? allPlacesInSpace(shownListing(windows), ["bounds"], mapping)
        : [...allPlacesInSpace(windows, ["bounds"], mapping), ...denied],
      ...spaceField(mapping),
    };
  },
});

export const getMonitorsTool = defineTool({
  name: "get_monitors",
  description:
    "List the physical monitors with their bounds (in the coordinate_space the answer names: " +
    "absolute pixels unless one is given or set; primary first) and scale factors. Empty " +
    "when the platform cannot tell (always empty on the mock desktop).",
  kind: "other",
  input: z.object({ coordinate_space: SPACE_ARG }),
  output: z.object({
    monitors: z.array(monitorSchema).describe("The monitors, primary first; empty when unknown."),
    ...spaceResultField,
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    return {
      monitors: allPlacesInSpace(await session.adapter.monitors(), ["bounds"], mapping),
      ...spaceField(mapping),
    };
  },
});

function hostPlatform(): string {
  switch (Deno.build.os) {
    case "windows":
      return "Windows";
    case "darwin":
      return "Darwin";
    default:
      try {
        if (/microsoft/i.test(Deno.readTextFileSync("/proc/version"))) return "WSL";
      } catch {
        // no /proc: plain Linux or a sandbox
      }
      return "Linux";
  }
}

export const getCapabilitiesTool = defineTool({
  name: "get_capabilities",
  description: "Describe this server: host platform, adapter in use, version, which features are " +
    "supported here (accessibility tree, OCR, VLM, scenarios...), key config values and the " +
    "last capture statistics per window. Call it to decide which tools are worth using.",
  kind: "other",
  input: z.object({}),
  output: z.object({
    platform: z.string().describe('The host: "Linux", "Windows", "WSL" or "Darwin".'),
    adapter: z.string().describe("The adapter in use (MockAdapter, LinuxAdapter, ...)."),
    tree_source: z.object({
      name: z.string().describe('Where trees come from ("atspi", "uia", "mock", ...).'),
      note: z.string().nullable().describe("Why it is not the best source, when not."),
      window_positions: z.literal("window-relative").optional().describe(
        'Present as "window-relative" where nothing tells where windows are (Wayland through ' +
          "xdg-desktop-portal): window bounds are each window's size at 0,0, so clicks go to " +
          "points from a screenshot. Absent: window bounds are on the screen.",
      ),
    }).describe("The accessibility source."),
    version: z.string().describe("The service's version."),
    protocol_version: z.number().int().describe("The result format's version."),
    supports: z.record(z.string(), z.boolean()).describe("Which features work here."),
    config: z.object({
      tree_max_depth: z.number().int().describe("The deepest tree a call may ask for."),
      tree_default_depth: z.number().int().describe("The depth served when none is asked."),
      ascii_grid: z.object({
        width: z.number().int().describe("Sketch columns."),
        height: z.number().int().describe("Sketch rows."),
      }).describe("The sketch's default grid."),
    }).describe("Key settings."),
    tree_stats: z.record(z.string(), z.unknown()).describe(
      "The last capture's statistics, per window_uid.",
    ),
  }),
  annotations: READ_ONLY,
  run(_args, { session }) {
    const { adapter, config } = session;
    const mock = adapter.isMock;
    const placed = windowsPlaced(adapter);
    return Promise.resolve({
      platform: hostPlatform(),
      adapter: adapter.name,
      tree_source: adapter.treeSource(),
      version: config.mcp.version,
      protocol_version: 2,
      supports: {
        accessibility_tree: true,
        uia_invoke: adapter.treeSource().name === "uia",
        // Every adapter here knows the Z-order (the Linux one from _NET_CLIENT_LIST_STACKING)
        // where it knows where windows are.
        occlusion_detection: placed,
        window_positions: placed,
        drag: true,
        ocr: config.ocr.enabled && session.ocr.unavailable === null,
        vlm: config.vlm.enabled && config.vlm.model !== null,
        redaction: true,
        scenarios: mock,
        tracing: true,
        replay: true,
        image_blur: config.safety.redaction.image_blur !== "off",
        budgets: true,
        confirmation: true,
        audit_log: config.safety.audit.path !== null,
        injection_warnings: config.safety.injection_warnings,
        wsl_powershell: false,
        bring_to_foreground: true,
        element_targeting: true,
        observe_with_diff: true,
      },
      config: {
        tree_max_depth: config.tree.max_depth,
        tree_default_depth: config.tree.default_depth,
        ascii_grid: {
          width: config.ascii_sketch.grid_width,
          height: config.ascii_sketch.grid_height,
        },
      },
      tree_stats: session.cache.treeStats(),
    });
  },
});
