// A trace as OSWorld's traj.jsonl lines (pure): one line per input call, in
// order, as lib_run_single writes them — step_num (1-based), action_timestamp,
// action, reward, done, info, screenshot_file.

import type { ParsedTrace } from "../../../formats/trace/parse.ts";
import { resultFacts } from "../../../formats/trace/report/result_facts.ts";
import { actionTimestamp } from "./action_timestamp.ts";
import { type OsworldAction, pyautoguiAction } from "./pyautogui_action.ts";
import { screenAfter } from "./screen_after.ts";

export interface TrajectoryLine {
  step_num: number;
  action_timestamp: string;
  action: OsworldAction;
  /** A trace has no task reward: 0, as OSWorld writes for every step. */
  reward: number;
  /** True on the last step. */
  done: boolean;
  info: Record<string, unknown>;
  /** `step_{n}_{timestamp}.png`; null when no screenshot was taken after this action. */
  screenshot_file: string | null;
}

export interface TrajectoryStep {
  line: TrajectoryLine;
  /** The trace screenshot to save as `line.screenshot_file`. */
  screenshotRef: string | null;
}

export function trajectoryOf(
  trace: ParsedTrace,
  readable: (ref: string) => boolean,
  isAction: (tool: string) => boolean,
): TrajectoryStep[] {
  const indexes = trace.rows.flatMap((row, i) => (isAction(row.tool) ? [i] : []));
  return indexes.map((index, n) => {
    const row = trace.rows[index];
    const stepNum = n + 1;
    const timestamp = actionTimestamp(row.ts);
    const conversion = pyautoguiAction(row);
    const facts = resultFacts(row.result_summary);
    const screen = screenAfter(trace.rows, index, isAction, readable);
    return {
      line: {
        step_num: stepNum,
        action_timestamp: timestamp,
        action: conversion.action,
        reward: 0,
        done: n === indexes.length - 1,
        info: {
          tool: row.tool,
          args: row.args,
          ok: facts.ok,
          error: facts.errorCode,
          trace_seq: row.trace_seq,
          step_id: row.step_id,
          caller: row.caller,
          ts: row.ts,
          converted: conversion.converted,
          ...(conversion.reason ? { reason: conversion.reason } : {}),
          screenshot_trace_seq: screen?.traceSeq ?? null,
        },
        screenshot_file: screen ? `step_${stepNum}_${timestamp}.png` : null,
      },
      screenshotRef: screen?.ref ?? null,
    };
  });
}
