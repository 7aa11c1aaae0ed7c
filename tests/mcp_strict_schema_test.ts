// Every property of every advertised inputSchema has a real schema (a type,
// enum, const, union or $ref, never `{}`, which accepts anything) and a
// description, nested ones included: object fields, array items, union
// members, additionalProperties. Checked on the generated schemas, on what a
// real MCP session lists, and with the MCP Inspector CLI's own --strict lint,
// which holds each tool's outputSchema to its portability rules too.

import assert from "node:assert/strict";
import { z } from "zod";
import { inputSchemaOf } from "../lib/interfaces/mcp/schemas.ts";
import { TOOLS } from "../lib/tools/index.ts";
import type { Tool } from "../lib/runtime/registry.ts";
import { connectSdkClient } from "./helpers/mcp.ts";
import { commandExists, partAvailable } from "./helpers/parts.ts";
import { startService } from "./helpers/service.ts";

type Schema = Record<string, unknown>;

const SHAPE_KEYWORDS = ["type", "enum", "const", "anyOf", "oneOf", "$ref"];

function isSchemaObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The subschemas a value of this schema may have to satisfy, with their paths. */
function children(schema: Schema, path: string): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  if (isSchemaObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) out.push([sub, `${path}.${name}`]);
  }
  if (Array.isArray(schema.items)) schema.items.forEach((s, i) => out.push([s, `${path}[${i}]`]));
  else if ("items" in schema) out.push([schema.items, `${path}[]`]);
  if (Array.isArray(schema.prefixItems)) {
    schema.prefixItems.forEach((s, i) => out.push([s, `${path}[${i}]`]));
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const members = schema[key];
    if (Array.isArray(members)) members.forEach((s, i) => out.push([s, `${path}|${key}[${i}]`]));
  }
  // `additionalProperties: false` (or true) is a keyword value, not a property schema.
  if (isSchemaObject(schema.additionalProperties)) {
    out.push([schema.additionalProperties, `${path}{*}`]);
  }
  return out;
}

/** What is wrong with one property schema and everything below it. */
function propertyProblems(node: unknown, path: string): string[] {
  if (!isSchemaObject(node)) return [`${path}: ${JSON.stringify(node)} is not a schema object`];
  const problems: string[] = [];
  if (!SHAPE_KEYWORDS.some((k) => k in node)) {
    problems.push(`${path}: no ${SHAPE_KEYWORDS.join("/")} (accepts any value)`);
  }
  if (typeof node.description !== "string" || node.description.trim() === "") {
    problems.push(`${path}: no description`);
  }
  // Legal JSON Schema, but the Inspector flags it: single-type dialects cannot say it.
  if (Array.isArray(node.type)) problems.push(`${path}: type is an array`);
  for (const [child, childPath] of children(node, path)) {
    problems.push(...propertyProblems(child, childPath));
  }
  return problems;
}

/** Every problem of a tool's inputSchema (the root itself is the object of arguments). */
function inputSchemaProblems(name: string, schema: unknown): string[] {
  if (!isSchemaObject(schema) || schema.type !== "object") return [`${name}: not an object schema`];
  return children(schema, name).flatMap(([child, path]) => propertyProblems(child, path));
}

function toolWith(input: z.ZodObject): Tool {
  return { ...TOOLS.get("list_windows")!, name: "probe", input };
}

Deno.test("the strict check itself finds untyped, undescribed and nested gaps", () => {
  const flagged = (input: z.ZodObject) =>
    inputSchemaProblems("probe", inputSchemaOf(toolWith(input)));
  assert.deepEqual(flagged(z.object({ a: z.string().describe("A.") })), []);
  assert.deepEqual(flagged(z.object({ a: z.unknown().describe("A.") })), [
    "probe.a: no type/enum/const/anyOf/oneOf/$ref (accepts any value)",
  ]);
  assert.deepEqual(flagged(z.object({ a: z.string() })), ["probe.a: no description"]);
  assert.deepEqual(
    flagged(z.object({
      list: z.array(z.object({ x: z.number().describe("X.") })).describe("L."),
      either: z.union([z.string().describe("S."), z.object({}).catchall(z.any())]).describe(
        "E.",
      ),
    })),
    [
      "probe.list[]: no description",
      "probe.either|anyOf[1]: no description",
      "probe.either|anyOf[1]{*}: no type/enum/const/anyOf/oneOf/$ref (accepts any value)",
      "probe.either|anyOf[1]{*}: no description",
    ],
  );
});

