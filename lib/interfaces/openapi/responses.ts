// Reusable responses: the tool envelope, and the refusals that can happen
// before any route runs (request guards, transport limits).

import { resultComponent } from "./json_schema.ts";
import {
  type JsonSchema,
  type Response,
  type ResponseOrRef,
  responseRef,
  schemaRef,
} from "./types.ts";

export function json(schema: JsonSchema): Response["content"] {
  return { "application/json": { schema } };
}

const envelope = json(schemaRef("ErrorEnvelope"));

export function componentResponses(): Record<string, Response> {
  return {
    BadRequest: {
      description: "Invalid arguments, or a body that is malformed JSON or not an object " +
        "(BadRequest).",
      content: envelope,
    },
    Forbidden: {
      description: "Refused before the route runs: a foreign Host (DNS rebinding), a foreign " +
        "Origin or a cross-site Sec-Fetch-Site (PermissionDenied).",
      content: envelope,
    },
    ContentTooLarge: {
      description: "The body is larger than limits.body_bytes (BadRequest); the connection closes.",
      content: envelope,
    },
    UnsupportedMediaType: {
      description: "The request has a body that is not application/json (BadRequest).",
      content: envelope,
    },
    ToolError: {
      description: "The tool failed: the status is the error code's (see the error code table).",
      content: envelope,
    },
  };
}

/** What a route that runs one of `tools` (by name) can answer. */
export function toolResponses(takesBody: boolean, tools: string[]) {
  const answers = tools.map((tool) => schemaRef(resultComponent(tool)));
  const responses: Record<string, ResponseOrRef> = {
    "200": {
      description: tools.length === 1
        ? "The tool's result in the success envelope."
        : "The result of the tool that ran, in the success envelope.",
      content: json(answers.length === 1 ? answers[0] : { anyOf: answers }),
    },
    "400": responseRef("BadRequest"),
    "403": responseRef("Forbidden"),
  };
  if (takesBody) {
    responses["413"] = responseRef("ContentTooLarge");
    responses["415"] = responseRef("UnsupportedMediaType");
  }
  responses.default = responseRef("ToolError");
  return responses;
}

/** The refusals of the request guards and transport for a route that runs no tool. */
export function guardResponses(takesBody: boolean): Record<string, ResponseOrRef> {
  const responses: Record<string, ResponseOrRef> = { "403": responseRef("Forbidden") };
  if (takesBody) {
    responses["413"] = responseRef("ContentTooLarge");
    responses["415"] = responseRef("UnsupportedMediaType");
  }
  return responses;
}
