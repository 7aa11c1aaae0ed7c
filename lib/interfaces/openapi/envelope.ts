// The error envelope every tool-backed route answers a failure with
// (lib/runtime/dispatch.ts, lib/model/errors.ts), and the legacy error shapes
// of the v1 routes. Successes are each tool's own (json_schema.ts toolResultSchema).

import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../../model/errors.ts";
import { causedByField, stepIdField, untrustedField } from "../../runtime/result_schema.ts";
import { objectSchema } from "./json_schema.ts";
import { type JsonSchema, schemaRef } from "./types.ts";

const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** errorObject() in lib/model/errors.ts: every field is always present. */
const errorObject = z.strictObject({
  code: z.enum(codes).describe("One of the error codes; each has a fixed HTTP status."),
  message: z.string().describe("What went wrong, in words."),
  recoverable: z.boolean().describe("Whether trying again (after the suggested tool) can help."),
  suggested_next_tool: z.string().nullable().describe("The tool to call next, or null."),
  context: z.record(z.string(), z.unknown()).describe(
    "Details: the offending selector, window_uid, position, ... (no null values).",
  ),
}).describe("The error of a failed call.");

/** Failure: fields a failed action adds (receipts, elapsed_ms) may follow. */
const errorEnvelope = z.looseObject({
  ok: z.literal(false),
  success: z.literal(false),
  error: errorObject,
  step_id: stepIdField.optional(),
  caused_by_step_id: causedByField.optional(),
  untrusted: untrustedField.optional(),
}).describe("A failed call. A failed action also carries its receipt fields; a wait, elapsed_ms.");

/** GET /api/sketch and GET /api/screenshot answer errors the v1 way. */
const legacyError = z.strictObject({ error: z.string().describe("What went wrong.") })
  .describe("A v1 error (GET /api/sketch, GET /api/screenshot).");

/** POST /api/action with an unknown `action`: a v1 string error, with ok/success. */
const unknownAction = z.strictObject({
  ok: z.literal(false),
  success: z.literal(false),
  error: z.string().describe('"Unknown action: <action>".'),
}).describe("POST /api/action with an action it does not know: the error is a string.");

export function envelopeSchemas(): Record<string, JsonSchema> {
  const envelope = objectSchema("ErrorEnvelope", errorEnvelope);
  return {
    ErrorObject: objectSchema("ErrorObject", errorObject),
    ErrorEnvelope: {
      ...envelope,
      properties: { ...(envelope.properties as object), error: schemaRef("ErrorObject") },
    },
    LegacyError: objectSchema("LegacyError", legacyError),
    UnknownActionError: objectSchema("UnknownActionError", unknownAction),
  };
}
