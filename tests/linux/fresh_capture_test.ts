// fresh: true on a real desktop: a change another client made (a second
// service typing into a zenity entry) is not in a tree the first service
// still holds in its cache (the TTL cache, the mirror off), and is there when
// that service is asked for a fresh walk. A service with the live mirror
// sees the change without being asked for a walk: events told it, and still
// does after a fresh walk. A walk's answer says how much of it was the
// application's own time (perf.app_ms).

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import { getJson, postJson } from "../helpers/http.ts";
import { startService } from "../helpers/service.ts";
import { desktopTest, findAll } from "./linux_service.ts";

desktopTest("fresh: true sees a change the tree cache does not", async (_t, desktop) => {
  const app = await desktop.launch("zenity", ["--entry", "--title=Fresh", "--text=Name:"]);
  const uid = `x11:${app.window.toString(16)}`;
  const config = {
    tree: { max_depth: 30, default_depth: 30, cache_ttl_s: 60, live_mirror: false },
  };
  const watcher = await startService({ mock: false, env: desktop.env, config });
  const typist = await startService({ mock: false, env: desktop.env, config });
  const mirrored = await startService({
    mock: false,
    env: desktop.env,
    config: { tree: { ...config.tree, live_mirror: true } },
  });
  try {
    const entryValue = async (query: string, service = watcher) => {
      const r = await getJson(`${service.url}/api/structure?window_uid=${uid}${query}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const [entry] = findAll(r.body.tree as Element, (e) => e.role === "Edit");
      const perf = r.body.perf as { cache: string; capture_ms: number; app_ms?: number };
      // A walk says how much of it was the application's own time; an answer from memory does not.
      if (service === watcher && perf.cache === "hit") assert.equal(perf.app_ms, undefined);
      else if (service === watcher) {
        assert.ok(perf.app_ms! > 0 && perf.app_ms! <= perf.capture_ms, JSON.stringify(perf));
      }
      return { value: entry?.value ?? null, cache: perf.cache };
    };
    assert.deepEqual(await entryValue(""), { value: "", cache: "miss" });
    assert.deepEqual(await entryValue("", mirrored), { value: "", cache: "miss" });
    const typed = await postJson(`${typist.url}/api/tool/type_text`, {
      window_uid: uid,
      text: "fresh",
    });
    assert.equal(typed.status, 200, JSON.stringify(typed.body));
    assert.deepEqual(await entryValue(""), { value: "", cache: "hit" }, "the cached tree");
    assert.deepEqual(await entryValue("&fresh=true"), { value: "fresh", cache: "bypass" });
    // The fresh walk replaced the cached tree.
    assert.deepEqual(await entryValue(""), { value: "fresh", cache: "hit" });
    // The mirror: patched by the entry's events (received by now: the fresh walk came after).
    assert.equal((await entryValue("", mirrored)).value, "fresh", "the mirror follows events");
    // A fresh walk through the mirror keeps it: the next change is seen without another walk
    // (it used to leave a tree without a version, served from the 60 s cache).
    assert.equal((await entryValue("&fresh=true", mirrored)).value, "fresh");
    const more = await postJson(`${typist.url}/api/tool/type_text`, {
      window_uid: uid,
      text: "er",
    });
    assert.equal(more.status, 200, JSON.stringify(more.body));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await entryValue("", mirrored)).value, "fresher", "after a fresh walk, events");
  } finally {
    await mirrored.stop();
    await typist.stop();
    await watcher.stop();
    await app.kill();
  }
});
