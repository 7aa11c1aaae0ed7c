// What a row's result_summary says, read defensively: the summary is a free
// record (lib/formats/trace/row_fields.ts writes it; older traces or hand edits may
// hold anything), so each fact is taken only when it has the expected shape.

/** Absolute screen pixels, as the service records an element's bounds. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ResultFacts {
  /** null: the summary does not say. */
  ok: boolean | null;
  errorCode: string | null;
  changed: boolean | null;
  /** Titles of the windows the call opened (null: an untitled one). */
  newDialogs: Array<string | null>;
  selector: string | null;
  bounds: Bounds | null;
  /** Where pointer input went, in screen pixels (the receipt's screen_x, screen_y). */
  screenPoint: { x: number; y: number } | null;
  /** The space the call's coordinates were in (null: the summary does not say: screen). */
  coordinateSpace: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : null;
}

export function isBounds(value: unknown): value is Bounds {
  const b = record(value);
  return b !== null &&
    ["x", "y", "width", "height"].every((k) => typeof b[k] === "number" && Number.isFinite(b[k]));
}

export function resultFacts(summary: Record<string, unknown>): ResultFacts {
  const error = record(summary.error);
  const target = record(summary.target);
  const errorCode = error === null ? null : String(error.code ?? "Internal");
  return {
    ok: typeof summary.ok === "boolean" ? summary.ok : errorCode !== null ? false : null,
    errorCode,
    changed: typeof summary.changed === "boolean" ? summary.changed : null,
    newDialogs: Array.isArray(summary.new_dialogs)
      ? summary.new_dialogs.map((t) => (typeof t === "string" ? t : null))
      : [],
    selector: typeof target?.selector === "string" ? target.selector : null,
    bounds: isBounds(target?.bounds) ? target.bounds : null,
    screenPoint: Number.isFinite(summary.screen_x) && Number.isFinite(summary.screen_y)
      ? { x: summary.screen_x as number, y: summary.screen_y as number }
      : null,
    coordinateSpace: typeof summary.coordinate_space === "string" ? summary.coordinate_space : null,
  };
}
