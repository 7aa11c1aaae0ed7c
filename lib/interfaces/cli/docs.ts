// `deno task docs`: writes the generated references, docs/API.md (from the
// tool registry and the routes) and docs/CONFIG.md (from the configuration's
// schema). Tests hold the committed files to what this writes.

import { apiMarkdown } from "../../../routes/openapi.ts";
import { configReference } from "./config_reference.ts";

export const API_MD = new URL("../../../docs/API.md", import.meta.url);
export const CONFIG_MD = new URL("../../../docs/CONFIG.md", import.meta.url);

if (import.meta.main) {
  await Deno.writeTextFile(API_MD, apiMarkdown());
  await Deno.writeTextFile(CONFIG_MD, configReference());
  console.error(`wrote ${API_MD.pathname} and ${CONFIG_MD.pathname}`);
}
