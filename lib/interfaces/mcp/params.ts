// Params checked against the SDK's own schemas before the SDK sees a message:
// the SDK would answer a failed check with -32603 and a raw zod dump (or, for
// a bad `_meta`, not at all). Here it becomes one short line naming the field.

import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  InitializedNotificationSchema,
  InitializeRequestSchema,
  type JSONRPCNotification,
  JSONRPCNotificationSchema,
  type JSONRPCRequest,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ProgressNotificationSchema,
} from "./sdk.ts";

interface Issue {
  path: PropertyKey[];
  message: string;
  code: string;
}

interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** Every method that is parsed by a schema on arrival: the SDK's own and server.ts's handlers. */
const REQUEST_SCHEMAS = new Map<string, Schema>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
]);
const NOTIFICATION_SCHEMAS = new Map<string, Schema>([
  ["notifications/initialized", InitializedNotificationSchema],
  ["notifications/cancelled", CancelledNotificationSchema],
  ["notifications/progress", ProgressNotificationSchema],
]);

/** What is wrong with a message's params ("params.cursor: expected string, received number"), or null. */
export function paramsProblem(message: JSONRPCRequest | JSONRPCNotification): string | null {
  const isRequest = "id" in message;
  // The generic check is the one the SDK needs to pass before it dispatches at all.
  const generic: Schema = isRequest ? JSONRPCRequestSchema : JSONRPCNotificationSchema;
  const specific = (isRequest ? REQUEST_SCHEMAS : NOTIFICATION_SCHEMAS).get(message.method);
  for (const schema of specific ? [generic, specific] : [generic]) {
    const result = schema.safeParse(message);
    if (!result.success) return describeIssues(result.error.issues, message);
  }
  return null;
}

function describeIssues(issues: Issue[], message: object): string {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${describeIssue(first, message)}${more}`;
}

function describeIssue(issue: Issue, message: object): string {
  const field =
    issue.path.map((key, i) =>
      typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`
    ).join("") || "params";
  if (issue.code === "invalid_type" && valueAt(message, issue.path) === undefined) {
    return `${field} is required`;
  }
  // Unions say only "Invalid input", with nothing after it worth a colon.
  const detail = issue.message.replace(/^Invalid input(: )?/, "");
  return detail === "" ? `${field} is not valid` : `${field}: ${detail}`;
}

/** The value at a zod issue path: a loop over the path, never a walk of the message. */
function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
