// The audit log as the service writes it: one chained record per input call
// and per refusal, written before the answer leaves, verifiable by the
// audit-verify task, and complete after a kill -9 in the middle of a burst.

import assert from "node:assert/strict";
import { postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";
import { verifyAuditFile } from "../lib/services/safety/audit_verify.ts";

const CLI = new URL("../lib/interfaces/cli/audit.ts", import.meta.url).pathname;

type Body = Record<string, unknown>;

function records(text: string): Body[] {
  return text.split("\n").filter((l) => l.endsWith("}")).map((l) => JSON.parse(l));
}

async function verifyCli(path: string): Promise<{ code: number; out: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", CLI, path],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("audit: input calls and refusals are chained records; an edit is detected", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-audit-" });
  const path = `${dir}/audit.jsonl`;
  const svc = await startService({
    config: {
      mock_interactive: true,
      safety: { audit: { path }, access: { deny: ["drag"] }, budgets: { max_actions: 2 } },
    },
  });
  try {
    const tool = (name: string, args: Body) => postJson(`${svc.url}/api/tool/${name}`, args);
    const typed = await tool("type_text", { text: "hello", window_title: "Notepad" });
    assert.equal(typed.status, 200);
    // The record is on disk when the answer arrives.
    const first = records(await Deno.readTextFile(path));
    assert.equal(first.length, 1);
    assert.equal(first[0].tool, "type_text");
    assert.equal(first[0].caller, "rest");
    assert.equal(first[0].result, "ok");
    assert.equal(first[0].step_id, typed.body.step_id);
    assert.deepEqual(first[0].redacted, ["text"]);
    assert.equal(JSON.stringify(first[0]).includes("hello"), false);
    assert.equal((first[0].target as Body).window_uid, (typed.body.target as Body).window_uid);
    await tool("list_windows", {}); // a read: not audited
    assert.equal((await tool("drag", { from: [1, 1], to: [5, 5] })).status, 403);
    assert.equal((await tool("click_at", { x: 5, y: 5 })).status, 200);
    assert.equal((await tool("click_at", { x: 5, y: 5 })).status, 429);
    const all = records(await Deno.readTextFile(path));
    assert.deepEqual(all.map((r) => [r.tool, r.result, r.refused]), [
      ["type_text", "ok", false],
      ["drag", "NotAllowed", true],
      ["click_at", "ok", false],
      ["click_at", "BudgetExceeded", true],
    ]);
    const health = (await (await fetch(`${svc.url}/api/healthz`)).json()) as Body;
    assert.equal((health.audit as Body).seq, 4);
    assert.equal((health.audit as Body).hash, all[3].hash);

    const good = await verifyCli(path);
    assert.equal(good.code, 0, good.out);
    assert.match(good.out, /OK: 4 records/);
    const lines = (await Deno.readTextFile(path)).split("\n");
    lines[1] = lines[1].replace('"result":"NotAllowed"', '"result":"ok"');
    await Deno.writeTextFile(`${dir}/edited.jsonl`, lines.join("\n"));
    const edited = await verifyCli(`${dir}/edited.jsonl`);
    assert.equal(edited.code, 1, edited.out);
    assert.match(edited.out, /TAMPERED .*edited\.jsonl:2/);
  } finally {
    await svc.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit: kill -9 during a burst of actions loses no acknowledged record", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-audit-kill-" });
  const path = `${dir}/audit.jsonl`;
  const svc = await startService({ config: { safety: { audit: { path } } } });
  const acknowledged: number[] = [];
  try {
    const burst = Array.from(
      { length: 400 },
      (_, i) =>
        postJson(`${svc.url}/api/tool/hover_at`, { x: 10 + (i % 50), y: 10 })
          .then((r) => {
            if (r.status === 200) acknowledged.push(Number(r.body.step_id));
          })
          .catch(() => {}),
    );
    // Kill once some answers are in and others are still queued.
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    Deno.kill(svc.pid, "SIGKILL");
    await Promise.all(burst);
  } finally {
    await svc.stop();
  }
  assert.ok(acknowledged.length >= 40);
  const report = await verifyAuditFile(path);
  assert.equal(report.ok, true, JSON.stringify(report.problems));
  const logged = new Set(records(await Deno.readTextFile(path)).map((r) => Number(r.step_id)));
  const lost = acknowledged.filter((step) => !logged.has(step));
  assert.deepEqual(lost, [], "every answered action has its record");
  assert.ok(logged.size < 400, "the kill came mid-burst");
  await Deno.remove(dir, { recursive: true });
});
