// The audit log's chain: appends, rotation, restarts and crashes keep it
// intact, and every kind of tampering the verifier promises to catch is
// caught, at the line where it happened.

import { strict as assert } from "node:assert";
import { fileURLToPath } from "node:url";
import { AuditLog, sealLine, unsealLine } from "../lib/services/safety/audit_log.ts";
import { verifyAuditFile, verifyLines } from "../lib/services/safety/audit_verify.ts";

const AUDIT_LOG_URL = new URL("../lib/services/safety/audit_log.ts", import.meta.url).href;
const CLI_PATH = fileURLToPath(new URL("../lib/interfaces/cli/audit.ts", import.meta.url));

function fields(step: number): Record<string, unknown> {
  return {
    time: "2026-11-24T10:00:00.123Z",
    caller: "rest",
    tool: "click_element",
    step_id: step,
    args: { text: "héllo\n\u2028" },
    target: { window_uid: "w1", element_id: `e${step}` },
    result: "ok",
    refused: false,
  };
}

async function inTempDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "audit_log_test_" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function appendRecords(
  path: string,
  count: number,
  options: { maxBytes?: number; backups?: number } = {},
): Promise<string> {
  const log = await AuditLog.open({ path, maxBytes: 1 << 20, backups: 2, ...options });
  for (let i = 0; i < count; i++) await log.append(fields(i));
  await log.close();
  return log.head.hash;
}

