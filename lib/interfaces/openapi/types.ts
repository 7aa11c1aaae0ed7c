// The parts of an OpenAPI 3.1 document this service produces. Schemas are
// JSON Schema draft 2020-12 objects, kept loose (`JsonSchema`).

export type JsonSchema = Record<string, unknown>;

export type HttpMethod = "get" | "post" | "delete";

export interface Parameter {
  name: string;
  in: "query" | "path";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: "form" | "simple";
  explode?: boolean;
}

export interface MediaType {
  schema: JsonSchema;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export type ResponseOrRef = Response | { $ref: string };

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, ResponseOrRef>;
  /** The registry tool this operation runs, when it runs one. */
  "x-tool"?: string;
}

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface ErrorCodeEntry {
  status: number;
  recoverable: boolean;
  suggested_next_tool: string | null;
  meaning: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
  };
  /** The error code table (lib/model/errors.ts), for readers of the document. */
  "x-error-codes": Record<string, ErrorCodeEntry>;
}

/** A `$ref` to a component schema. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** A `$ref` to a component response. */
export function responseRef(name: string): { $ref: string } {
  return { $ref: `#/components/responses/${name}` };
}
