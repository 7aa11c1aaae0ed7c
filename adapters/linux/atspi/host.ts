// The process that hosts libatspi for the worker. libatspi 2.46 keeps
// process-wide state (its application table keyed by bus names, which a
// restarted bus hands out again) that atspi_exit does not clear, so after a
// lost accessibility bus only a new process reads trees again: the worker
// starts this one, and after a loss a fresh one. Speaks adapters/linux/atspi/host_protocol.ts
// on a Unix socket the worker listens on, read through libc so that a check's
// walk can see a request waiting: requests are served one at a time; between
// them GLib is pumped so libatspi's cache follows the applications.

import {
  captureFrame,
  type CaptureStart,
  type FrameWalk,
  walkMany,
  WalkYielded,
} from "./capture.ts";
import type { FrameQuirks } from "./frame_quirks.ts";
import { captureDesktop } from "./desktop_capture.ts";
import { AtspiBatch, type Target } from "./batch.ts";
import {
  CaptureJson,
  type HostCapture,
  type HostReply,
  type HostRequest,
  type HostStartup,
  LineSplitter,
  type WindowFacts,
} from "./host_protocol.ts";
import {
  AccessibilityBusError,
  AtspiCallError,
  AtspiConnection,
  busNameOf,
  MAX_EVENTS_PER_PUMP,
} from "./connection.ts";
import { performElementOperation } from "./element_operations.ts";
import { readElementPath } from "./element_path.ts";
import { openAtspi } from "../ffi/atspi.ts";
import { openDBus } from "../ffi/dbus.ts";
import { type Libc, openLibc } from "../ffi/libc.ts";
import { WireConnection } from "../dbus_wire/connection.ts";
import { SocketClosedError, UnixSocket } from "../dbus_wire/socket.ts";
import { accessibilityBusAddress } from "./accessibility_bus.ts";
import { switchOnAccessibility } from "./accessibility_status.ts";
import { AppConnections } from "./app_connections.ts";
import { openGLib } from "../ffi/glib.ts";
import { FrameFinder, notResponding, type WindowFrame } from "./frames.ts";
import { GValues } from "../ffi/glib_values.ts";
import { EventQueue } from "./events.ts";
import { countNodes, type Element, sameBounds } from "../../../lib/model/tree.ts";
import { CheckYields, depthOf, type MirroredTree, mirrorKey, TreeMirror } from "./mirror.ts";
import {
  type ActionOutcome,
  AppNotRespondingError,
  type Capture,
  type CaptureLimits,
  captureMsSince,
  type ElementOperation,
} from "../../types.ts";

/** How long opening the host's own bus connection may take. */
const WIRE_OPEN_TIMEOUT_MS = 3000;

/** Often enough that cached states are current when a request comes in. */
const PUMP_INTERVAL_MS = 5;

/** How often, between requests, the connections of applications that quit are closed. */
const PRUNE_EVERY_MS = 1000;

const encoder = new TextEncoder();

const captureJson = new CaptureJson();

/** Writes a reply (a walked tree as its UTF-8 JSON, see HostReply) or the first line, in full. */
function send(socket: UnixSocket, message: HostReply | HostStartup): void {
  const walked = "value" in message ? message.value as HostCapture : null;
  if ("value" in message && typeof walked === "object" && walked !== null && "capture" in walked) {
    const { capture: { root, ...rest }, version } = walked;
    // The root first, in pieces the layout places: the service parses them one by one.
    const { json, layout } = captureJson.utf8Of(
      root,
      version === null ? rest : { ...rest, version },
    );
    const line = { id: message.id, bytesFollow: json.length, layout };
    socket.writeAll(encoder.encode(`${JSON.stringify(line)}\n`));
    socket.writeAll(json);
  } else {
    socket.writeAll(encoder.encode(JSON.stringify(message) + "\n"));
  }
}

/** A window's frame walked: the walk, the frame's bus name and how it answers. */
interface WindowWalk {
  frameWalk: FrameWalk;
  bus: string | null;
  quirks: FrameQuirks;
}

