// typeWatchingFocus (lib/services/act/typing.ts) against a scripted desktop: typing
// stops once the focus leaves the window it started in, and the report names
// the window that took it, waiting out a moment in which no window has the
// focus (openbox passes through none while a dialog maps); a focus reported
// late at the start is where typing starts.

import { strict as assert } from "node:assert";
import { firstKeySettled, typeWatchingFocus } from "./typing.ts";
import type { Session } from "../../runtime/session.ts";
import { windowNamed } from "../../../tests/helpers/windows.ts";

/** A desktop whose focused window is, at each listing, the next of `focus` (the last one stays). */
function scripted(focus: Array<string | null>) {
  let listings = 0;
  const typed: string[] = [];
  const adapter = {
    isMock: false,
    listWindows: () => {
      const focused = focus[Math.min(listings++, focus.length - 1)];
      return Promise.resolve(["Editor", "Interruption"].map((t) => windowNamed(t, t === focused)));
    },
    input: (action: { text: string }) => {
      typed.push(action.text);
      return Promise.resolve({ ok: true });
    },
  };
  return { session: { adapter } as unknown as Session, typed };
}

const CASES: Array<[string, Array<string | null>, string | null]> = [
  ["the dialog has the focus at once", ["Editor", "Editor", "Interruption"], "Interruption"],
  [
    "no window has it for a moment",
    ["Editor", "Editor", null, null, null, "Interruption"],
    "Interruption",
  ],
  ["no window takes it", ["Editor", "Editor", null], null],
];

for (const [name, focus, movedTo] of CASES) {
  Deno.test(`typeWatchingFocus: ${name}`, async () => {
    const { session, typed } = scripted(focus);
    const outcome = await typeWatchingFocus(session, "abcdefghij".repeat(5), null);
    assert.equal(outcome.ok, false);
    assert.equal(outcome.code, "FocusChanged");
    assert.equal(typed.length, 2, "typing stopped after the piece during which the focus moved");
    const details = outcome.details as { typed_chars: number; focus_moved_to: { title: string } };
    // The first character goes alone (the app may take it as a change of mode), then pieces.
    assert.deepEqual(typed, ["a", "bcdefghi"]);
    assert.equal(details.typed_chars, 9);
    assert.equal(details.focus_moved_to?.title ?? null, movedTo);
  });
}

Deno.test("typeWatchingFocus: the focus stays, everything is typed", async () => {
  const { session, typed } = scripted(["Editor"]);
  const outcome = await typeWatchingFocus(session, "abcdefghij".repeat(2), null);
  assert.equal(outcome.ok, true);
  assert.equal(typed.join(""), "abcdefghij".repeat(2));
  assert.deepEqual(typed.map((piece) => piece.length), [1, 8, 8, 3]);
});

const FOCUS_STAYS_CASES: Array<[string, Array<string | null>]> = [
  // GNOME reports the focus through AT-SPI a moment after the click that gave it.
  ["the focus is reported late: the window that takes it is where typing starts", [
    null,
    null,
    "Editor",
  ]],
  ["no window is ever said to have it: no move to see, everything is typed", [null]],
];

for (const [name, focus] of FOCUS_STAYS_CASES) {
  Deno.test(`typeWatchingFocus: ${name}`, async () => {
    const { session, typed } = scripted(focus);
    const outcome = await typeWatchingFocus(session, "abcdefghij".repeat(2), null);
    assert.equal(outcome.ok, true, JSON.stringify(outcome));
    assert.equal(typed.join(""), "abcdefghij".repeat(2));
  });
}

// [elapsed ms, changed, still ms] → settled
const FIRST_KEY_CASES: Array<[string, number, boolean, number, boolean]> = [
  ["nothing shown yet, early", 100, false, 100, false],
  ["nothing shown after half a second: a key that shows nothing", 500, false, 500, true],
  ["shown, still changing", 300, true, 40, false],
  ["shown, then still for 150 ms", 300, true, 150, true],
  ["shown long ago but changing ever since: the limit", 3000, true, 10, true],
];

for (const [name, elapsed, changed, still, settled] of FIRST_KEY_CASES) {
  Deno.test(`firstKeySettled: ${name}`, () => {
    assert.equal(firstKeySettled(elapsed, changed, still), settled);
  });
}
