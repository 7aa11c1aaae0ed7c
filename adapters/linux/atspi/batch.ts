// Pipelined AT-SPI reads. libatspi makes one blocking call per getter, and the
// application answers each before the next is sent; a capture asks hundreds
// of questions that libatspi does not cache (extents, texts, actions, fresh
// states, whole subtrees of objects made on demand). Here they are all
// written at once on the host's own bus connection (adapters/linux/dbus_wire)
// and the replies collected as they come; queries started can be finished
// later, their replies read meanwhile while later ones are waited for.

import { readCString } from "../ffi/c_strings.ts";
import type { Bounds } from "../../../lib/model/tree.ts";
import { type Accessible, busNameOf } from "./connection.ts";
import { ATSPI_OBJECT_PATH_OFFSET } from "../ffi/atspi.ts";
import {
  answeredByPeer,
  NOT_SENT,
  type Posted,
  type WireConnection,
} from "../dbus_wire/connection.ts";
import type { AppConnections } from "./app_connections.ts";
import type { Arg, MethodCall } from "../dbus_wire/marshal.ts";
import type { WireValue } from "../dbus_wire/unmarshal.ts";

/** As libatspi's own call timeout. */
const CALL_TIMEOUT_MS = 1500;
/**
 * An application that answered a call this recently is taken to answer
 * (`alive`) without being asked again: observations in a burst would
 * otherwise each wait for a round trip to it (0.2–0.6 ms on a 2-core VM).
 * A hang is still found by the first observation after this long.
 */
export const LIVENESS_LEASE_MS = 100;
/** Calls in flight at once, so a huge tree cannot queue unbounded messages. */
const WINDOW = 256;

/** Where an accessible object lives: its application's bus name and its object path. */
export interface Target {
  bus: string;
  path: string;
}

/** A target as one string, the bus name then the path (a bus name never holds "/"). */
export function addressOf(target: Target): string {
  return target.bus + target.path;
}

/** The target an address names (the inverse of addressOf: a path starts with "/"). */
export function targetOfAddress(address: string): Target {
  const slash = address.indexOf("/");
  return { bus: address.slice(0, slash), path: address.slice(slash) };
}

/** An accessible's bus name and object path, read from libatspi's public structs; null when missing. */
export function targetOf(accessible: Accessible): Target | null {
  const bus = busNameOf(accessible);
  const path = new Deno.UnsafePointerView(accessible).getPointer(ATSPI_OBJECT_PATH_OFFSET);
  return bus === null || path === null ? null : { bus, path: readCString(path) };
}

/** One question asked of many objects: the method, its arguments, and how to read the answer. */
export interface Query<T> {
  iface: string;
  member: string;
  /** The arguments for the i-th object asked. */
  args?: (i: number) => Arg[];
  /** The reply's signature; any other reply is treated as a failure. */
  signature: string;
  read: (body: WireValue[]) => T | null;
}

/** Queries sent and not finished (AtspiBatch.start): one part per connection. */
export type Started = StartedPart[];

interface StartedPart {
  connection: WireConnection;
  posted: Posted;
  group: Array<[Asked<unknown>, number]>;
  /** When the calls were posted (performance.now()): an answer shows the application ran since. */
  postedAt: number;
}

/** A query prepared for a list of objects; `results` is filled by AtspiBatch.run. */
export class Asked<T> {
  results: Array<T | null>;
  constructor(readonly targets: ReadonlyArray<Target | null>, readonly query: Query<T>) {
    this.results = new Array(targets.length).fill(null);
  }
}

const ACCESSIBLE = "org.a11y.atspi.Accessible";
const PROPERTIES = "org.freedesktop.DBus.Properties";

/** A property list (a{sv}) as a record. */
function propertyRecord(body: WireValue[]): Record<string, WireValue> {
  return Object.fromEntries(body[0] as Array<[string, WireValue]>);
}

/** AT-SPI's state set: a bit field in 32-bit words. */
export const STATE: Query<bigint> = {
  iface: ACCESSIBLE,
  member: "GetState",
  signature: "au",
  read: ([words]) =>
    (words as number[]).reduce((bits, word, i) => bits | (BigInt(word) << BigInt(32 * i)), 0n),
};

export const ROLE: Query<number> = {
  iface: ACCESSIBLE,
  member: "GetRole",
  signature: "u",
  read: ([role]) => role as number,
};

/** Interface names ("org.a11y.atspi.Text"). */
export const INTERFACES: Query<string[]> = {
  iface: ACCESSIBLE,
  member: "GetInterfaces",
  signature: "as",
  read: ([names]) => names as string[],
};