/** The seqs of the whole lines of a file. */
async function seqsIn(path: string): Promise<number[]> {
  const lines = (await Deno.readTextFile(path)).split("\n").slice(0, -1);
  return lines.map((line) => JSON.parse(line).seq);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The line's body edited and sealed afresh, as an attacker who knows the format would. */
function resealed(line: string, edit: (body: string) => string): string {
  return sealLine(edit(unsealLine(line)!.body)).line;
}

Deno.test("tampering with a 20-record log is caught where it happened", async (t) => {
  await inTempDir(async (dir) => {
    const path = `${dir}/audit.log`;
    const head = await appendRecords(path, 20);
    const original = (await Deno.readTextFile(path)).split("\n").slice(0, -1);
    const cases: Array<{
      name: string;
      tamper: (lines: string[]) => string[];
      expectHead?: boolean;
      problemAt?: [line: number, problem: RegExp];
      anchorSeq?: number;
    }> = [
      { name: "untouched", tamper: (lines) => lines, expectHead: true },
      {
        name: "a field edited in a middle line",
        tamper: (lines) => lines.with(9, lines[9].replace('"step_id":9', '"step_id":8')),
        problemAt: [10, /edited/],
      },
      {
        name: "a middle line removed",
        tamper: (lines) => lines.toSpliced(9, 1),
        problemAt: [10, /prev does not match/],
      },
      {
        name: "two lines swapped",
        tamper: (lines) => lines.with(9, lines[10]).with(10, lines[9]),
        problemAt: [10, /prev does not match/],
      },
      { name: "the last line removed, no head to compare", tamper: (lines) => lines.slice(0, -1) },
      {
        name: "the last line removed, head known",
        tamper: (lines) => lines.slice(0, -1),
        expectHead: true,
        problemAt: [19, /removed from the end/],
      },
      {
        name: "a line edited and its hash recomputed",
        tamper: (lines) =>
          lines.with(9, resealed(lines[9], (body) => body.replace('"e9"', '"e7"'))),
        problemAt: [11, /prev does not match/],
      },
      {
        name: "seq 1 given another prev, hash recomputed",
        tamper: (lines) =>
          lines.with(0, resealed(lines[0], (body) => body.replace(/0{64}/, "1".repeat(64)))),
        problemAt: [1, /seq 1 must have prev/],
      },
      {
        name: "a line that is not JSON inserted",
        tamper: (lines) => lines.toSpliced(5, 0, "rm -rf /"),
        problemAt: [6, /not JSON/],
      },
      {
        name: "a forged record without hash inserted",
        tamper: (lines) => lines.toSpliced(5, 0, `{"seq":6,"prev":"${"a".repeat(64)}"}`),
        problemAt: [6, /does not end with its hash/],
      },
      {
        // Indistinguishable from rotation dropping old files: reported as the anchor.
        name: "the first line removed",
        tamper: (lines) => lines.slice(1),
        anchorSeq: 2,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, () => {
        const text = c.tamper(original).join("\n") + "\n";
        const report = verifyLines([{ name: "audit.log", text }], {
          expectHead: c.expectHead ? head : undefined,
        });
        if (c.problemAt === undefined) {
          assert.deepEqual(report.problems, []);
          assert.ok(report.ok);
        } else {
          assert.ok(!report.ok);
          const [line, problem] = c.problemAt;
          assert.equal(report.problems[0].file, "audit.log");
          assert.equal(report.problems[0].line, line, JSON.stringify(report.problems));
          assert.match(report.problems[0].problem, problem);
        }
        assert.equal(report.anchor?.seq, c.anchorSeq);
      });
    }
  });
});

Deno.test("an intact log reports its extent and head", async () => {
  await inTempDir(async (dir) => {
    const path = `${dir}/audit.log`;
    const head = await appendRecords(path, 20);
    const report = await verifyAuditFile(path, { expectHead: head });
    assert.deepEqual(report, {
      ok: true,
      records: 20,
      first_seq: 1,
      last_seq: 20,
      head,
      anchor: null,
      partial_tail: null,
      problems: [],
    });
  });
});

Deno.test("concurrent appends get contiguous seqs in call order", async () => {
  await inTempDir(async (dir) => {
    const path = `${dir}/audit.log`;
    const log = await AuditLog.open({ path, maxBytes: 1 << 20, backups: 1 });
    const heads = await Promise.all(range(1, 200).map((step) => log.append(fields(step))));
    await log.close();
    assert.deepEqual(heads.map((h) => h.seq), range(1, 200));
    assert.deepEqual(await seqsIn(path), range(1, 200));
    const report = await verifyAuditFile(path, { expectHead: heads[199].hash });
    assert.ok(report.ok, JSON.stringify(report.problems));
  });
});

Deno.test("rotation keeps the chain across files and drops the oldest", async (t) => {
  for (const backups of [2, 0]) {
    await t.step(`backups: ${backups}`, async () => {
      await inTempDir(async (dir) => {
        const path = `${dir}/audit.log`;
        const maxBytes = 1000;
        const head = await appendRecords(path, 40, { maxBytes, backups });
        const kept = [path, ...range(1, backups).map((n) => `${path}.${n}`)];
        for (const file of kept) assert.ok((await Deno.stat(file)).size <= maxBytes, file);
        await assert.rejects(Deno.stat(`${path}.${backups + 1}`), Deno.errors.NotFound);

        const report = await verifyAuditFile(path, { expectHead: head });
        assert.ok(report.ok, JSON.stringify(report.problems));
        assert.equal(report.last_seq, 40);
        assert.ok(report.first_seq! > 1, "older records were dropped");
        assert.equal(report.anchor?.seq, report.first_seq);
        assert.equal(report.anchor?.file, kept.at(-1));
        assert.equal(report.records, 40 - report.first_seq! + 1);
      });
    });
  }

  await t.step("a file missing from the middle is caught", async () => {
    await inTempDir(async (dir) => {
      const path = `${dir}/audit.log`;
      await appendRecords(path, 40, { maxBytes: 1000, backups: 2 });
      await Deno.remove(`${path}.1`);
      const report = await verifyAuditFile(path);
      assert.ok(!report.ok);
      assert.equal(report.problems[0].file, path);
      assert.equal(report.problems[0].line, 1);
      assert.match(report.problems[0].problem, /a file is missing/);
    });
  });
});

Deno.test("reopening continues the chain", async (t) => {
  await t.step("after a clean close", async () => {
    await inTempDir(async (dir) => {
      const path = `${dir}/audit.log`;
      const firstHead = await appendRecords(path, 5);
      const log = await AuditLog.open({ path, maxBytes: 1 << 20, backups: 2 });
      assert.equal(log.head.seq, 5);
      assert.equal(log.head.hash, firstHead);
      for (let step = 0; step < 5; step++) await log.append(fields(step));
      await log.close();
      assert.deepEqual(await seqsIn(path), range(1, 10));
      assert.ok((await verifyAuditFile(path, { expectHead: log.head.hash })).ok);
    });
  });

  await t.step("after a crash mid-write: the partial tail is cut off", async () => {
    await inTempDir(async (dir) => {
      const path = `${dir}/audit.log`;
      const head = await appendRecords(path, 5);
      await Deno.writeTextFile(path, '{"seq":6,"time":"2026-', { append: true });
      const crashed = await verifyAuditFile(path, { expectHead: head });
      assert.ok(crashed.ok, "an unfinished last line is no record, so no tampering");
      assert.deepEqual(crashed.partial_tail, { file: path, line: 6 });

      const log = await AuditLog.open({ path, maxBytes: 1 << 20, backups: 2 });
      assert.equal(log.head.seq, 5);
      await log.append(fields(6));
      await log.close();
      assert.deepEqual(await seqsIn(path), range(1, 6));
      const report = await verifyAuditFile(path, { expectHead: log.head.hash });
      assert.ok(report.ok, JSON.stringify(report.problems));
      assert.equal(report.partial_tail, null);
    });
  });

  await t.step("after a stop right after a rotation: from the newest backup", async () => {
    await inTempDir(async (dir) => {
      const path = `${dir}/audit.log`;
      await appendRecords(path, 3);
      await Deno.rename(path, `${path}.1`);
      const log = await AuditLog.open({ path, maxBytes: 1 << 20, backups: 2 });
      assert.equal((await log.append(fields(4))).seq, 4);
      await log.close();
      const report = await verifyAuditFile(path, { expectHead: log.head.hash });
      assert.ok(report.ok, JSON.stringify(report.problems));
      assert.deepEqual([report.first_seq, report.last_seq], [1, 4]);
    });
  });

  await t.step("refused when the last whole line is no record", async () => {
    await inTempDir(async (dir) => {
      const path = `${dir}/audit.log`;
      await appendRecords(path, 3);
      await Deno.writeTextFile(path, "garbage\n", { append: true });
      await assert.rejects(
        AuditLog.open({ path, maxBytes: 1 << 20, backups: 2 }),
        /last line is not an audit record/,
      );
    });
  });
});

Deno.test("a failed append uses up no seq and the log stays usable", async (t) => {
  const cases: Array<{
    name: string;
    fail: (log: AuditLog, path: string) => Promise<unknown>;
    error: RegExp;
  }> = [
    {
      name: "reserved field",
      fail: (log) => log.append({ ...fields(2), prev: "0".repeat(64) }),
      error: /must not include prev/,
    },
    {
      name: "not serialisable",
      fail: (log) => log.append({ ...fields(2), count: 1n }),
      error: /BigInt/,
    },
    {
      name: "rotation cannot rename",
      fail: async (log, path) => {
        await Deno.mkdir(`${path}.1`);
        try {
          await log.append({ ...fields(2), args: { text: "x".repeat(2000) } });
        } finally {
          await Deno.remove(`${path}.1`);
        }
      },
      error: /audit log .*: record 2 not written/,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      await inTempDir(async (dir) => {
        const path = `${dir}/audit.log`;
        const log = await AuditLog.open({ path, maxBytes: 1000, backups: 1 });
        await log.append(fields(1));
        await assert.rejects(c.fail(log, path), c.error);
        assert.equal(log.head.seq, 1);
        assert.equal((await log.append(fields(2))).seq, 2);
        await log.close();
        const report = await verifyAuditFile(path, { expectHead: log.head.hash });
        assert.ok(report.ok, JSON.stringify(report.problems));
        assert.deepEqual([report.first_seq, report.last_seq], [1, 2]);
      });
    });
  }
});

