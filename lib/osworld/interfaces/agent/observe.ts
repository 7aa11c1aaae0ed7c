// One observation of the screen in the form an OSWorld agent asked for, read
// from the service: screenshot, accessibility table, both, or set-of-marks.

import type { ContentPart } from "./chat_client.ts";
import type { ObservationType } from "./prompts.ts";
import type { ServiceClient } from "./service_client.ts";

export interface Observation {
  /** What the model is shown. */
  content: ContentPart[];
  /** The set-of-marks observation tag_N refers to. */
  observationId: string | null;
}

function image(base64: string): ContentPart {
  return {
    type: "image_url",
    image_url: { url: `data:image/png;base64,${base64}`, detail: "high" },
  };
}

export async function observe(
  service: ServiceClient,
  type: ObservationType,
  maxTableTokens: number,
): Promise<Observation> {
  if (type === "som") {
    const som = await service.post("/api/set_of_marks", { max_tokens: maxTableTokens });
    return {
      content: [
        image(String(som.data)),
        { type: "text", text: `Numbered elements:\n${som.table}` },
      ],
      observationId: String(som.observation_id),
    };
  }
  const content: ContentPart[] = [];
  if (type !== "a11y_tree") {
    content.push(image(String((await service.get("/api/screenshot")).data)));
  }
  if (type !== "screenshot") {
    const tree = await service.get(`/api/accessibility?format=table&max_tokens=${maxTableTokens}`);
    content.push({ type: "text", text: `Accessibility tree:\n${tree.table}` });
  }
  return { content, observationId: null };
}
