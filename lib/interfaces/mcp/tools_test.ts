// The MCP view of the registry, in process: generated schemas, annotations
// that match what each tool does, and how results become MCP content.

import assert from "node:assert/strict";
import { z } from "zod";
import { toCallToolResult } from "./results.ts";
import { inputSchemaOf } from "./schemas.ts";
import { describeTools } from "./server.ts";
import { TOOLS } from "../../tools/index.ts";

Deno.test("every tool is described once, with the registry's description and annotations", () => {
  const described = describeTools(TOOLS);
  assert.deepEqual(described.map((t) => t.name), [...TOOLS.keys()]);
  for (const tool of described) {
    const registered = TOOLS.get(tool.name)!;
    assert.equal(tool.description, registered.description);
    assert.ok(tool.description!.length >= 40, `${tool.name}: describe it for a model`);
    assert.deepEqual(tool.annotations, registered.annotations);
  }
});

Deno.test("every schema is an object schema generated from the tool's zod input", () => {
  for (const tool of TOOLS.values()) {
    const schema = inputSchemaOf(tool);
    assert.equal(schema.type, "object", tool.name);
    assert.equal(schema.$schema, undefined, tool.name);
    assert.ok(tool.input instanceof z.ZodObject, `${tool.name}: input is not a zod object`);
    assert.deepEqual(Object.keys(schema.properties), Object.keys(tool.input.shape), tool.name);
  }
});

Deno.test("a field with a default is optional, and integers carry no safe-integer noise", () => {
  for (const tool of TOOLS.values()) {
    const schema = inputSchemaOf(tool);
    for (const field of schema.required ?? []) {
      assert.equal("default" in schema.properties[field], false, `${tool.name}.${field}`);
    }
    assert.doesNotMatch(JSON.stringify(schema), /9007199254740991/, tool.name);
  }
  const click = inputSchemaOf(TOOLS.get("click_at")!);
  assert.deepEqual(click.required, ["x", "y"]);
  assert.deepEqual(click.properties.button, {
    default: "left",
    description: "Mouse button: left (default), right or middle.",
    type: "string",
    enum: ["left", "right", "middle"],
  });
});

Deno.test("annotations are true to the tool: input acts, perception only reads", () => {
  for (const tool of TOOLS.values()) {
    const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
    if (tool.kind === "input") assert.equal(readOnlyHint, false, tool.name);
    if (tool.kind === "perception") assert.equal(readOnlyHint, true, tool.name);
    if (readOnlyHint) {
      assert.equal(destructiveHint, false, tool.name);
      assert.equal(idempotentHint, true, tool.name);
    }
  }
});

Deno.test("a result is its compact JSON as text and structuredContent; ok: false sets isError", () => {
  const ok = toCallToolResult({ ok: true, count: 1 });
  assert.deepEqual(ok, {
    content: [{ type: "text", text: '{"ok":true,"count":1}' }],
    structuredContent: { ok: true, count: 1 },
  });
  const failed = toCallToolResult({ ok: false, error: { code: "WindowGone" } });
  assert.equal(failed.isError, true);
  assert.equal(failed.structuredContent, undefined, "an error is not the tool's answer");
  assert.deepEqual(JSON.parse((failed.content[0] as { text: string }).text), {
    ok: false,
    error: { code: "WindowGone" },
  });
});

/** The first bytes of a PNG: signature and IHDR (length, type, width, height, depth...). */
function pngHead(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return btoa(String.fromCharCode(...bytes));
}

Deno.test("a base64 PNG becomes image content, once: the text keeps only its metadata", () => {
  const data = pngHead(640, 480);
  const shot = toCallToolResult({
    ok: true,
    window: "Notepad",
    format: "png",
    encoding: "base64",
    data,
  });
  assert.deepEqual(shot.content[1], { type: "image", data, mimeType: "image/png" });
  assert.equal(shot.content.length, 2);
  assert.deepEqual(JSON.parse((shot.content[0] as { text: string }).text), {
    ok: true,
    window: "Notepad",
    format: "png",
    width: 640,
    height: 480,
    image_content: 1,
  });
  const notPng = toCallToolResult({ ok: true, format: "json", encoding: "base64", data: "e30=" });
  assert.equal(notPng.content.length, 1);
  assert.equal(JSON.parse((notPng.content[0] as { text: string }).text).data, "e30=");
});

Deno.test("PNGs nested in a result (a composite's observation) each become one image", () => {
  const [a, b] = [pngHead(10, 20), pngHead(30, 40)];
  const result = toCallToolResult({
    ok: true,
    observation: { screenshot: { format: "png", encoding: "base64", data: a } },
    shots: [{ format: "png", encoding: "base64", data: b }],
  });
  assert.deepEqual(result.content.slice(1), [
    { type: "image", data: a, mimeType: "image/png" },
    { type: "image", data: b, mimeType: "image/png" },
  ]);
  const text = (result.content[0] as { text: string }).text;
  assert.equal(text.includes(a) || text.includes(b), false);
  const body = JSON.parse(text);
  assert.deepEqual(body.observation.screenshot, {
    format: "png",
    width: 10,
    height: 20,
    image_content: 1,
  });
  assert.equal(body.shots[0].image_content, 2);
  assert.deepEqual(result.structuredContent, body, "the structured answer is the text's");
  // Data that is not a PNG keeps no size.
  const odd = toCallToolResult({ format: "png", encoding: "base64", data: "iVBORw0K" });
  assert.deepEqual(JSON.parse((odd.content[0] as { text: string }).text), {
    format: "png",
    image_content: 1,
  });
});