const CHILD_PRELUDE = `
const [moduleUrl, path] = Deno.args;
const { AuditLog } = await import(moduleUrl);
const log = await AuditLog.open({ path, maxBytes: 1e9, backups: 0 });
const print = (value) => Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(value) + "\\n"));
`;

/** Runs `body` (after CHILD_PRELUDE) as a Deno script appending to `path`. */
function spawnAppender(dir: string, path: string, body: string, shell = ""): Deno.ChildProcess {
  const script = `${dir}/child.js`;
  Deno.writeTextFileSync(script, CHILD_PRELUDE + body);
  const deno = [
    Deno.execPath(),
    "run",
    "--allow-read",
    "--allow-write",
    script,
    AUDIT_LOG_URL,
    path,
  ];
  return new Deno.Command("bash", {
    args: ["-c", `${shell} exec "$@"`, "bash", ...deno],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

Deno.test("a write cut short by the disk is undone before the next append", async () => {
  await inTempDir(async (dir) => {
    const path = `${dir}/audit.log`;
    // Files may grow to 1024 bytes; writing past that fails with EFBIG
    // (SIGXFSZ ignored), after a short write of the bytes that fit.
    const child = spawnAppender(
      dir,
      path,
      `
      const outcomes = [];
      for (let i = 0; i < 10 && !outcomes.some((o) => typeof o === "string"); i++) {
        await log.append({ pad: "x".repeat(200) }).then((h) => outcomes.push(h.seq), (e) => outcomes.push(e.message));
      }
      outcomes.push((await log.append({ small: true })).seq);
      print(outcomes);
      `,
      "trap '' XFSZ; ulimit -f 1;",
    );
    const { code, stdout, stderr } = await child.output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const [first, second, failure, recovered] = JSON.parse(new TextDecoder().decode(stdout));
    assert.deepEqual([first, second, recovered], [1, 2, 3]);
    assert.match(failure, /record 3 not written: .*too large/i);
    const report = await verifyAuditFile(path);
    assert.ok(report.ok, JSON.stringify(report.problems));
    assert.deepEqual([report.last_seq, report.partial_tail], [3, null]);
  });
});

Deno.test("every append that resolved survives SIGKILL", async () => {
  await inTempDir(async (dir) => {
    const path = `${dir}/audit.log`;
    const child = spawnAppender(
      dir,
      path,
      `for (let i = 0; ; i++) print((await log.append({ tool: "type_text", text: "x".repeat(i % 50) })).seq);`,
    );
    const stderr = new Response(child.stderr).text();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let printed = "";
    const readMore = async () => {
      const { value, done } = await reader.read();
      printed += value ?? "";
      return !done;
    };
    while (!printed.includes("\n") && await readMore());
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill("SIGKILL");
    while (await readMore());
    assert.equal((await child.status).signal, "SIGKILL", await stderr);

    const acknowledged = printed.split("\n").slice(0, -1).map(Number);
    assert.ok(acknowledged.length > 10, `only ${acknowledged.length} appends resolved`);
    assert.deepEqual(acknowledged, range(1, acknowledged.length));
    const inFile = await seqsIn(path);
    const report = await verifyAuditFile(path);
    assert.ok(report.ok, JSON.stringify(report.problems));
    assert.ok(
      report.last_seq! >= acknowledged.length,
      `${report.last_seq} < ${acknowledged.length}`,
    );
    assert.deepEqual(inFile.slice(0, acknowledged.length), acknowledged);
  });
});

Deno.test("the CLI's verdict and exit code", async (t) => {
  await inTempDir(async (dir) => {
    const good = `${dir}/good.log`;
    const head = await appendRecords(good, 20);
    const tampered = `${dir}/tampered.log`;
    await appendRecords(tampered, 20);
    const text = await Deno.readTextFile(tampered);
    await Deno.writeTextFile(tampered, text.replace('"step_id":4', '"step_id":5'));

    const cases: Array<{ name: string; args: string[]; code: number; output: RegExp }> = [
      {
        name: "intact",
        args: [good],
        code: 0,
        output: new RegExp(`^audit log OK: 20 records, seq 1–20, head ${head}$`),
      },
      { name: "intact, head matches", args: [good, "--head", head], code: 0, output: /OK/ },
      {
        name: "head differs",
        args: [good, `--head=${"0".repeat(64)}`],
        code: 1,
        output: /^TAMPERED .*good\.log:20: .*removed from the end$/,
      },
      {
        name: "tampered",
        args: [tampered],
        code: 1,
        output: /^TAMPERED .*tampered\.log:5: the hash does not match/,
      },
      { name: "tampered, as JSON", args: [tampered, "--json"], code: 1, output: /"ok": false/ },
      { name: "missing file", args: [`${dir}/missing.log`], code: 2, output: /cannot read/ },
      { name: "no file given", args: [], code: 2, output: /usage/ },
      { name: "malformed head", args: [good, "--head", "abc"], code: 2, output: /usage/ },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const result = await new Deno.Command(Deno.execPath(), {
          args: ["run", "--allow-read", CLI_PATH, ...c.args],
          cwd: dir,
          stdout: "piped",
          stderr: "piped",
        }).output();
        const decoder = new TextDecoder();
        const output = (decoder.decode(result.stdout) + decoder.decode(result.stderr)).trim();
        assert.equal(result.code, c.code, output);
        assert.match(output, c.output);
      });
    }
  });
});
