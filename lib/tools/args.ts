// Argument schemas shared by many tools.

import { z } from "zod";

/** Screen coordinates: negative values are legal left of / above the primary monitor. */
export const coordinate = z.number().int().min(-100_000).max(100_000);

export const windowArgs = {
  window_uid: z.string().optional(),
  window_index: z.number().int().optional(),
  window_title: z.string().optional(),
};

export const windowShape = z.object(windowArgs);

export const mouseButton = z.enum(["left", "right", "middle"]).default("left");