/**
 * Name, Description and ChildCount, read at once. Not for applications that
 * take GetAll for Get (see AtspiBatch.readsPropertiesOneByOne).
 */
export const ACCESSIBLE_PROPERTIES: Query<
  { name: string; description: string; childCount: number }
> = {
  iface: PROPERTIES,
  member: "GetAll",
  args: () => [{ type: "s", value: ACCESSIBLE }],
  signature: "a{sv}",
  read: (body) => {
    const p = propertyRecord(body);
    return {
      name: typeof p.Name === "string" ? p.Name : "",
      description: typeof p.Description === "string" ? p.Description : "",
      childCount: typeof p.ChildCount === "number" ? p.ChildCount : 0,
    };
  },
};

/** One property of an interface, when it has the type `is` accepts. */
function property<T extends WireValue>(
  iface: string,
  name: string,
  is: (value: WireValue) => value is T,
): Query<T> {
  return {
    iface: PROPERTIES,
    member: "Get",
    args: () => [{ type: "s", value: iface }, { type: "s", value: name }],
    signature: "v",
    read: ([value]) => is(value) ? value : null,
  };
}

const isString = (v: WireValue): v is string => typeof v === "string";

export const NAME = property(ACCESSIBLE, "Name", isString);
export const DESCRIPTION = property(ACCESSIBLE, "Description", isString);

/**
 * An application's toolkit name and version, read over the host's own
 * connection: libatspi's getters run a nested main loop in which an
 * application that quits is let go, then read through the application pointer
 * (a host crashed there under load, reading offset 0x40 of a NULL pointer).
 */
export const TOOLKIT_PARTS = ["ToolkitName", "Version"]
  .map((name) => property("org.a11y.atspi.Application", name, isString));

export const CHILD_COUNT = property(
  ACCESSIBLE,
  "ChildCount",
  (v): v is number => typeof v === "number",
);

/** The AT-SPI registry's desktop, whose children are the accessible applications' roots. */
export const REGISTRY: Target = {
  bus: "org.a11y.atspi.Registry",
  path: "/org/a11y/atspi/accessible/root",
};

/** Each object's children as the application lists them now. */
export const CHILDREN: Query<Target[]> = {
  iface: ACCESSIBLE,
  member: "GetChildren",
  signature: "a(so)",
  read: ([list]) => (list as Array<[string, string]>).map(([bus, path]) => ({ bus, path })),
};

/** The child at each object's index `indices[i]`. */
export function childAt(indices: readonly number[]): Query<Target> {
  return {
    iface: ACCESSIBLE,
    member: "GetChildAtIndex",
    args: (i) => [{ type: "i", value: indices[i] }],
    signature: "(so)",
    read: ([child]) => {
      const [bus, path] = child as [string, string];
      return { bus, path };
    },
  };
}

export const ATTRIBUTES: Query<Record<string, string>> = {
  iface: ACCESSIBLE,
  member: "GetAttributes",
  signature: "a{ss}",
  read: ([pairs]) => Object.fromEntries(pairs as Array<[string, string]>),
};

/** Relations as [AtspiRelationType, targets]. */
export const RELATIONS: Query<Array<[number, Target[]]>> = {
  iface: ACCESSIBLE,
  member: "GetRelationSet",
  signature: "a(ua(so))",
  read: ([relations]) =>
    (relations as Array<[number, Array<[string, string]>]>).map((
      [type, targets],
    ) => [type, targets.map(([bus, path]) => ({ bus, path }))]),
};

/** Actions as [name, description, key binding]. */
export const ACTIONS: Query<string[][]> = {
  iface: "org.a11y.atspi.Action",
  member: "GetActions",
  signature: "a(sss)",
  read: ([rows]) => rows as string[][],
};

/** The name (or description) of each object's action number `indices[i]`, asked on its own. */
export function actionText(
  member: "GetName" | "GetDescription",
  indices: readonly number[],
): Query<string> {
  return {
    iface: "org.a11y.atspi.Action",
    member,
    args: (i) => [{ type: "i", value: indices[i] }],
    signature: "s",
    read: ([text]) => typeof text === "string" ? text : null,
  };
}

/**
 * A Value object's number and range, each property asked on its own: a
 * GetAll of the interface aborts an application whose getter writes nothing
 * (at-spi2-atk's bridge then closes the reply's dictionary without a value,
 * and libdbus kills the process: Chromium's resize handles did).
 */