class AtspiHost {
  private readonly frames: FrameFinder;
  private readonly batch: AtspiBatch;
  private readonly mirror = new TreeMirror();
  private readonly checkYields = new CheckYields();
  /** When the last request was answered (see CheckYields). */
  private servedAt = 0;
  private listening = false;
  private prunedAt = 0;
  /** The accessible applications as the registry listed them last (see findFrame). */
  private listed: Target[] | null = null;

  constructor(
    private readonly session: AtspiConnection,
    apps: AppConnections,
    private readonly events: EventQueue,
    /** Whether a request is waiting: a check's walk then makes way for it. */
    private readonly requestWaiting: () => boolean,
  ) {
    this.batch = new AtspiBatch(apps);
    this.frames = new FrameFinder(session, this.batch);
  }

  /**
   * Dispatches what the bus delivered and hands the events to the mirror: a
   * tree it then calls current reflects every event received before this call.
   */
  private follow(): void {
    // A pump stops after a bounded number of events; then the mirror cannot vouch for anything.
    if (this.session.pump() >= MAX_EVENTS_PER_PUMP) this.events.overflow();
    this.session.assertConnected();
    this.mirror.apply(this.events.drain());
  }

  /**
   * Before AT-SPI work: the bus is still there and queued events are
   * applied. The accessible applications' roots.
   */
  private ready(): Target[] {
    this.follow();
    this.prepareBatch();
    return this.listApplications();
  }

  /** The host's own connection is up, and no application counts as silent yet. */
  private prepareBatch(): void {
    if (!this.batch.connected) {
      throw new AccessibilityBusError(
        "the host's own connection to the accessibility bus was lost",
      );
    }
    this.batch.reset();
  }

  /**
   * The accessible applications' roots as the registry lists them now (kept
   * for findFrame); the connections of those that quit are closed.
   */
  private listApplications(): Target[] {
    const apps = this.batch.listApplications();
    if (apps === null) {
      throw new AtspiCallError("the AT-SPI registry did not list the accessible applications");
    }
    this.listed = apps;
    return apps;
  }

  /**
   * The window's frame, looked for first among the applications listed last
   * (listing them asks the registry: 0.35 ms of a capture), then, when it is
   * not there and the list has changed, among those listed now: an
   * application that has just started is only there.
   */
  private findFrame(window: WindowFacts): WindowFrame | null {
    const held = this.listed;
    if (held === null) return this.frames.find(window, this.ready());
    this.follow();
    this.prepareBatch();
    const found = this.frames.find(window, held);
    if (found !== null) return found;
    const apps = this.listApplications();
    const same = apps.length === held.length &&
      apps.every((app, i) => app.bus === held[i].bus && app.path === held[i].path);
    return same ? null : this.frames.find(window, apps);
  }

  /**
   * The window's tree: from the mirror when events vouch for it (`unchanged`
   * when the caller holds that version), patched where events marked it,
   * walked whole otherwise, with `walk` (and mirrored), or without `mirror`;
   * null when its application is not accessible.
   */
  capture(
    window: WindowFacts,
    limits: CaptureLimits,
    known: string | null,
    mirror: boolean,
    walk: boolean,
  ): HostCapture {
    const started = performance.now();
    if (mirror) this.listen();
    this.follow();
    const key = mirrorKey(window, limits);
    const tree = mirror && !walk ? this.mirror.lookup(key) : null;
    if (tree !== null && (tree.clean || this.patch(tree, limits, started))) {
      this.assertAnswers(tree, window);
      tree.usedAt = performance.now();
      if (tree.version === known) return { unchanged: known };
      const subtrees = known === null ? null : tree.changesSince(known);
      if (subtrees === null) return { capture: tree.capture, version: tree.version };
      const { nodeCount, cutShort, captureMs } = tree.capture;
      const { version } = tree;
      return { patched: { base: known!, version, subtrees, nodeCount, cutShort, captureMs } };
    }
    return this.walkWhole(window, limits, mirror ? key : null);
  }

  /**
   * A tree from memory is served only for an application that still answers
   * a call, as a walk would find out: a hung or stopped one is a Timeout.
   */
  private assertAnswers(tree: MirroredTree, window: WindowFacts): void {
    const root = tree.rootTarget;
    if (root !== null && !this.batch.alive(root)) throw notResponding(window);
  }

