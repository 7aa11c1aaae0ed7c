// The set-of-marks observations a session handed out, so a later `tag_N`
// resolves against the marks the agent actually saw. A few are kept: an agent
// may look twice before it acts on the first look.

import { createHash } from "node:crypto";
import { perSession } from "../../support/per_session.ts";
import type { Mark } from "../formats/marks/marks.ts";

export interface MarkObservation {
  id: string;
  marks: Mark[];
  /** The window the observation was limited to, if one was named. */
  windowUid: string | null;
}

const KEPT = 8;

/** Named by content: the same marks seen twice are the same observation, whoever asked. */
function observationId(marks: Mark[], windowUid: string | null): string {
  const digest = createHash("sha1").update(JSON.stringify([windowUid, marks])).digest("hex");
  return `som-${digest.slice(0, 12)}`;
}

export class MarkStore {
  private readonly observations: MarkObservation[] = [];

  add(marks: Mark[], windowUid: string | null): MarkObservation {
    const observation = { id: observationId(marks, windowUid), marks, windowUid };
    const known = this.observations.findIndex((o) => o.id === observation.id);
    if (known >= 0) this.observations.splice(known, 1);
    this.observations.push(observation);
    if (this.observations.length > KEPT) this.observations.shift();
    return observation;
  }

  /** The observation with this id, or the latest when id is null; undefined when none. */
  get(id: string | null): MarkObservation | undefined {
    return id === null ? this.observations.at(-1) : this.observations.find((o) => o.id === id);
  }
}

export const markStores = perSession(() => new MarkStore());
