// Where to send an application's questions. AT-SPI applications (GTK's
// at-spi2-atk bridge among them) offer a direct socket of their own
// (org.a11y.atspi.Application.GetApplicationBusAddress), as libatspi uses:
// a call there skips the bus daemon's two hops. Applications without one are
// asked over the accessibility bus.

import type { Libc } from "../ffi/libc.ts";
import { WireConnection } from "../dbus_wire/connection.ts";

/** How long connecting to an application's own socket may take. */
const PEER_OPEN_TIMEOUT_MS = 500;
const ADDRESS_TIMEOUT_MS = 1500;

export class AppConnections {
  /** Bus name → the application's own connection, or null to use the bus. */
  private readonly peers = new Map<string, WireConnection | null>();

  constructor(private readonly libc: Libc, readonly bus: WireConnection) {}

  /**
   * The connection to ask each of `busNames` on. Asks each application not
   * met yet for its own address, all at once, and connects there when it has
   * one. `silent` lists those that let that question time out.
   */
  connectionsFor(
    busNames: readonly string[],
  ): { connections: Map<string, WireConnection>; silent: string[] } {
    const silent: string[] = [];
    // Not met yet, or its socket closed (the application quit or restarted): asked afresh.
    const unknown = [...new Set(busNames)].filter((name) => {
      const peer = this.peers.get(name);
      return peer === undefined || (peer !== null && !peer.isOpen);
    });
    if (unknown.length > 0) {
      const replies = this.bus.callMany(
        unknown.map((destination) => ({
          destination,
          path: "/org/a11y/atspi/accessible/root",
          iface: "org.a11y.atspi.Application",
          member: "GetApplicationBusAddress",
          args: [],
        })),
        ADDRESS_TIMEOUT_MS,
      );
      for (const [i, name] of unknown.entries()) {
        const reply = replies[i];
        if (!reply.ok && reply.timedOut) {
          silent.push(name); // asked again next time: a stopped application may be continued
          continue;
        }
        const address = reply.ok && reply.signature === "s" ? reply.body[0] as string : "";
        this.peers.set(name, address === "" ? null : this.connect(address));
      }
    }
    const connections = new Map<string, WireConnection>();
    for (const name of busNames) connections.set(name, this.peers.get(name) ?? this.bus);
    return { connections, silent };
  }

  /** Closes the connections of applications not in `running` (they quit): no socket outlives its application. */
  prune(running: ReadonlySet<string>): void {
    for (const [name, peer] of this.peers) {
      if (running.has(name)) continue;
      peer?.close();
      this.peers.delete(name);
    }
  }

  private connect(address: string): WireConnection | null {
    try {
      return WireConnection.open(this.libc, address, PEER_OPEN_TIMEOUT_MS, true);
    } catch {
      return null; // the bus still reaches it
    }
  }
}
