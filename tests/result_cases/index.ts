// Every result case, by group of tools.

import { ACT_CASES } from "./act.ts";
import { DESKTOP_CASES } from "./desktop.ts";
import { OBSERVE_CASES } from "./observe.ts";
import type { ResultCase } from "./types.ts";

export const RESULT_CASES: ResultCase[] = [...DESKTOP_CASES, ...OBSERVE_CASES, ...ACT_CASES];