export const VALUE_PARTS = ["CurrentValue", "MinimumValue", "MaximumValue", "MinimumIncrement"]
  .map((name) => property("org.a11y.atspi.Value", name, (v): v is number => typeof v === "number"));

/** A table's column count (org.a11y.atspi.Table's NColumns). */
export const TABLE_COLUMNS = property(
  "org.a11y.atspi.Table",
  "NColumns",
  (v): v is number => typeof v === "number",
);

/** The object's place in its parent's list of children. */
export const INDEX_IN_PARENT: Query<number> = {
  iface: ACCESSIBLE,
  member: "GetIndexInParent",
  signature: "i",
  read: ([index]) => index as number,
};

/** The deepest child at each point, in `coordType`; null where there is none. */
export function accessibleAt(
  points: ReadonlyArray<{ x: number; y: number }>,
  coordType: number,
): Query<Target> {
  return {
    iface: "org.a11y.atspi.Component",
    member: "GetAccessibleAtPoint",
    args: (i) => [
      { type: "i", value: points[i].x },
      { type: "i", value: points[i].y },
      { type: "u", value: coordType },
    ],
    signature: "(so)",
    read: ([child]) => {
      const [bus, path] = child as [string, string];
      return path.endsWith("/null") ? null : { bus, path };
    },
  };
}

/** Extents in `coordType` (see adapters/linux/ffi/atspi.ts). */
export function extents(coordType: number): Query<Bounds> {
  return {
    iface: "org.a11y.atspi.Component",
    member: "GetExtents",
    args: () => [{ type: "u", value: coordType }],
    signature: "(iiii)",
    read: ([rect]) => {
      const [x, y, width, height] = rect as number[];
      return { x, y, width, height };
    },
  };
}

/** Texts from offset 0 to each one's `ends[i]` (see FrameQuirks.textEnd). */
export function texts(ends: readonly number[]): Query<string> {
  return {
    iface: "org.a11y.atspi.Text",
    member: "GetText",
    args: (i) => [{ type: "i", value: 0 }, { type: "i", value: ends[i] }],
    signature: "s",
    read: ([text]) => text as string,
  };
}

export class AtspiBatch {
  /**
   * Bus names of applications that let a call time out: later calls to them
   * fail at once instead of each waiting CALL_TIMEOUT_MS (a stopped or hung
   * process would otherwise cost that much per round of reads).
   */
  private readonly silent = new Set<string>();
  /**
   * When each application (bus name) was last sent a call it answered, an
   * error included (performance.now()).
   */
  private readonly answeredAt = new Map<string, number>();
  /**
   * No call is sent after this moment (performance.now()): its result is
   * null and `late` is set. A capture sets it so its reads end within its
   * time limit.
   */
  deadline = Infinity;
  late = false;
  /** Connections used since resetAnswering, with their busyMs then. */
  private readonly timed = new Map<WireConnection, number>();

  constructor(private readonly apps: AppConnections) {}

  /** From now on, answeringMs counts from zero. */
  resetAnswering(): void {
    this.timed.clear();
  }

  /**
   * Milliseconds the applications had calls of ours written and unanswered
   * since resetAnswering (WireConnection.busyMs): they answer pipelined
   * calls without a break meanwhile.
   */
  get answeringMs(): number {
    let total = 0;
    for (const [connection, from] of this.timed) total += connection.busyMs - from;
    return total;
  }

  /**
   * A walk given up halfway: what it posted and has not written yet is
   * dropped, so the applications are left only what they were asked already.
   */
  abandon(): void {
    for (const connection of this.timed.keys()) connection.dropUnsent();
  }

  /** False once the bus connection is gone. */
  get connected(): boolean {
    return this.apps.bus.isOpen;
  }

  /** Before a request: forgets which applications did not answer (each request asks them afresh). */
  reset(): void {
    this.silent.clear();
  }

  /**
   * The accessible applications' roots; closes the connections of those no
   * longer there. One call to the registry: libatspi's desktop asks it once
   * for the count and once per application. Null when the registry does not
   * answer.
   */
  listApplications(): Target[] | null {
    const apps = this.ask([REGISTRY], CHILDREN)[0];
    if (apps !== null) {
      const present = new Set([REGISTRY.bus, ...apps.map((app) => app.bus)]);
      this.apps.prune(present);
      for (const bus of this.answeredAt.keys()) if (!present.has(bus)) this.answeredAt.delete(bus);
    }
    return apps;
  }

  /**
   * Applications asked for their properties one Get at a time (bus names): Qt
   * 5 reads a Properties call's second argument as the property's name, and a
   * GetAll, which has one, aborts the application.
   */
  private readonly oneByOne = new Set<string>();

