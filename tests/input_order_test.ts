// Input tools run one at a time in arrival order (issue 10, finding 4): a
// click on Password and the typing sent right behind it used to run out of
// order and put the password into the plain-text Username field.

import { strict as assert } from "node:assert";
import { ToolSequencer } from "../lib/runtime/sequencer.ts";
import { RawMcp } from "./helpers/mcp.ts";
import { postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;

type Step = { name: string; writes: boolean; ms: number };

/** A task run in its turn, as dispatch runs a tool. */
async function inTurn<T>(sequencer: ToolSequencer, writes: boolean, task: () => Promise<T>) {
  const turn = sequencer.enter(writes);
  try {
    await turn.ready;
    return await task();
  } finally {
    turn.done();
  }
}

/** Runs the steps as they arrive back to back and records when each started and ended. */
async function trace(steps: Step[]): Promise<string[]> {
  const sequencer = new ToolSequencer();
  const events: string[] = [];
  await Promise.all(steps.map((step) =>
    inTurn(sequencer, step.writes, async () => {
      events.push(`+${step.name}`);
      await new Promise((r) => setTimeout(r, step.ms));
      events.push(`-${step.name}`);
    })
  ));
  return events;
}

Deno.test("sequencer: writes alone in arrival order, reads after earlier writes only", async () => {
  const cases: Array<{ steps: Step[]; expected: string[] }> = [
    {
      // a slow click, then typing: the typing never starts before the click ends
      steps: [{ name: "click", writes: true, ms: 30 }, { name: "type", writes: true, ms: 1 }],
      expected: ["+click", "-click", "+type", "-type"],
    },
    {
      // reads run together
      steps: [{ name: "r1", writes: false, ms: 20 }, { name: "r2", writes: false, ms: 1 }],
      expected: ["+r1", "+r2", "-r2", "-r1"],
    },
    {
      // a read that arrives after a write sees its effect
      steps: [{ name: "w", writes: true, ms: 20 }, { name: "r", writes: false, ms: 1 }],
      expected: ["+w", "-w", "+r", "-r"],
    },
    {
      // a write never waits for a read that arrived before it (a long wait_for)
      steps: [{ name: "wait", writes: false, ms: 40 }, { name: "click", writes: true, ms: 1 }],
      expected: ["+wait", "+click", "-click", "-wait"],
    },
  ];
  for (const { steps, expected } of cases) {
    assert.deepEqual(await trace(steps), expected, steps.map((s) => s.name).join(","));
  }
});

Deno.test("sequencer: a failing write does not stop the queue", async () => {
  const sequencer = new ToolSequencer();
  const failed = inTurn(sequencer, true, () => Promise.reject(new Error("boom")));
  const next = inTurn(sequencer, true, () => Promise.resolve("ran"));
  await assert.rejects(failed, /boom/);
  assert.equal(await next, "ran");
  assert.equal(sequencer.queued, 0);
});

function fieldValues(structure: Record<string, unknown>): Record<string, unknown> {
  const tree = structure.tree as { children: Array<{ name: string; value: unknown }> };
  return Object.fromEntries(tree.children.map((c) => [c.name, c.value]));
}

Deno.test("MCP: click Password then type, sent back to back, types into Password", async () => {
  const mcp = await RawMcp.spawn("mcp", ["--scenario", LOGIN]);
  try {
    await mcp.request(0, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "order-test", version: "1" },
    });
    const call = (id: number, name: string, args: Record<string, unknown>) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name, arguments: args },
      });
    let id = 1;
    for (let run = 0; run < 11; run++) {
      await mcp.request(id++, "tools/call", {
        name: "load_scenario",
        arguments: { path: LOGIN },
      });
      await mcp.request(id++, "tools/call", {
        name: "click_element",
        arguments: { selector: 'Edit[name="Username"]' },
      });
      const clickId = id++;
      const typeId = id++;
      await mcp.writeLines(
        call(clickId, "click_element", { selector: 'Edit[name="Password"]' }),
        call(typeId, "type_text", { text: "TopSecret-XYZ" }),
      );
      const replies = [await mcp.next(), await mcp.next()];
      assert.deepEqual(replies.map((r) => r.id).sort(), [clickId, typeId]);
      const structure = await mcp.request(id++, "tools/call", {
        name: "get_window_structure",
        arguments: {},
      });
      const text = (structure.result as { content: Array<{ text: string }> }).content[0].text;
      const values = fieldValues(JSON.parse(text));
      assert.equal(values.Username, "", `run ${run}: the password landed in Username`);
      assert.equal(values.Password, "<filled>", `run ${run}`);
    }
  } finally {
    await mcp.finish();
  }
});

Deno.test("REST: a click and a typing request on two connections run in arrival order", async () => {
  const service = await startService({ args: ["--scenario", LOGIN] });
  try {
    for (let run = 0; run < 6; run++) {
      await postJson(`${service.url}/api/scenario/load`, { path: LOGIN });
      await postJson(`${service.url}/api/element/click`, { selector: 'Edit[name="Username"]' });
      const click = postJson(`${service.url}/api/element/click`, {
        selector: 'Edit[name="Password"]',
      });
      await new Promise((r) => setTimeout(r, 2)); // the click's request is in first
      const type = postJson(`${service.url}/api/tool/type_text`, { text: "TopSecret-XYZ" });
      await Promise.all([click, type]);
      const structure = await postJson(`${service.url}/api/tool/get_window_structure`, {});
      const values = fieldValues(structure.body);
      assert.equal(values.Username, "", `run ${run}: the password landed in Username`);
      assert.equal(values.Password, "<filled>", `run ${run}`);
    }
  } finally {
    await service.stop();
  }
});