  /**
   * Between requests, once a second: closes the connections of applications
   * that quit (a request answered from the mirror does not list them).
   */
  private prune(): void {
    const now = performance.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    try {
      this.prepareBatch();
      this.listApplications();
    } catch {
      // A lost bus is the next request's to report.
    }
  }

  /** Subscribes to AT-SPI events once a caller uses the mirror (apps emit only what is listened to). */
  private listen(): void {
    if (this.listening) return;
    if (!this.events.listen()) throw new AccessibilityBusError("could not listen to AT-SPI events");
    this.listening = true;
  }

  /** Walks the marked subtrees again and splices them in; false when only a whole walk will do. */
  private patch(tree: MirroredTree, limits: CaptureLimits, started: number): boolean {
    const roots = tree.wholeWalkNeeded ? null : tree.patchRoots();
    if (roots === null) return false;
    const outside = tree.capture.nodeCount - roots.reduce((n, r) => n + countNodes(r.node), 0);
    // Marks over most of the window: one walk from the frame reads it faster.
    if (outside < tree.capture.nodeCount / 2) return false;
    // Not follow(): events applied now would be cleared with the marks this patch answers.
    this.prepareBatch();
    const starts: CaptureStart[] = [];
    try {
      for (const { node, target } of roots) {
        const accessible = this.session.accessibleAt(target.bus, target.path);
        if (accessible === null) return false;
        starts.push({ accessible, depth: depthOf(node), quirks: tree.quirks, topLevels: null });
      }
      const room = { ...limits, maxNodes: limits.maxNodes - outside };
      const fresh = walkMany(this.session, this.batch, starts, room);
      if (fresh.cutShort !== null && fresh.cutShort !== "depth") return false;
      const spliced = roots.filter(({ node }, i) => tree.splice(node, fresh.roots[i], fresh))
        .map(({ node }) => node.id);
      tree.commit(
        spliced,
        this.mirror.nextVersion(),
        captureMsSince(started),
        fresh.appMs,
      );
      return true;
    } finally {
      for (const { accessible } of starts) this.session.unref(accessible);
    }
  }

  /**
   * A walk of the whole window, mirrored under `key` (null: not mirrored);
   * `checked`: see record; `yieldTo`: see captureFrame.
   */
  private walkWhole(
    window: WindowFacts,
    limits: CaptureLimits,
    key: string | null,
    checked = false,
    yieldTo: (() => boolean) | null = null,
  ): HostCapture {
    const walked = this.walkRecalled(window, limits, yieldTo) ??
      this.walkFound(window, limits, yieldTo);
    if (walked === null) {
      if (key !== null) this.mirror.forget(key);
      return null;
    }
    const { frameWalk, bus, quirks } = walked;
    if (key === null || bus === null) return { capture: frameWalk.capture, version: null };
    const tree = this.mirror.record(key, bus, quirks, { window, limits }, frameWalk, checked);
    return { capture: frameWalk.capture, version: tree?.version ?? null };
  }

  /**
   * A walk of the frame the window's last whole walk found
   * (FrameFinder.recall), without looking for it again: kept when the frame
   * is where that walk found it; null otherwise. An application that does
   * not answer is a Timeout, as looking for the frame would have found.
   */
  private walkRecalled(
    window: WindowFacts,
    limits: CaptureLimits,
    yieldTo: (() => boolean) | null,
  ): WindowWalk | null {
    const recalled = this.frames.recall(window);
    // Without one, findFrame follows the bus and prepares the batch itself.
    if (recalled === null) return null;
    try {
      this.follow();
      this.prepareBatch();
      const { quirks, target } = recalled;
      const frameWalk = this.walkFrame(recalled, limits, yieldTo);
      if (this.batch.isSilent(target)) {
        this.frames.forget(window);
        throw notResponding(window);
      }
      if (!sameBounds(frameWalk.capture.root.bounds, recalled.rootBounds)) {
        this.frames.forget(window);
        return null;
      }
      return { frameWalk, bus: target.bus, quirks };
    } finally {
      this.session.unref(recalled.frame);
    }
  }

  private walkFrame(
    { frame, quirks, title }: WindowFrame,
    limits: CaptureLimits,
    yieldTo: (() => boolean) | null,
  ): FrameWalk {
    return captureFrame(this.session, this.batch, frame, quirks, limits, title, yieldTo);
  }

