// The guard redacts a captured tree in place; the JSON text the tree arrived
// as is kept for its answers only when redaction left the tree as it came.

import { strict as assert } from "node:assert";
import { MockAdapter } from "../../../adapters/mock/index.ts";
import { asCapture, type Capture, type CaptureLimits } from "../../../adapters/types.ts";
import { noteArrivedJson, resultJson, reuseTreeJsonOf } from "../../model/json_text.ts";
import { SAFETY_SECTION } from "../../formats/config/safety.ts";
import { GuardedAdapter } from "./guarded_adapter.ts";
import { SafetyRails } from "./rails.ts";

/** A mock whose trees arrive as text, spaced so that the text written shows which one was used. */
class ArrivingAdapter extends MockAdapter {
  override async captureTree(
    handle: string | null,
    limits: CaptureLimits,
  ): Promise<Capture | null> {
    const capture = await super.captureTree(handle, limits);
    if (capture) {
      const text = JSON.stringify(capture.root, null, 1);
      noteArrivedJson(capture.root, { text, utf8: new TextEncoder().encode(text) });
    }
    return capture;
  }
}

async function writtenTree(redaction: Record<string, unknown>): Promise<string> {
  const rails = new SafetyRails(SAFETY_SECTION.parse({ redaction }), () => false, () => undefined);
  const guarded = new GuardedAdapter(new ArrivingAdapter(), {
    access: rails.access,
    redactor: rails.redactor,
    imageBlur: "off",
    tripwire: rails.tripwire,
  });
  const notepad = (await guarded.listWindows()).find((w) => w.title.includes("Notepad"))!;
  const limits = { maxDepth: 10, maxNodes: 1000, timeoutMs: 5000 };
  const { root } = asCapture(await guarded.captureTree(notepad.handle, limits))!;
  reuseTreeJsonOf(root);
  return resultJson({ tree: root });
}

Deno.test("a tree redaction left as it arrived is written from its arrived text; a redacted one anew", async () => {
  assert.match(await writtenTree({}), /^\{"tree":\{\n "id": "root"/);
  const redacted = await writtenTree({ element_name_patterns: ["Notepad"] });
  assert.match(redacted, /^\{"tree":\{"id":"root"/);
  assert.match(redacted, /\[REDACTED\]/);
});
