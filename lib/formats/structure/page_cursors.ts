// Opaque structure paging cursors. A cursor names a stored listing and an
// offset into it, so every page of one listing comes from the same capture:
// pages never skip or repeat nodes while the UI changes, and the same cursor
// always gives the same page. 300 s TTL, 256 cursors.

import { ToolError } from "../../model/errors.ts";
import { randomHex } from "../../model/hex.ts";

const TTL_MS = 300_000;
const CAPACITY = 256;

export const CURSOR_FORMAT = /^pc:[0-9a-f]{16}$/;

interface Entry<T> {
  listing: T;
  offset: number;
  storedAt: number;
}

export class PageCursorStore<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(listing: T, offset: number): string {
    this.purgeExpired();
    const cursor = "pc:" + randomHex(8);
    this.entries.set(cursor, { listing, offset, storedAt: this.now() });
    while (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return cursor;
  }

  /** The cursor's listing and offset, or a typed error (BadRequest / SnapshotExpired). */
  require(cursor: string): { listing: T; offset: number } {
    if (!CURSOR_FORMAT.test(cursor)) {
      throw new ToolError("BadRequest", "page_cursor is not a cursor this server issued", {
        page_cursor: cursor,
      });
    }
    this.purgeExpired();
    const entry = this.entries.get(cursor);
    if (!entry) {
      throw new ToolError(
        "SnapshotExpired",
        `page_cursor ${cursor} is unknown or expired; request the first page again`,
        { page_cursor: cursor },
      );
    }
    return entry;
  }

  private purgeExpired(): void {
    const limit = this.now() - TTL_MS;
    for (const [cursor, entry] of this.entries) {
      if (entry.storedAt < limit) this.entries.delete(cursor);
    }
  }
}