  /** A walk of the window's frame, looked for among the applications (and remembered). */
  private walkFound(
    window: WindowFacts,
    limits: CaptureLimits,
    yieldTo: (() => boolean) | null,
  ): WindowWalk | null {
    const found = this.findFrame(window);
    if (found === null) return null;
    try {
      const { frame, quirks } = found;
      const frameWalk = this.walkFrame(found, limits, yieldTo);
      this.frames.remember(window, frame, quirks, frameWalk.capture.root.bounds);
      return { frameWalk, bus: busNameOf(frame), quirks };
    } finally {
      this.session.unref(found.frame);
    }
  }

  /**
   * Between requests: walks one mirrored tree again whose events may have
   * missed something (see TreeMirror.dueForCheck) and keeps what it finds. A
   * tree that changed while its application sent no event at all means the
   * application changes without telling: its windows are walked from now on.
   * A request arriving meanwhile stops the walk (CheckYields), and the check
   * is still due.
   */
  private check(): void {
    const now = performance.now();
    if (!this.checkYields.mayStart(now, this.servedAt)) return;
    const due = this.mirror.dueForCheck(now);
    if (due === null) return;
    const { key, tree, why } = due;
    const yieldTo = this.checkYields.mayYield(now) ? this.requestWaiting : null;
    try {
      const { window, limits } = tree.source;
      const answer = this.walkWhole(window, limits, key, true, yieldTo);
      this.checkYields.ended();
      const changed = answer === null || !("capture" in answer) || answer.version !== tree.version;
      if (!changed || why !== "periodic") return;
      // Events of the change may still be on their way: they stay queued for the new tree.
      this.session.pump();
      if (!this.events.pendingFrom(tree.bus)) this.mirror.distrust(tree.bus);
    } catch (e) {
      if (e instanceof WalkYielded) {
        this.checkYields.yielded(performance.now());
        return;
      }
      this.checkYields.ended();
      // A window gone or an application busy: the next capture walks it and says so.
      this.mirror.forget(key);
    }
  }

  /**
   * Between requests: patches a tree a caller uses once its application is
   * quiet after events, so that the next capture finds it current and sends
   * only what changed. Whether it did any work.
   */
  private patchAhead(): boolean {
    const tree = this.mirror.dueForPatch(performance.now());
    if (tree === null) return false;
    try {
      if (!this.patch(tree, tree.source.limits, performance.now())) tree.stale = true;
    } catch {
      // An application busy or gone: the next capture walks the window and says so.
      tree.stale = true;
    }
    return true;
  }

  /** The operation's outcome; null when the window's application is not accessible. */
  operate(window: WindowFacts, elementId: string, op: ElementOperation): ActionOutcome | null {
    const found = this.findFrame(window);
    if (found === null) return null;
    try {
      return performElementOperation(this.session, this.batch, found.frame, elementId, op);
    } finally {
      this.session.unref(found.frame);
    }
  }

  /**
   * The element and its ancestors read again (see element_path.ts); null
   * when the window's application is not accessible or the id names nothing.
   */
  readPath(window: WindowFacts, elementId: string, limits: CaptureLimits): Element[] | null {
    const found = this.findFrame(window);
    if (found === null) return null;
    this.batch.deadline = performance.now() + limits.timeoutMs;
    try {
      const { frame, quirks, title } = found;
      return readElementPath(this.session, this.batch, frame, quirks, title, elementId);
    } finally {
      this.batch.deadline = Infinity;
      this.session.unref(found.frame);
    }
  }

  /** Every accessible application (or the one named) as one tree; null when none has the name. */
  captureDesktop(
    windows: WindowFacts[],
    application: string | null,
    limits: CaptureLimits,
  ): Capture | null {
    const apps = this.ready();
    const { session, batch, frames } = this;
    return captureDesktop(session, batch, frames, apps, windows, application, limits);
  }

  private run(request: HostRequest): unknown {
    switch (request.method) {
      case "capture":
        return this.capture(
          request.window,
          request.limits,
          request.known,
          request.mirror,
          request.walk,
        );
      case "operate":
        return this.operate(request.window, request.elementId, request.op);
      case "readPath":
        return this.readPath(request.window, request.elementId, request.limits);
      case "captureDesktop":
        return this.captureDesktop(request.windows, request.application, request.limits);
      case "listFrames":
        return this.frames.listFrames(this.ready());
    }
  }

