// The scenario library end to end over HTTP against the spawned service:
// each scenario driven by selectors only to its success oracle, each failure
// oracle reached by a wrong step; loading errors; assert_state's predicate
// kinds; every verb driving a reaction; secrets never served.

import { strict as assert } from "node:assert";
import { readScenario } from "../lib/formats/scenario/load.ts";
import { decodeBase64, getJson, type JsonResponse, postJson } from "./helpers/http.ts";
import { type Service, startService } from "./helpers/service.ts";

type Body = Record<string, unknown>;

const LIBRARY = new URL("../scenarios/", import.meta.url).pathname;

class Client {
  /** A folder the service may load scenarios and reference images from. */
  constructor(private readonly svc: Service, readonly root: string) {}

  get(path: string): Promise<JsonResponse> {
    return getJson(`${this.svc.url}${path}`);
  }

  async post(path: string, body: unknown, status = 200): Promise<Body> {
    const r = await postJson(`${this.svc.url}${path}`, body);
    assert.equal(r.status, status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async load(path: string): Promise<Body> {
    return await this.post("/api/scenario/load", { path });
  }

  loadBundled(name: string): Promise<Body> {
    return this.load(`${LIBRARY}${name}`);
  }

  click(selector: string): Promise<Body> {
    return this.post("/api/element/click", { selector });
  }

  setValue(selector: string, value: string): Promise<Body> {
    return this.post("/api/element/set_value", { selector, value });
  }

  select(selector: string, option_name: string): Promise<Body> {
    return this.post("/api/element/select", { selector, option_name });
  }

  type(text: string): Promise<Body> {
    return this.post("/api/action", { action: "type", value: text });
  }

  key(keys: string): Promise<Body> {
    return this.post("/api/action", { action: "key", value: keys });
  }

  assertState(predicate: unknown[]): Promise<Body> {
    return this.post("/api/assert_state", { predicate });
  }

  /** Whether the scenario file's success or failure oracle holds now. */
  async oracle(name: string, which: "success" | "failure"): Promise<boolean> {
    const scenario = await readScenario(`${LIBRARY}${name}`, Deno.readFile);
    const body = await this.assertState(scenario.oracles[which]);
    return body.all_passed as boolean;
  }

  async expectOracles(name: string, success: boolean, failure: boolean): Promise<void> {
    assert.equal(await this.oracle(name, "success"), success, `${name} success oracle`);
    assert.equal(await this.oracle(name, "failure"), failure, `${name} failure oracle`);
  }

  async titles(): Promise<string[]> {
    const windows = (await this.get("/api/windows")).body.windows as Body[];
    return windows.map((w) => w.title as string);
  }

  async value(selector: string): Promise<unknown> {
    const body = await this.assertState([{ kind: "value_equals", selector, expected: null }]);
    const [result] = body.results as Array<{ observed: { actual?: unknown } | string }>;
    assert.equal(typeof result.observed, "object", `${selector}: ${JSON.stringify(result)}`);
    return (result.observed as { actual: unknown }).actual;
  }
}

/** A test body that runs against a freshly spawned service with its own file root. */
function withService(fn: (client: Client, t: Deno.TestContext) => Promise<void>) {
  return async (t: Deno.TestContext) => {
    const root = await Deno.makeTempDir({ prefix: "oso-scenario-root-" });
    const svc = await startService({
      config: { scenarios: { dirs: [root] }, references: { dirs: [root] } },
    });
    try {
      await fn(new Client(svc, root), t);
    } finally {
      await svc.stop();
      await Deno.remove(root, { recursive: true });
    }
  };
}

Deno.test(
  "scenario library: each scenario to its success oracle, wrong steps to its failure oracle",
  withService(async (c, t) => {
    await t.step("login: the spec's happy path", async () => {
      const loaded = await c.loadBundled("login.yaml");
      assert.deepEqual(
        [loaded.ok, loaded.scenario, loaded.state, loaded.states],
        [true, "login-happy-path", "start", ["start", "welcome", "error"]],
      );
      await c.expectOracles("login.yaml", false, false);
      await c.click('Edit[name="Username"]');
      await c.type("alice");
      await c.click('Edit[name="Password"]');
      await c.type("correct horse");
      const login = await c.click('Button[name="Login"]');
      assert.equal(login.changed, true);
      assert.deepEqual(await c.titles(), ["Acme — Welcome"]);
      await c.expectOracles("login.yaml", true, false);
    });

    await t.step("login: a wrong username opens the error dialog", async () => {
      await c.loadBundled("login.yaml");
      await c.setValue('Edit[name="Username"]', "bob");
      await c.setValue('Edit[name="Password"]', "pw");
      const refused = await c.click('Button[name="Login"]');
      assert.deepEqual((refused.new_dialogs as Body[]).map((d) => d.title), ["Login Error"]);
      await c.expectOracles("login.yaml", false, true);
      await c.click('Button[name="OK"]');
      assert.deepEqual(await c.titles(), ["Acme Login"]);
      assert.equal(await c.value('Edit[name="Username"]'), "bob", "typed values are kept");
    });

    await t.step("login: typing before clicking a field changes nothing", async () => {
      await c.loadBundled("login.yaml");
      await c.type("alice");
      const start = "sha1:fea1872051222609de110f1d998873b68a4e8faf";
      const r = await c.assertState([{ kind: "tree_hash_equals", expected_hash: start }]);
      assert.equal(r.all_passed, true);
      await c.click('Button[name="Login"]');
      await c.expectOracles("login.yaml", false, true);
    });

    await t.step("save as: replace report.txt after the confirmation", async () => {
      await c.loadBundled("save_as.yaml");
      await c.expectOracles("save_as.yaml", false, false);
      await c.click('MenuItem[name="File"]');
      await c.click('MenuItem[name="Save As…"]');
      assert.equal((await c.titles())[0], "Save As");
      await c.click('ListItem[name="report.txt"]');
      assert.equal(await c.value('Edit[name="File name:"]'), "report.txt");
      const save = await c.click('Button[name="Save"]');
      assert.deepEqual((save.new_dialogs as Body[]).map((d) => d.title), ["Confirm Save As"]);
      assert.equal(
        await c.value('Text[name="Message"]'),
        "report.txt already exists. Do you want to replace it?",
      );
      await c.click('Button[name="Yes"]');
      assert.deepEqual(await c.titles(), ["report.txt — Notepad"]);
      await c.expectOracles("save_as.yaml", true, false);
    });

    await t.step("save as: No goes back; replacing notes.txt is the failure", async () => {
      await c.loadBundled("save_as.yaml");
      await c.key("ctrl+shift+s");
      await c.setValue('Edit[name="File name:"]', "notes.txt");
      await c.click('Button[name="Save"]');
      await c.click('Button[name="No"]');
      assert.equal((await c.titles())[0], "Save As");
      await c.click('Button[name="Save"]');
      await c.click('Button[name="Yes"]');
      await c.expectOracles("save_as.yaml", false, true);
    });

    await t.step("save as: a new name saves at once, neither oracle holds", async () => {
      await c.loadBundled("save_as.yaml");
      await c.key("ctrl+s");
      await c.setValue('Edit[name="File name:"]', "summary.txt");
      await c.click('Button[name="Save"]');
      assert.deepEqual(await c.titles(), ["summary.txt — Notepad"]);
      await c.expectOracles("save_as.yaml", false, false);
    });

    await t.step("settings: check box, interval and theme, applied", async () => {
      await c.loadBundled("settings.yaml");
      await c.expectOracles("settings.yaml", false, false);
      await c.click('CheckBox[name="Enable auto-save"]');
      await c.setValue('Edit[name="Auto-save interval (minutes)"]', "5");
      await c.select('ComboBox[name="Theme"]', "Dark");
      assert.equal(await c.value('ComboBox[name="Theme"]'), "Dark");
      await c.click('Button[name="Apply"]');
      await c.expectOracles("settings.yaml", true, false);
    });

    await t.step("settings: a bad interval is a validation error; fixing it saves", async () => {
      await c.loadBundled("settings.yaml");
      await c.click('CheckBox[name="Enable auto-save"]');
      await c.setValue('Edit[name="Auto-save interval (minutes)"]', "five");
      await c.select('ComboBox[name="Theme"]', "Dark");
      await c.click('Button[name="Apply"]');
      assert.match(String(await c.value('Text[name="Status"]')), /^Error: .*1 to 60$/);
      await c.expectOracles("settings.yaml", false, false);
      await c.setValue('Edit[name="Auto-save interval (minutes)"]', "5");
      await c.click('Button[name="Apply"]');
      await c.expectOracles("settings.yaml", true, false);
    });

    await t.step("settings: applying without ticking auto-save is the failure", async () => {
      await c.loadBundled("settings.yaml");
      await c.setValue('Edit[name="Auto-save interval (minutes)"]', "5");
      await c.select('ComboBox[name="Theme"]', "Dark");
      await c.click('Button[name="Apply"]');
      await c.expectOracles("settings.yaml", false, true);
      await c.click('Button[name="Close"]');
      assert.deepEqual(await c.titles(), ["Untitled — Acme Editor"]);
    });

    await t.step("compose: the mail window opens a compose window; Send closes it", async () => {
      await c.loadBundled("compose_email.yaml");
      await c.expectOracles("compose_email.yaml", false, false);
      const opened = await c.click('Button[name="New message"]');
      assert.deepEqual((opened.new_dialogs as Body[]).map((d) => d.title), ["New Message"]);
      await c.setValue('Edit[name="To"]', "bob@example.com");
      await c.click('Button[name="Send"]');
      assert.equal(await c.value('Text[name="Notice"]'), "Please add a subject.");
      await c.setValue('Edit[name="Subject"]', "Quarterly report");
      await c.setValue('Document[name="Message body"]', "Figures attached.");
      await c.click('Button[name="Send"]');
      assert.deepEqual(await c.titles(), ["Inbox — Acme Mail"]);
      await c.expectOracles("compose_email.yaml", true, false);
    });

    await t.step(
      "compose: a bad address is refused; the wrong recipient is the failure",
      async () => {
        await c.loadBundled("compose_email.yaml");
        await c.click('Button[name="New message"]');
        await c.setValue('Edit[name="To"]', "bob at example");
        await c.setValue('Edit[name="Subject"]', "Quarterly report");
        await c.click('Button[name="Send"]');
        assert.match(String(await c.value('Text[name="Notice"]')), /valid recipient/);
        await c.setValue('Edit[name="To"]', "rob@example.com");
        await c.click('Button[name="Send"]');
        await c.expectOracles("compose_email.yaml", false, true);
      },
    );

    await t.step("delete account: the old account, confirmed with name and password", async () => {
      await c.loadBundled("delete_account.yaml");
      await c.expectOracles("delete_account.yaml", false, false);
      await c.click('ListItem[name="alice-old"]');
      await c.click('Button[name="Delete account…"]');
      assert.match(String(await c.value('Text[name="Message"]')), /account alice-old and all/);
      await c.setValue('Edit[name="Type the account name to confirm"]', "alice-old");
      await c.setValue('Edit[name="Password"]', "n0t-it-42");
      await c.click('Button[name="Delete permanently"]');
      assert.match(String(await c.value('Text[name="Problem"]')), /password is wrong/);
      await c.setValue('Edit[name="Password"]', "hunter2");
      await c.click('Button[name="Delete permanently"]');
      await c.expectOracles("delete_account.yaml", true, false);
    });

    await t.step("delete account: deleting the primary account is the failure", async () => {
      await c.loadBundled("delete_account.yaml");
      await c.click('ListItem[name="alice"]');
      await c.click('Button[name="Delete account…"]');
      await c.setValue('Edit[name="Type the account name to confirm"]', "alice");
      await c.setValue('Edit[name="Password"]', "hunter2");
      await c.click('Button[name="Delete permanently"]');
      await c.expectOracles("delete_account.yaml", false, true);
    });
  }),
);

Deno.test(
  "a typed secret is never served: structure, description, sketch, find, windows",
  withService(async (c) => {
    await c.loadBundled("delete_account.yaml");
    await c.click('ListItem[name="alice-old"]');
    await c.click('Button[name="Delete account…"]');
    await c.setValue('Edit[name="Password"]', "hunter2");
    const uid = "mock:confirm_delete";
    const reads = [
      `/api/structure?window_uid=${uid}`,
      `/api/description?window_uid=${uid}`,
      `/api/sketch?window_uid=${uid}`,
      `/api/find_element?window_uid=${uid}&selector=${encodeURIComponent("Edit")}`,
      "/api/windows",
    ];
    for (const path of reads) {
      const r = await c.get(path);
      assert.equal(r.status, 200, path);
      assert.ok(!JSON.stringify(r.body).includes("hunter2"), `${path} shows the secret`);
    }
    const description = (await c.get(`/api/description?window_uid=${uid}`)).body;
    assert.match(String(description.description), /Edit "Password" = '<filled>'/);
    assert.equal(await c.value('Edit[name="Password"]'), "<filled>");
    // The reaction still compared the real password.
    await c.setValue('Edit[name="Type the account name to confirm"]', "alice-old");
    await c.click('Button[name="Delete permanently"]');
    assert.equal(await c.oracle("delete_account.yaml", "success"), true);
  }),
);

Deno.test(
  "load_scenario: result, ScenarioInvalid with where-info, previous scenario kept",
  withService(async (c) => {
    const capabilities = (await c.get("/api/capabilities")).body;
    assert.equal((capabilities.supports as Body).scenarios, true);
    const before = (await c.get("/api/windows")).body.windows as Body[];
    assert.match(String(before[0].window_uid), /^mock:0:[0-9a-f]{8}$/, "the default desktop");

    await c.loadBundled("login.yaml");
    const dir = await Deno.makeTempDir({ dir: c.root, prefix: "oso-scenario-" });
    try {
      const bad = `${dir}/bad.yaml`;
      await Deno.writeTextFile(
        bad,
        "states:\n  a:\n    windows:\n      - {uid: x}\n      - {uid: x}\n",
      );
      const r = await c.post("/api/scenario/load", { path: bad }, 400);
      const error = r.error as { code: string; message: string; context: Body };
      assert.equal(error.code, "ScenarioInvalid");
      assert.match(error.message, /bad\.yaml:5:15: states\.a\.windows\[1\]\.uid: duplicate/);
      assert.deepEqual(
        [error.context.path, error.context.line, error.context.column, error.context.key],
        [bad, 5, 15, "states.a.windows[1].uid"],
      );
      await Deno.writeTextFile(bad, "states: {a: [\n");
      const syntax = (await c.post("/api/scenario/load", { path: bad }, 400)).error as Body;
      assert.match(String(syntax.message), /^.*bad\.yaml:\d+:\d+: YAML syntax error/);
      await c.post("/api/scenario/load", { path: `${dir}/missing.yaml` }, 400);
      assert.deepEqual(await c.titles(), ["Acme Login"], "the login scenario is still active");
      const missing = await c.post("/api/scenario/load", {}, 400);
      assert.equal((missing.error as Body).code, "BadRequest");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }),
);

Deno.test(
  "assert_state: all nine predicate kinds and their result shapes",
  withService(async (c) => {
    await c.loadBundled("login.yaml");
    const dir = await Deno.makeTempDir({ dir: c.root, prefix: "oso-ssim-" });
    try {
      const shot = (await c.get("/api/screenshot?window_uid=mock:app")).body;
      const reference = `${dir}/start.png`;
      await Deno.writeFile(reference, decodeBase64(String(shot.data)));
      const r = await c.assertState([
        { kind: "element_exists", selector: 'Edit[name="Username"]' },
        { kind: "element_absent", selector: 'Text[name="Hello, alice"]' },
        { kind: "value_equals", selector: 'Edit[name="Username"]', expected: "" },
        { kind: "value_matches", selector: "Button", regex: "^$" },
        { kind: "text_visible", regex: "Log+in", mode: "tree" },
        { kind: "window_focused", title_regex: "^Acme" },
        { kind: "window_exists", window_uid: "mock:app" },
        {
          kind: "tree_hash_equals",
          expected_hash: "sha1:fea1872051222609de110f1d998873b68a4e8faf",
        },
        { kind: "screenshot_similar", reference_path: reference },
      ]);
      assert.equal(r.all_passed, true, JSON.stringify(r.results));
      assert.deepEqual((r.results as Body[]).map((x) => x.observed), [
        { count: 1, first_id: "root.0" },
        { count: 0 },
        { actual: "" },
        { actual: null },
        { source: "tree", element_id: "root" },
        { window_uid: "mock:app", title: "Acme Login" },
        { window_uid: "mock:app", title: "Acme Login" },
        { actual: "sha1:fea1872051222609de110f1d998873b68a4e8faf" },
        { ssim: 1 },
      ]);
      assert.deepEqual((r.results as Body[])[0].args, { selector: 'Edit[name="Username"]' });

      await c.setValue('Edit[name="Username"]', "alice");
      const after = await c.assertState([
        { kind: "screenshot_similar", reference_path: reference, min_ssim: 0.99999 },
        { kind: "text_visible", regex: "nowhere" },
        { kind: "window_exists", title_regex: "Error" },
        { kind: "value_equals", selector: "Slider", expected: "1" },
        { kind: "element_exists", selector: "Edit[" },
        { kind: "element_exists", window_uid: "mock:gone", selector: "Edit" },
        { kind: "value_matches", selector: "Edit", regex: "(" },
        { kind: "teleport" },
        "text_visible",
      ]);
      assert.equal(after.all_passed, false);
      const results = after.results as Body[];
      const ssim = (results[0].observed as { ssim: number }).ssim;
      assert.ok(ssim < 0.99999 && ssim > 0.5, `ssim ${ssim}`);
      assert.deepEqual(results.slice(1).map((x) => [x.kind, x.passed, x.observed]), [
        // Neither the tree nor the window's pixels (OCR) show it.
        ["text_visible", false, "no match"],
        ["window_exists", false, "no matching window"],
        ["value_equals", false, "no matches"],
        ["element_exists", false, results[4].observed as string],
        ["element_exists", false, "no tree"],
        ["value_matches", false, results[6].observed],
        ["teleport", false, "unknown predicate kind"],
        ["?", false, "predicate must be a mapping"],
      ]);
      assert.match(String(results[4].observed), /^selector parse: /);
      assert.match(String(results[6].observed), /^error: SyntaxError: invalid regular expression/);
      assert.deepEqual(results[7].args, { kind: "teleport" });

      for (const body of [{}, { predicate: [] }, { predicates: "x" }]) {
        const bad = await c.post("/api/assert_state", body, 400);
        assert.equal((bad.error as Body).message, "predicates list required");
      }
      const alias = await c.post("/api/assert_state", {
        predicates: [{ kind: "window_exists", title_regex: "Acme" }],
      });
      assert.equal(alias.all_passed, true);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }),
);

const PANEL = new URL("./helpers/panel.yaml", import.meta.url);

Deno.test(
  "every element verb and coordinate verb drives a reaction",
  withService(async (c, t) => {
    const dir = await Deno.makeTempDir({ dir: c.root, prefix: "oso-verbs-" });
    const path = `${dir}/panel.yaml`;
    await Deno.copyFile(PANEL, path);
    const go = { selector: 'Button[name="Go"]' };
    const field = { selector: 'Edit[name="Field"]' };
    const focusField = ["/api/element/click", field] as const;
    const rows: Array<[string, Array<readonly [string, Body]>, string]> = [
      ["click_element", [["/api/element/click", go]], "clicked"],
      ["right_click_element", [["/api/element/right_click", go]], "clicked"],
      ["double_click_element", [["/api/element/double_click", go]], "clicked"],
      ["invoke_element", [["/api/element/invoke", go]], "clicked"],
      ["focus_element", [["/api/element/focus", field]], "focused"],
      ["set_value", [["/api/element/set_value", { ...field, value: "abc" }]], "typed abc"],
      ["key_into_element", [["/api/element/key", { ...field, keys: "ctrl+s" }]], "saved"],
      ["clear_text", [["/api/element/clear_text", field]], "emptied to ''"],
      [
        "select_option",
        [["/api/element/select", { selector: 'ComboBox[name="Size"]', option_name: "Large" }]],
        "chose Large",
      ],
      ["hover_element", [["/api/hover", go]], "hovered"],
      ["click_at", [["/api/action", { action: "click_at", x: 20, y: 45 }]], "clicked"],
      ["right_click_at", [["/api/tool/right_click_at", { x: 20, y: 45 }]], "clicked"],
      ["double_click_at", [["/api/tool/double_click_at", { x: 20, y: 45 }]], "clicked"],
      ["type_text", [focusField, ["/api/tool/type_text", { text: "xyz" }]], "typed xyz"],
      ["press_key", [focusField, ["/api/action", { action: "key", value: "ctrl+s" }]], "saved"],
      ["scroll", [["/api/action", { action: "scroll", clicks: -2, x: 250, y: 50 }]], "scrolled"],
      ["hover_at", [["/api/hover", { x: 20, y: 45 }]], "hovered"],
      [
        "drag",
        [["/api/drag", { from: { selector: 'Slider[name="Handle"]' }, to: { x: 300, y: 160 } }]],
        "dragged",
      ],
    ];
    try {
      for (const [verb, calls, logged] of rows) {
        await t.step(verb, async () => {
          await c.load(path);
          for (const [route, body] of calls) await c.post(route, body);
          assert.equal(await c.value('Text[name="Log"]'), logged);
        });
      }
      await t.step("coordinate verbs report scenario_reaction", async () => {
        await c.load(path);
        const r = await c.post("/api/action", { action: "click_at", x: 20, y: 45 });
        assert.equal(r.scenario_reaction, true);
        assert.equal(r.note, undefined);
        const miss = await c.post("/api/action", { action: "click_at", x: 390, y: 290 });
        assert.equal(miss.scenario_reaction, undefined);
        assert.match(String(miss.note), /^Mock adapter/);
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }),
);
