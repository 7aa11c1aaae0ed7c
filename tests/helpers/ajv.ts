// JSON Schema 2020-12 validation for tests (the OpenAPI document, the tools'
// result schemas). A test-only dependency, pinned here rather than in deno.json.
export { Ajv2020 } from "npm:ajv@8.20.0/dist/2020.js";
