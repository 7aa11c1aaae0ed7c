// The OSWorld action bridge over HTTP on scenarios: pyautogui and computer_13
// performed as the service's own tool calls, set-of-marks tags resolved from
// the observation the agent saw (stale ones refused), refused programs running
// nothing, and the safety rails applying to every action of a batch.

import { strict as assert } from "node:assert";
import { decodeBase64, getJson, pngSize, postJson } from "./helpers/http.ts";
import { type Service, startService } from "./helpers/service.ts";

type Body = Record<string, unknown>;

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;

async function post(svc: Service, path: string, body: unknown, status = 200): Promise<Body> {
  const r = await postJson(`${svc.url}${path}`, body);
  assert.equal(r.status, status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
  return r.body;
}

async function withLogin(
  body: (svc: Service) => Promise<void>,
  options: Parameters<typeof startService>[0] = {},
): Promise<void> {
  const svc = await startService({ mock: true, ...options });
  try {
    await post(svc, "/api/scenario/load", { path: LOGIN });
    await body(svc);
  } finally {
    await svc.stop();
  }
}

/** Whether the Username field holds `expected`. */
function usernameIs(svc: Service, expected: string): Promise<unknown> {
  return post(svc, "/api/assert_state", {
    predicate: [{ kind: "value_equals", selector: 'Edit[name="Username"]', expected }],
  }).then((r) => r.all_passed);
}

function errorOf(body: Body): Body {
  return body.error as Body;
}

Deno.test("set-of-marks: numbered marks, the element list and a marked screenshot", async () => {
  await withLogin(async (svc) => {
    const som = await post(svc, "/api/set_of_marks", {});
    assert.match(String(som.observation_id), /^som-[0-9a-f]{12}$/);
    assert.equal(
      som.table,
      "index\ttag\tname\ttext\n1\tentry\tUsername\t\n2\tpush-button\tLogin\t",
    );
    const marks = som.marks as Body[];
    assert.deepEqual(marks.map((m) => m.centre), [{ x: 320, y: 212 }, { x: 250, y: 294 }]);
    const png = decodeBase64(som.data as string);
    assert.ok(pngSize(png).width > 0);
    // The same screen without pixels: the same observation.
    const again = await post(svc, "/api/set_of_marks", { image: false });
    assert.equal(again.observation_id, som.observation_id);
    assert.equal(again.data, undefined);
  });
});

Deno.test("pyautogui: tags resolve to the marks' centres, the actions run as tool calls", async () => {
  await withLogin(async (svc) => {
    await post(svc, "/api/set_of_marks", { image: false });
    const ran = await post(svc, "/api/pyautogui", {
      code: "```python\nimport pyautogui, time\npyautogui.click(tag_1)\n" +
        "pyautogui.write('alice')\ntime.sleep(0.1)\n```",
    });
    assert.equal(ran.performed, 3);
    const steps = ran.steps as Body[];
    assert.deepEqual(steps[0].args, {
      x: 320,
      y: 212,
      button: "left",
      count: 1,
      coordinate_space: "screen",
    });
    assert.deepEqual(steps.map((s) => s.tool), ["click_at", "type_text", undefined]);
    assert.equal(steps[2].action, "sleep");
    assert.equal(ran.control, null);
    assert.equal(await usernameIs(svc, "alice"), true);
  });
});

Deno.test("pyautogui: a tag whose element moved or went since the observation is MarksStale", async () => {
  await withLogin(async (svc) => {
    await post(svc, "/api/set_of_marks", { image: false });
    // Log in through plain tool calls: the form (and its marks) is replaced by the welcome page.
    for (const [selector, text] of [["Username", "alice"], ["Password", "pw"]]) {
      await post(svc, "/api/element/click", { selector: `Edit[name="${selector}"]` });
      await post(svc, "/api/action", { action: "type", value: text });
    }
    await post(svc, "/api/element/click", { selector: 'Button[name="Login"]' });
    const stale = await post(svc, "/api/pyautogui", { code: "pyautogui.click(tag_2)" }, 409);
    assert.equal(errorOf(stale).code, "MarksStale");
    assert.equal(errorOf(stale).suggested_next_tool, "get_set_of_marks");
    const unknown = await post(svc, "/api/pyautogui", {
      code: "pyautogui.click(tag_1)",
      observation_id: "som9",
    }, 400);
    assert.match(String(errorOf(unknown).message), /no set-of-marks observation som9/);
  });
});

Deno.test("pyautogui: tags before any observation are refused", async () => {
  await withLogin(async (svc) => {
    const r = await post(svc, "/api/pyautogui", { code: "pyautogui.click(tag_1)" }, 400);
    assert.match(String(errorOf(r).message), /call get_set_of_marks/);
  });
});

Deno.test("pyautogui: a refused or invalid program runs no part of itself", async () => {
  await withLogin(async (svc) => {
    const hostile = await post(svc, "/api/pyautogui", {
      code: "pyautogui.click(320, 212)\npyautogui.write('alice')\nimport os\nos.system('id')",
    }, 400);
    assert.deepEqual(errorOf(hostile).context, { construct: "import os", line: 3, column: 8 });
    // Valid code whose third action a tool refuses (wheel clicks over 1000): nothing runs either.
    const invalid = await post(svc, "/api/pyautogui", {
      code: "pyautogui.click(320, 212)\npyautogui.write('alice')\npyautogui.scroll(5000)",
    }, 400);
    assert.match(String(errorOf(invalid).message), /step 3 \(scroll\)/);
    assert.equal(await usernameIs(svc, ""), true, "the username is still empty");
  });
});

Deno.test("pyautogui: dry_run answers with the plan and inputs nothing", async () => {
  await withLogin(async (svc) => {
    const plan = await post(svc, "/api/pyautogui", {
      code: "pyautogui.moveTo(320, 212)\npyautogui.click()\npyautogui.hotkey('ctrl', 'a')\n" +
        "pyautogui.press(['A', 'b'])\npyautogui.hscroll(-2)\nDONE",
      dry_run: true,
    });
    assert.deepEqual(plan.plan, [
      { tool: "hover_at", args: { x: 320, y: 212, hover_ms: 0, coordinate_space: "screen" } },
      {
        tool: "click_at",
        args: { x: 320, y: 212, button: "left", count: 1, coordinate_space: "screen" },
      },
      { tool: "press_key", args: { keys: "ctrl+a" } },
      { tool: "type_text", args: { text: "A" } },
      { tool: "press_key", args: { keys: "b" } },
      { tool: "scroll", args: { clicks: -2, horizontal: true, coordinate_space: "screen" } },
      { kind: "control", word: "DONE", action: { kind: "done" } },
    ]);
    assert.equal(await usernameIs(svc, ""), true);
  });
});

Deno.test("pyautogui and computer_13 in a declared space: the plan's points are on the screen", async () => {
  await withLogin(async (svc) => {
    // The mock's screen is 1920×1080: scaled:960x540 halves it.
    const ran = await post(svc, "/api/pyautogui", {
      code: "pyautogui.click(160, 106)\npyautogui.write('alice')",
      coordinate_space: "scaled:960x540",
    });
    const steps = ran.steps as Body[];
    assert.deepEqual(steps[0].args, {
      x: 320,
      y: 212,
      button: "left",
      count: 1,
      coordinate_space: "screen",
    });
    assert.equal(await usernameIs(svc, "alice"), true);
    const plan = await post(svc, "/api/computer13", {
      action: { action_type: "MOVE_TO", parameters: { x: 500, y: 500 } },
      coordinate_space: "normalized",
      dry_run: true,
    });
    assert.deepEqual(plan.plan, [
      { tool: "hover_at", args: { x: 960, y: 540, hover_ms: 0, coordinate_space: "screen" } },
    ]);
    const outside = errorOf(
      await post(svc, "/api/computer13", {
        action: { action_type: "CLICK", parameters: { x: 1001, y: 5 } },
        coordinate_space: "normalized",
      }, 400),
    );
    assert.equal(outside.code, "BadRequest");
    assert.match(String(outside.message), /action 1's point \(1001, 5\) is outside the normalized/);
  });
});

Deno.test("computer_13: actions and control words, refusals naming the field", async () => {
  await withLogin(async (svc) => {
    const ran = await post(svc, "/api/computer13", {
      action: [
        { action_type: "CLICK", parameters: { x: 320, y: 212 } },
        { action_type: "TYPING", parameters: { text: "alice" } },
        "DONE",
      ],
    });
    assert.equal(ran.control, "DONE");
    assert.equal(await usernameIs(svc, "alice"), true);
    const bad = await post(svc, "/api/computer13", {
      action: { action_type: "CLICK", parameters: { x: "a" } },
    }, 400);
    assert.equal(errorOf(bad).context && (errorOf(bad).context as Body).path, "0.parameters.x");
    const text = await post(svc, "/api/computer13", {
      action: 'I will press enter.\n```json\n{"action_type": "PRESS", "parameters": ' +
        '{"key": "enter"}}\n```',
      dry_run: true,
    });
    assert.deepEqual(text.plan, [{ tool: "press_key", args: { keys: "enter" } }]);
  });
});

Deno.test("computer_13: one bare action as the body, as OSWorld's code sends it", async () => {
  await withLogin(async (svc) => {
    await post(svc, "/api/computer13", {
      action_type: "CLICK",
      parameters: { x: 320, y: 212 },
    });
    const typed = await post(svc, "/api/computer13", {
      action_type: "TYPING",
      parameters: { text: "bob" },
    });
    assert.equal(typed.ok, true);
    assert.equal(await usernameIs(svc, "bob"), true);
    const bad = await post(svc, "/api/computer13", {
      action_type: "CLICK",
      parameters: { x: "a" },
    }, 400);
    assert.equal((errorOf(bad).context as Body).path, "0.parameters.x");
    const cases: Array<[Body, RegExp]> = [
      [{}, /no action: expected \{"action": .*\} or a bare action \{"action_type"/],
      [
        { action: "WAIT", action_type: "CLICK" },
        /give action or a bare action_type, not both: expected/,
      ],
      [{ actions: [] }, /no action: expected/],
    ];
    for (const [body, message] of cases) {
      const refused = await post(svc, "/api/computer13", body, 400);
      assert.match(String(errorOf(refused).message), message, JSON.stringify(body));
    }
  });
});

Deno.test("action batches: budgets, access rules and the audit log apply to each action", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-bridge-" });
  const audit = `${dir}/audit.jsonl`;
  await withLogin(async (svc) => {
    const r = await post(svc, "/api/pyautogui", {
      code: "pyautogui.click(320, 212)\npyautogui.click(320, 212)\npyautogui.click(320, 212)",
    }, 429);
    assert.equal(errorOf(r).code, "BudgetExceeded");
    assert.equal((r.steps as Body[]).length, 3);
    assert.deepEqual((r.steps as Body[]).map((s) => s.ok), [true, true, false]);
    const denied = await post(svc, "/api/computer13", {
      action: { action_type: "DRAG_TO", parameters: { x: 10, y: 10 } },
    }, 403);
    assert.equal(errorOf(denied).code, "NotAllowed");
    const status = await getJson(`${svc.url}/api/tool/get_budget_status`);
    assert.equal(((status.body as Body).actions as Body).used, 2);
  }, {
    config: {
      safety: { audit: { path: audit }, access: { deny: ["drag"] }, budgets: { max_actions: 2 } },
    },
  });
  const records = (await Deno.readTextFile(audit)).trim().split("\n").map((l) => JSON.parse(l));
  const tools = records.map((r) => r.tool);
  assert.deepEqual(tools.filter((t) => t === "click_at").length, 3, JSON.stringify(tools));
  assert.ok(tools.includes("drag"));
  await Deno.remove(dir, { recursive: true });
});