  /** From now on, `bus`'s objects are asked for their properties one at a time. */
  askPropertiesOneByOne(bus: string): void {
    this.oneByOne.add(bus);
  }

  /** Whether the object's application must be asked for its properties one at a time. */
  readsPropertiesOneByOne(target: Target): boolean {
    return this.oneByOne.has(target.bus);
  }

  /** Whether the object's application let a call time out in this request. */
  isSilent(target: Target | null): boolean {
    return target !== null && this.silent.has(target.bus);
  }

  /**
   * Whether each object's application answers a call (any reply, an error
   * included) within CALL_TIMEOUT_MS; all are asked at once.
   */
  answers(targets: ReadonlyArray<Target | null>): boolean[] {
    this.ask(targets, STATE);
    return targets.map((t) => t !== null && !this.silent.has(t.bus));
  }

  /**
   * Whether the object's application answers: it answered a call within
   * LIVENESS_LEASE_MS, or answers one now, whatever it did earlier.
   */
  alive(target: Target): boolean {
    const answered = this.answeredAt.get(target.bus);
    if (answered !== undefined && performance.now() - answered < LIVENESS_LEASE_MS) return true;
    this.silent.delete(target.bus);
    return this.answers([target])[0];
  }

  /** Asks one query of every target; null where the call failed. */
  ask<T>(targets: ReadonlyArray<Target | null>, query: Query<T>): Array<T | null> {
    const asked = new Asked(targets, query);
    this.run(asked);
    return asked.results;
  }

  /**
   * Sends every prepared query, at most WINDOW calls in flight per
   * application, and fills in their results; calls due after the deadline are
   * not sent (`late`).
   */
  run(...asked: Asked<unknown>[]): void {
    this.finish(this.start(...asked));
  }

  /**
   * Sends the queries as run does, without waiting for their replies: they
   * are read while the caller waits for later ones (the applications answer
   * in order), and filled in by `finish`.
   */
  start(...asked: Asked<unknown>[]): Started {
    const wanted: Array<[Asked<unknown>, number]> = [];
    for (const a of asked) {
      a.targets.forEach((target, i) => {
        if (target !== null && !this.silent.has(target.bus)) wanted.push([a, i]);
      });
    }
    if (wanted.length === 0) return [];
    if (performance.now() > this.deadline) {
      this.late = true;
      return [];
    }
    const { connections, silent } = this.apps.connectionsFor(
      wanted.map(([a, i]) => a.targets[i]!.bus),
    );
    for (const name of silent) this.silent.add(name);
    const byConnection = new Map<WireConnection, Array<[Asked<unknown>, number]>>();
    for (const [a, i] of wanted) {
      const bus = a.targets[i]!.bus;
      if (this.silent.has(bus)) continue;
      const connection = connections.get(bus)!;
      const group = byConnection.get(connection) ?? [];
      group.push([a, i]);
      byConnection.set(connection, group);
    }
    return [...byConnection].map(([connection, group]) => this.post(connection, group));
  }

  /** Waits for the replies of started queries and fills in their results. */
  finish(started: Started): void {
    for (const { connection, posted, group, postedAt } of started) {
      connection.settle(posted, CALL_TIMEOUT_MS);
      posted.replies.forEach((reply, k) => {
        const [a, i] = group[k];
        const bus = a.targets[i]!.bus;
        if (reply === null) return;
        if (reply.ok) {
          if (reply.signature === a.query.signature) a.results[i] = a.query.read(reply.body);
        } else if (reply.timedOut) {
          this.silent.add(bus);
        } else if (reply.error === NOT_SENT) {
          this.late = true;
          return;
        }
        // A timeout or a hang-up ends what earlier answers showed.
        if (answeredByPeer(reply) && !this.silent.has(bus)) this.answeredAt.set(bus, postedAt);
        else this.answeredAt.delete(bus);
      });
    }
  }

  /** One connection's share, posted. */
  private post(connection: WireConnection, group: Array<[Asked<unknown>, number]>): StartedPart {
    const calls = group.map(([a, i]): MethodCall => ({
      destination: a.targets[i]!.bus,
      path: a.targets[i]!.path,
      iface: a.query.iface,
      member: a.query.member,
      args: a.query.args?.(i) ?? [],
    }));
    if (!this.timed.has(connection)) this.timed.set(connection, connection.busyMs);
    const postedAt = performance.now();
    const posted = connection.post(calls, { inFlight: WINDOW, sendBy: this.deadline });
    return { connection, posted, group, postedAt };
  }
}
