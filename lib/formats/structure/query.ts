// The structure request's filter arguments: compiled into a StructureFilter,
// and normalised so a page cursor can tell whether a later request asks for
// the same listing.

import { ToolError } from "../../model/errors.ts";
import {
  ClientRegex,
  compileClientRegex,
  DEFAULT_REGEX_LENGTH,
  problemContext,
} from "../regex/compile.ts";
import type { StructureFilter } from "./filter.ts";
import type { Bounds } from "../../model/tree.ts";

export interface FilterArgs {
  scope?: string;
  roles?: string[];
  exclude_roles?: string[];
  name_regex?: string;
  visible_only?: boolean;
  max_text_len?: number;
  prune_empty?: boolean;
  detail?: "basic" | "full";
}

/** Everything that shapes a listing, with defaults filled in. */
export type ListingQuery = Record<keyof FilterArgs | "depth_used", unknown>;

export function listingQuery(args: FilterArgs, depthUsed: number): ListingQuery {
  return {
    depth_used: depthUsed,
    scope: args.scope ?? null,
    roles: args.roles ?? null,
    exclude_roles: args.exclude_roles ?? null,
    name_regex: args.name_regex ?? null,
    visible_only: args.visible_only ?? false,
    max_text_len: args.max_text_len ?? null,
    prune_empty: args.prune_empty ?? false,
    detail: args.detail ?? "basic",
  };
}

/** Keys given in `args` whose values differ from the listing's. */
export function conflictingKeys(
  args: FilterArgs & { depth?: number },
  depthUsed: number | undefined,
  query: ListingQuery,
): string[] {
  const given = listingQuery(args, depthUsed ?? -1);
  return (Object.keys(query) as Array<keyof ListingQuery>).filter((key) => {
    const present = key === "depth_used" ? args.depth !== undefined : args[key] !== undefined;
    return present && JSON.stringify(given[key]) !== JSON.stringify(query[key]);
  });
}

/** `regexLength`: the session's limits.regex_length. */
export async function compileFilter(
  args: FilterArgs,
  visibleRegions: () => Promise<Bounds[]>,
  regexLength = DEFAULT_REGEX_LENGTH,
): Promise<StructureFilter> {
  let nameRegex: ClientRegex | undefined;
  if (args.name_regex !== undefined) {
    const compiled = compileClientRegex(args.name_regex, regexLength);
    if (!(compiled instanceof ClientRegex)) {
      throw new ToolError("BadRequest", `name_regex: ${compiled.message}`, {
        name_regex: args.name_regex,
        ...problemContext(args.name_regex, compiled),
      });
    }
    nameRegex = compiled;
  }
  const base: StructureFilter = {
    roles: args.roles,
    excludeRoles: args.exclude_roles,
    nameRegex,
    maxTextLen: args.max_text_len,
    pruneEmpty: args.prune_empty ?? false,
  };
  return args.visible_only ? { ...base, visibleRegions: await visibleRegions() } : base;
}
