// What each pod leaves beside OSWorld's result folder of its task: one record
// per attempt in `attempts/<attempt>.json`, written when the pod starts and
// again when it ends. A record that never got its end is a pod that died
// mid-task (killed, evicted, out of memory, past its deadline): the Job tried
// again, and the summary reports it.

import { z } from "zod";

/** Why an attempt ended without a score. */
export const CAUSES = {
  "pod-ended": "the pod ended mid-task (killed, evicted, out of memory or past its deadline)",
  model: "the model endpoint failed (unreachable, refused or a bad answer)",
  service: "the service refused or failed a call",
  desktop: "no desktop was reachable in the pod",
  task: "the task could not be read",
  error: "another error",
} as const;

export type Cause = keyof typeof CAUSES;

export const Attempt = z.object({
  attempt: z.string().min(1).max(100).describe("This attempt's own id."),
  pod: z.string().max(253).describe("The pod's name (its host name)."),
  index: z.number().int().min(0).describe("The Job's completion index."),
  started: z.string().datetime().describe("When the pod started the task."),
  finished: z.string().datetime().optional().describe("When it ended; absent: it never did."),
  seconds: z.number().min(0).optional().describe("From start to end."),
  outcome: z.enum(["scored", "unsupported", "failed"]).optional(),
  score: z.number().min(0).max(1).nullable().optional(),
  steps: z.number().int().min(0).optional(),
  cause: z.enum(Object.keys(CAUSES) as [Cause, ...Cause[]]).optional(),
  message: z.string().max(2000).optional().describe("The error, for a failed attempt."),
  unsupported: z.array(z.string().max(500)).max(50).optional(),
});
export type Attempt = z.infer<typeof Attempt>;
