// Shorthands for the observation tests against a spawned service.

import { getJson, type JsonResponse, postJson } from "./http.ts";
import type { Service } from "./service.ts";

export type Body = Record<string, unknown>;

export interface Api {
  get(path: string): Promise<JsonResponse>;
  post(path: string, body?: unknown): Promise<JsonResponse>;
  del(path: string): Promise<JsonResponse>;
  /** window_uid by a title substring. */
  uid(title: string): Promise<string>;
}

export function api(svc: Service): Api {
  const a: Api = {
    get: (path) => getJson(`${svc.url}${path}`),
    post: (path, body = {}) => postJson(`${svc.url}${path}`, body),
    del: (path) => getJson(`${svc.url}${path}`, { method: "DELETE" }),
    async uid(title) {
      const windows = (await a.get("/api/windows")).body.windows as Body[];
      const w = windows.find((w) => String(w.title).includes(title));
      if (!w) throw new Error(`no window titled ${title}`);
      return String(w.window_uid);
    },
  };
  return a;
}

export function errorCode(r: JsonResponse): string {
  return (r.body.error as { code: string }).code;
}

export function q(value: string): string {
  return encodeURIComponent(value);
}
