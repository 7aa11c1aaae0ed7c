// bring_to_foreground: the window in front, by the platform's activation or
// else a click on its title bar.

import { z } from "zod";
import { bringToForeground } from "../services/act/activation.ts";
import { ToolError } from "../model/errors.ts";
import { targetWindow } from "../services/observe/capture.ts";
import { confirmGate } from "../services/safety/confirm_gate.ts";
import { CONFIRM_TOKEN, windowArgsFor } from "./shared/args.ts";
import { defineTool } from "../runtime/registry.ts";
import { activationSchema } from "./shared/results.ts";

const { window_uid, window_index } = windowArgsFor(
  "The window to bring to the front",
  "One of window_uid and window_index is required.",
);

export const bringToForegroundTool = defineTool({
  name: "bring_to_foreground",
  description:
    "Bring a window to the front and give it the keyboard focus: the platform's activation " +
    "(X11 _NET_ACTIVE_WINDOW, waited for until the window manager reports it active), else " +
    "a click on the top of its highest visible part, where the title bar is. Returns " +
    "success, action (activate_api or click_title_bar), and the clicked point when it " +
    "clicked. Element verbs do this themselves when their element's window is covered.",
  kind: "input",
  input: z.object({ window_uid, window_index, confirm_token: CONFIRM_TOKEN }),
  output: activationSchema.extend({
    window: z.string().describe("The window's title."),
    window_uid: z.string().describe("The window's stable id."),
  }).describe("How the window was brought to the front (a failure is an error answer)."),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, { session }) {
    if (!args.window_uid && args.window_index === undefined) {
      throw new ToolError("BadRequest", "window_uid or window_index is required");
    }
    const { window } = await targetWindow(session, args);
    confirmGate(session, window, null);
    const activation = await bringToForeground(session, window);
    return { ...activation, window: window.title, window_uid: window.window_uid };
  },
});
