// Whether a screenshot request wants the picture itself as the response body
// (not JSON with base64 inside) and in which format: `raw=true`, or an Accept
// header that ranks an image type above JSON. The query's `format` wins where
// the Accept header allows it; a format the header refuses is an error (406).

export type ImageFormat = "png" | "jpeg";

export type ImageAnswer =
  | { binary: false }
  | { binary: true; format: ImageFormat }
  | { error: string };

interface Ranged {
  type: string;
  q: number;
}

/** The media ranges of an Accept header with their weights (q=1 when none is given). */
function ranges(accept: string): Ranged[] {
  return accept.split(",").flatMap((part) => {
    const [type, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (type === "") return [];
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return Number.isFinite(q) ? [{ type, q: Math.min(1, Math.max(0, q)) }] : [];
  });
}

function weight(list: Ranged[], type: string): number {
  const exact = list.find((r) => r.type === type);
  if (exact) return exact.q;
  const family = list.find((r) => r.type === `${type.split("/")[0]}/*`);
  if (family) return family.q;
  return list.find((r) => r.type === "*/*")?.q ?? 0;
}

const TYPES: Record<ImageFormat, string> = { png: "image/png", jpeg: "image/jpeg" };

export function imageAnswer(
  accept: string | undefined,
  raw: boolean,
  format: ImageFormat | undefined,
): ImageAnswer {
  const list = ranges(accept ?? "");
  const images = (["png", "jpeg"] as const).map((f) => ({ format: f, q: weight(list, TYPES[f]) }));
  const named = list.some((r) => r.type.startsWith("image/"));
  if (!raw && !named) return { binary: false };
  const json = weight(list, "application/json");
  const best = images.reduce((a, b) => (b.q > a.q ? b : a));
  if (!raw && (best.q === 0 || json >= best.q)) return { binary: false };
  if (format !== undefined) {
    // Without any Accept, raw=true takes the query's format as it is.
    if (list.length === 0 || images.find((i) => i.format === format)!.q > 0) {
      return { binary: true, format };
    }
    return { error: `the Accept header refuses ${TYPES[format]}, which format=${format} asks for` };
  }
  if (list.length === 0 || best.q === 0) return { binary: true, format: "png" };
  return { binary: true, format: best.format };
}

export function imageContentType(format: ImageFormat): string {
  return TYPES[format];
}
