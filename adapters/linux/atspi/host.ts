// The process that hosts libatspi for the worker. libatspi 2.46 keeps
// process-wide state (its application table keyed by bus names, which a
// restarted bus hands out again) that atspi_exit does not clear, so after a
// lost accessibility bus only a new process reads trees again: the worker
// starts this one, and after a loss a fresh one. Speaks adapters/linux/atspi/host_protocol.ts
// on stdio: requests are served one at a time; between them GLib is pumped so
// libatspi's cache follows the applications.

import { captureFrame } from "./capture.ts";
import { captureDesktop } from "./desktop_capture.ts";
import { AtspiBatch } from "./batch.ts";
import {
  type HostReply,
  type HostRequest,
  type HostStartup,
  type WindowFacts,
} from "./host_protocol.ts";
import { AccessibilityBusError, AtspiConnection } from "./connection.ts";
import { performElementOperation } from "./element_operations.ts";
import { openAtspi } from "../ffi/atspi.ts";
import { openDBus } from "../ffi/dbus.ts";
import { openLibc } from "../ffi/libc.ts";
import { WireConnection } from "../dbus_wire/connection.ts";
import { accessibilityBusAddress } from "./accessibility_bus.ts";
import { AppConnections } from "./app_connections.ts";
import { openGLib } from "../ffi/glib.ts";
import { FrameFinder } from "./frames.ts";
import { GValues } from "../ffi/glib_values.ts";
import {
  type ActionOutcome,
  AppNotRespondingError,
  type Capture,
  type CaptureLimits,
  type ElementOperation,
} from "../../types.ts";

/** How long opening the host's own bus connection may take. */
const WIRE_OPEN_TIMEOUT_MS = 3000;

/** Often enough that cached states are current when a request comes in. */
const PUMP_INTERVAL_MS = 5;

const encoder = new TextEncoder();

/** Writes one JSON line in full: a big capture exceeds a pipe's buffer. */
function send(message: HostReply | HostStartup): void {
  const bytes = encoder.encode(JSON.stringify(message) + "\n");
  for (let written = 0; written < bytes.length;) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}

class AtspiHost {
  private readonly frames: FrameFinder;
  private readonly batch: AtspiBatch;

  constructor(private readonly session: AtspiConnection, apps: AppConnections) {
    this.batch = new AtspiBatch(apps);
    this.frames = new FrameFinder(session, this.batch);
  }

  /** Before AT-SPI work: the bus is still there and queued events are applied. */
  private ready(): void {
    this.session.pump();
    this.session.assertConnected();
    if (!this.batch.connected) {
      throw new AccessibilityBusError(
        "the host's own connection to the accessibility bus was lost",
      );
    }
    const apps = this.session.children(this.session.desktop);
    this.batch.reset(new Set(apps.map((app) => this.session.busName(app))));
    for (const app of apps) this.session.unref(app);
  }

  /** The window's tree; null when its application is not accessible. */
  capture(window: WindowFacts, limits: CaptureLimits): Capture | null {
    this.ready();
    const found = this.frames.find(window);
    if (found === null) return null;
    try {
      const { frame, quirks, title } = found;
      return captureFrame(this.session, this.batch, frame, quirks, limits, title);
    } finally {
      this.session.unref(found.frame);
    }
  }

  /** The operation's outcome; null when the window's application is not accessible. */
  operate(window: WindowFacts, elementId: string, op: ElementOperation): ActionOutcome | null {
    this.ready();
    const found = this.frames.find(window);
    if (found === null) return null;
    try {
      return performElementOperation(this.session, found.frame, elementId, op);
    } finally {
      this.session.unref(found.frame);
    }
  }

  /** Every accessible application (or the one named) as one tree; null when none has the name. */
  captureDesktop(
    windows: WindowFacts[],
    application: string | null,
    limits: CaptureLimits,
  ): Capture | null {
    this.ready();
    const { session, batch, frames } = this;
    return captureDesktop(session, batch, frames, windows, application, limits);
  }

  private run(request: HostRequest): unknown {
    switch (request.method) {
      case "capture":
        return this.capture(request.window, request.limits);
      case "operate":
        return this.operate(request.window, request.elementId, request.op);
      case "captureDesktop":
        return this.captureDesktop(request.windows, request.application, request.limits);
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
    }
  }

  pump(): void {
    this.session.pump();
  }
}

function open(): AtspiHost {
  const { atspi } = openAtspi();
  const { glib, gobject } = openGLib();
  const { dbus } = openDBus();
  const { libc } = openLibc();
  const session = new AtspiConnection(atspi, glib, dbus, new GValues(glib, gobject));
  session.init();
  const bus = WireConnection.open(libc, accessibilityBusAddress(dbus), WIRE_OPEN_TIMEOUT_MS);
  return new AtspiHost(session, new AppConnections(libc, bus));
}

/** Serves the worker until stdin closes (the worker ended) or the bus is lost. */
export async function runAtspiHost(): Promise<void> {
  let host: AtspiHost;
  try {
    host = open();
  } catch (e) {
    send({ ready: false, message: (e as Error).message });
    return;
  }
  send({ ready: true });
  const pump = setInterval(() => host.pump(), PUMP_INTERVAL_MS);
  let buffered = "";
  try {
    for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const reply = host.serve(JSON.parse(buffered.slice(0, end)) as HostRequest);
        buffered = buffered.slice(end + 1);
        send(reply);
        // libatspi cannot reconnect in this process: make way for a fresh one.
        if ("error" in reply && reply.error.kind === "bus_lost") return;
      }
    }
  } finally {
    clearInterval(pump);
  }
}

if (import.meta.main) {
  await runAtspiHost();
  Deno.exit(0);
}
