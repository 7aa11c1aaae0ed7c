// The guard redacts a captured tree in place; the JSON text the tree arrived
// as is kept for its answers only when redaction left the tree as it came.

import { strict as assert } from "node:assert";
import { MockAdapter } from "../../../adapters/mock/index.ts";
import { asCapture, type Capture, type CaptureLimits } from "../../../adapters/types.ts";
import { noteArrivedJson, resultJson, reuseTreeJsonOf } from "../../model/json_text.ts";
import { SAFETY_SECTION } from "../../formats/config/safety.ts";
import { GuardedAdapter } from "./guarded_adapter.ts";
import type { EncodedPicture } from "../../model/image.ts";
import { SafetyRails } from "./rails.ts";

/** A mock whose trees arrive as text, spaced so that the text written shows which one was used. */
class ArrivingAdapter extends MockAdapter {
  override async captureTree(
    handle: string | null,
    limits: CaptureLimits,
  ): Promise<Capture | null> {
    const capture = await super.captureTree(handle, limits);
    if (capture) {
      noteArrivedJson(
        capture.root,
        new TextEncoder().encode(JSON.stringify(capture.root, null, 1)),
      );
    }
    return capture;
  }
}

/** A guard over the mock, and the JSON it writes of Notepad's tree, captured now. */
async function guardedNotepad(redaction: Record<string, unknown>) {
  const rails = new SafetyRails(SAFETY_SECTION.parse({ redaction }), () => false, () => undefined);
  const guarded = new GuardedAdapter(new ArrivingAdapter(), {
    access: rails.access,
    redactor: rails.redactor,
    imageBlur: "off",
    tripwire: rails.tripwire,
  });
  const notepad = (await guarded.listWindows()).find((w) => w.title.includes("Notepad"))!;
  const limits = { maxDepth: 10, maxNodes: 1000, timeoutMs: 5000 };
  const written = async () => {
    const { root } = asCapture(await guarded.captureTree(notepad.handle, limits))!;
    reuseTreeJsonOf(root);
    return resultJson({ tree: root });
  };
  return { redactor: rails.redactor, written };
}

Deno.test("a tree redaction left as it arrived is written from its arrived text; a redacted one anew", async () => {
  assert.match(await (await guardedNotepad({})).written(), /^\{"tree":\{\n "id": "root"/);
  const redacted = await (await guardedNotepad({ element_name_patterns: ["Notepad"] })).written();
  assert.match(redacted, /^\{"tree":\{"id":"root"/);
  assert.match(redacted, /\[REDACTED\]/);
});

Deno.test("a tree served before and changed in place by a secret learned since is written anew", async () => {
  const { redactor, written } = await guardedNotepad({});
  const before = await written();
  const shown = JSON.parse(before).tree.children.map((c: { name: string }) => c.name)
    .find((name: string) => name.length >= 8)!;
  redactor.addSecret(shown);
  // The mock answers the unchanged window with the same tree object, redacted in place now.
  const after = await written();
  assert.equal(after.includes(shown), false, `${shown} in ${after.slice(0, 200)}`);
  assert.match(after, /\[REDACTED\]/);
});

/** A mock that encodes where it grabs: its picture is a marker, so passing it on shows. */
class EncodingAdapter extends MockAdapter {
  encodedScreenshot(): Promise<EncodedPicture | null> {
    return Promise.resolve({ width: 2, height: 1, data: new Uint8Array([1, 2, 3]) });
  }
}

Deno.test("an encoded screenshot passes the guard only where it would mask nothing", async () => {
  const cases: Array<{
    what: string;
    safety: Record<string, unknown>;
    imageBlur: "off" | "black" | "blur";
    inner: MockAdapter;
    passed: boolean;
  }> = [
    {
      what: "no rules",
      safety: {},
      imageBlur: "black",
      inner: new EncodingAdapter(),
      passed: true,
    },
    {
      what: "a window rule (denied windows are blacked out)",
      safety: { access: { deny: [{ title: "Chrome" }] } },
      imageBlur: "black",
      inner: new EncodingAdapter(),
      passed: false,
    },
    {
      what: "a tool rule only",
      safety: { access: { deny: ["type_text"] } },
      imageBlur: "black",
      inner: new EncodingAdapter(),
      passed: true,
    },
    {
      what: "redaction with boxes blurred",
      safety: { redaction: { element_name_patterns: ["Notepad"] } },
      imageBlur: "blur",
      inner: new EncodingAdapter(),
      passed: false,
    },
    {
      what: "redaction with image_blur off",
      safety: { redaction: { element_name_patterns: ["Notepad"] } },
      imageBlur: "off",
      inner: new EncodingAdapter(),
      passed: true,
    },
    {
      what: "a platform that does not encode",
      safety: {},
      imageBlur: "black",
      inner: new MockAdapter(),
      passed: false,
    },
  ];
  for (const { what, safety, imageBlur, inner, passed } of cases) {
    const rails = new SafetyRails(SAFETY_SECTION.parse(safety), () => false, () => undefined);
    const guarded = new GuardedAdapter(inner, {
      access: rails.access,
      redactor: rails.redactor,
      imageBlur,
      tripwire: rails.tripwire,
    });
    const picture = await guarded.encodedScreenshot({ kind: "screen" }, { format: "png" });
    assert.equal(picture !== null, passed, what);
    if (passed) assert.deepEqual([...picture!.data], [1, 2, 3], what);
  }
});