Deno.test("every generated inputSchema: each property typed and described, nested ones too", () => {
  const problems = [...TOOLS.values()].flatMap((t) =>
    inputSchemaProblems(t.name, inputSchemaOf(t))
  );
  assert.deepEqual(problems, []);
});

Deno.test("every inputSchema a real MCP session lists: typed and described, as generated", async () => {
  const mcp = await connectSdkClient();
  try {
    const { tools } = await mcp.client.listTools();
    assert.equal(tools.length, TOOLS.size);
    const problems = tools.flatMap((t) => inputSchemaProblems(t.name, t.inputSchema));
    assert.deepEqual(problems, []);
    for (const tool of tools) {
      assert.deepEqual(tool.inputSchema, inputSchemaOf(TOOLS.get(tool.name)!), tool.name);
    }
  } finally {
    await mcp.close();
  }
});

// The official Inspector, pinned: its lint rules are what the report came from.
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const MAIN = new URL("../main.ts", import.meta.url).pathname;

async function npx(args: string[], cwd: string, timeoutMs: number) {
  const out = await new Deno.Command("npx", {
    args: ["-y", INSPECTOR, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(timeoutMs),
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

/** Installs (or finds in the npx cache) and starts the Inspector CLI. */
async function inspectorRuns(cwd: string): Promise<string | null> {
  if (!commandExists("npx")) return "npx is not on PATH";
  try {
    const probe = await npx(["--cli", "--version"], cwd, 240_000);
    if (probe.code === 0) return null;
    return `exit ${probe.code}: ${probe.stderr.split("\n").filter((l) => l.trim()).slice(-3)}`;
  } catch (e) {
    return String(e);
  }
}

Deno.test("the MCP Inspector CLI (--method tools/list --strict) finds no schema problem", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-inspector-" });
  try {
    const whyNot = await inspectorRuns(dir);
    const hint = `Node.js with npx and access to the npm registry, to run ${INSPECTOR}` +
      (whyNot ? ` (${whyNot})` : "");
    if (!partAvailable("MCP Inspector CLI", whyNot === null, hint)) return;
    // `--` ends the Inspector's options: --config and --mode are the server's.
    const server = [Deno.execPath(), "run", "--allow-all", MAIN, "--mock", "--mode", "mcp"];
    const run = await npx(
      [
        "--cli",
        "--method",
        "tools/list",
        "--strict",
        "--format",
        "json",
        // The CLI waits 15 s for the server by default; a server started with both cores busy
        // took longer (its start-up is not what this test checks).
        "--connect-timeout",
        "180000",
        "--",
        ...server,
        "--config",
        `${dir}/config.json`,
      ],
      dir,
      240_000,
    );
    assert.equal(run.code, 0, run.stderr);
    const envelope = JSON.parse(run.stdout);
    assert.deepEqual(
      envelope.result.tools.map((t: { name: string }) => t.name).sort(),
      [...TOOLS.keys()].sort(),
    );
    // With --strict and --format json, findings come in the envelope and in full on stderr.
    assert.equal(envelope.schemaFindings, undefined, JSON.stringify(envelope.schemaFindings));
    assert.doesNotMatch(run.stderr, /(Warning|Error): tool "|warnings? across/, run.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("the MCP Inspector CLI over streamable HTTP, with a token: lists and calls tools", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-inspector-http-" });
  const token = "inspector-http-token-0123456789";
  const svc = await startService({ env: { OSO_TOKEN: token } });
  try {
    const whyNot = await inspectorRuns(dir);
    const hint = `Node.js with npx and access to the npm registry, to run ${INSPECTOR}` +
      (whyNot ? ` (${whyNot})` : "");
    if (!partAvailable("MCP Inspector CLI", whyNot === null, hint)) return;
    const cli = (args: string[]) =>
      npx(
        [
          "--cli",
          `${svc.url}/mcp`,
          "--transport",
          "http",
          "--header",
          `Authorization: Bearer ${token}`,
          "--format",
          "json",
          ...args,
        ],
        dir,
        240_000,
      );
    const listed = await cli(["--method", "tools/list", "--strict"]);
    assert.equal(listed.code, 0, listed.stderr);
    const envelope = JSON.parse(listed.stdout);
    assert.deepEqual(
      envelope.result.tools.map((t: { name: string }) => t.name).sort(),
      [...TOOLS.keys()].sort(),
    );
    assert.equal(envelope.schemaFindings, undefined, JSON.stringify(envelope.schemaFindings));
    const called = await cli(["--method", "tools/call", "--tool-name", "list_windows"]);
    assert.equal(called.code, 0, called.stderr);
    assert.match(called.stdout, /Untitled — Notepad/);
  } finally {
    await svc.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