  serve(request: HostRequest): HostReply {
    try {
      return { id: request.id, value: this.run(request) };
    } catch (e) {
      const kind = e instanceof AccessibilityBusError
        ? "bus_lost"
        : e instanceof AppNotRespondingError
        ? "not_responding"
        : "error";
      return { id: request.id, error: { kind, message: (e as Error).message ?? String(e) } };
    } finally {
      this.servedAt = performance.now();
    }
  }

  /**
   * Between requests: keeps libatspi's cache current, the mirror following
   * events, patched ahead of callers and checked.
   */
  pump(): void {
    this.session.pump();
    this.mirror.apply(this.events.drain());
    if (!this.patchAhead()) this.check();
    this.prune();
  }
}

/** libatspi's connection and the host's own bus connection, open (the host's and benchmarks' start). */
export function openAtspiSession() {
  const { atspi } = openAtspi();
  const { glib, gobject } = openGLib();
  const { dbus } = openDBus();
  const { libc } = openLibc();
  const session = new AtspiConnection(atspi, glib, dbus, new GValues(glib, gobject));
  session.init();
  const address = accessibilityBusAddress(dbus);
  const bus = WireConnection.open(libc, address, WIRE_OPEN_TIMEOUT_MS);
  return { session, apps: new AppConnections(libc, bus), gobject, libc, address };
}

function open(requestWaiting: () => boolean): { host: AtspiHost; address: string } {
  const { session, apps, gobject, libc, address } = openAtspiSession();
  reportSwitch(libc);
  const events = new EventQueue(session, gobject);
  return { host: new AtspiHost(session, apps, events, requestWaiting), address };
}

/** Switches the desktop's accessibility on (see accessibility_status.ts) and says so on stderr. */
function reportSwitch(libc: Libc): void {
  const sessionAddress = Deno.env.get("DBUS_SESSION_BUS_ADDRESS");
  if (!sessionAddress) return;
  const found = switchOnAccessibility(libc, sessionAddress);
  if (found === "was on") return;
  console.error(
    found === "switched on"
      ? "accessibility: switched on org.a11y.Status.IsEnabled, as a screen reader does: " +
        "Chromium, Qt and Thunderbird started from now on show their trees (running ones do not)"
      : `accessibility: could not switch on org.a11y.Status.IsEnabled (${found.problem}): ` +
        "Chromium, Qt and Thunderbird may show empty trees",
  );
}

/**
 * Serves the worker on the socket it listens on (`path`) until it hangs up
 * (the worker ended) or the bus is lost.
 */
export function runAtspiHost(path: string): void {
  const socket = UnixSocket.connect(openLibc().libc, { path, abstract: false });
  try {
    let host: AtspiHost;
    try {
      const opened = open(() => socket.readable());
      host = opened.host;
      send(socket, { ready: true, bus_address: opened.address });
    } catch (e) {
      send(socket, { ready: false, message: (e as Error).message });
      return;
    }
    serveRequests(socket, host);
  } catch (e) {
    // The worker hung up: nobody is left to serve.
    if (!(e instanceof SocketClosedError)) throw e;
  } finally {
    socket.close();
  }
}

/** Serves request lines as they arrive, and pumps between them at least every PUMP_INTERVAL_MS. */
function serveRequests(socket: UnixSocket, host: AtspiHost): void {
  const chunk = new Uint8Array(1 << 16);
  const lines = new LineSplitter();
  let pumpAt = performance.now() + PUMP_INTERVAL_MS;
  for (;;) {
    const read = socket.readSome(chunk, pumpAt);
    for (const line of lines.push(chunk.subarray(0, read))) {
      const reply = host.serve(JSON.parse(line) as HostRequest);
      send(socket, reply);
      // libatspi cannot reconnect in this process: make way for a fresh one.
      if ("error" in reply && reply.error.kind === "bus_lost") return;
    }
    if (performance.now() >= pumpAt) {
      host.pump();
      pumpAt = performance.now() + PUMP_INTERVAL_MS;
    }
  }
}

if (import.meta.main) {
  runAtspiHost(Deno.args[0]);
  Deno.exit(0);
}
