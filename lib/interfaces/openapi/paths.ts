// Every path the app serves, with one path per tool under /api/tool/ so each
// has its own arguments (the app itself routes /api/tool/:name).

import { allowedOverGet, type Tool } from "../../runtime/registry.ts";
import { type LegacyQueries, type RouteOperation, serviceRoutes } from "./service_routes.ts";
import { type RouteTables, TAGS } from "./route_table.ts";
import { toolOperation, toolPath } from "./tool_operation.ts";
import type { JsonSchema, PathItem } from "./types.ts";

function consoleRoutes(tools: Tool[], argsOf: (tool: string) => JsonSchema): RouteOperation[] {
  const routes: RouteOperation[] = [];
  for (const tool of tools) {
    const path = toolPath(tool.name);
    const args = argsOf(tool.name);
    if (allowedOverGet(tool)) {
      routes.push({
        method: "get",
        path,
        operation: toolOperation("get", path, tool, args, "query", "Tool console"),
      });
    }
    routes.push({
      method: "post",
      path,
      operation: toolOperation("post", path, tool, args, "body", "Tool console"),
    });
  }
  return routes;
}

export function buildPaths(
  tools: ReadonlyMap<string, Tool>,
  argsOf: (tool: string) => JsonSchema,
  legacy: LegacyQueries,
  routes: RouteTables,
): Record<string, PathItem> {
  const dedicated: RouteOperation[] = routes.tools.map((r) => {
    const tool = tools.get(r.tool);
    if (!tool) throw new Error(`route ${r.method} ${r.path}: no tool ${r.tool}`);
    return {
      method: r.method,
      path: r.path,
      operation: toolOperation(r.method, r.path, tool, argsOf(r.tool), r.from, r.tag),
    };
  });
  const byName = [...tools.values()].sort((a, b) => a.name.localeCompare(b.name));
  const all = [
    ...serviceRoutes(tools, argsOf, legacy, routes),
    ...dedicated,
    ...consoleRoutes(byName, argsOf),
  ];
  const order = TAGS.map((t) => t.name as string);
  // Stable: within a tag, routes keep the order above.
  all.sort((a, b) => order.indexOf(a.operation.tags[0]) - order.indexOf(b.operation.tags[0]));
  const paths: Record<string, PathItem> = {};
  for (const { method, path, operation } of all) {
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} described twice`);
    item[method] = operation;
  }
  return paths;
}
